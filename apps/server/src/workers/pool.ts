import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../lib/http-error';
import { keepImageThreadsNiced, WORKER_NICE } from './image-threads';
import type { Tasks } from './tasks';

export type TaskName = keyof Tasks;
export type TaskInput<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

/** Seconds a refused caller is told to wait: a queue of short image tasks drains in a few seconds. */
const RETRY_AFTER_SECONDS = 10;

const BUSY = {
  en: 'The server is busy with other image and export work right now. Please try again in a few seconds.',
  ja: 'サーバーはいま他の画像処理や書き出しで混み合っています。数秒後にもう一度お試しください。',
  zh: '服务器正忙于处理其他图像和导出任务，请几秒后再试。',
  ko: '서버가 지금 다른 이미지 처리와 내보내기로 바쁩니다. 몇 초 후에 다시 시도해 주세요.',
} as const;

/** The threads a machine gets by default: one per core; the event loop wins ties because the workers are niced. */
const defaultThreads = () => Math.max(1, availableParallelism());

/** The built server bundles the worker as dist/workers/tasks.js; from the sources, a tsx-registering wrapper. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return join(here, '..', 'tasks.dev.mjs');
  return join(here, '..', 'workers', 'tasks.js');
}

/**
 * The one pool of worker threads for CPU work, so the event loop keeps answering (health probes, sign-in,
 * chat) while PDFs, images and checks are computed. Requests queue up to `maxQueue` tasks beyond the busy
 * threads; past that they are refused at once with 503 and Retry-After instead of piling up. Background
 * jobs (generation, the account export) have their own bound and wait instead.
 */
export class CpuPool {
  #pool: Piscina | null = null;
  #stopNicing: (() => void) | null = null;
  readonly threads: number;
  readonly maxQueue: number;

  constructor(options: { threads?: number; maxQueue: number }) {
    this.threads = options.threads ?? defaultThreads();
    this.maxQueue = options.maxQueue;
  }

  #threads(): Piscina {
    // Threads start on demand and stop after 30 s idle. A nice increment (Linux, via @napi-rs/nice) lowers
    // their priority below the event loop's, so a busy pool slows other CPU work, not every request.
    // sharp's own threads are lowered the same way (image-threads.ts).
    this.#stopNicing ??= keepImageThreadsNiced();
    this.#pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: this.threads, idleTimeout: 30_000, niceIncrement: WORKER_NICE });
    return this.#pool;
  }

  /** Tasks waiting for a thread (running ones and threads still starting excluded). */
  get queued(): number {
    return this.#pool?.queueSize ?? 0;
  }

  /** For /metrics: tasks waiting, threads alive, and the share of capacity spent on tasks since the pool started. */
  get stats(): { queued: number; threads: number; utilization: number } {
    const pool = this.#pool;
    return { queued: pool?.queueSize ?? 0, threads: pool?.threads.length ?? 0, utilization: pool?.utilization ?? 0 };
  }

  /** Runs `task` on a worker thread; refused with 503 when the queue is full, unless `wait` (background jobs). */
  async run<K extends TaskName>(task: K, input: TaskInput<K>, options: { wait?: boolean; transferList?: ArrayBuffer[] } = {}): Promise<TaskOutput<K>> {
    const pool = this.#threads();
    if (!options.wait && pool.queueSize >= this.maxQueue) {
      throw new HttpError(503, 'SERVER_BUSY', BUSY, { retryAfter: RETRY_AFTER_SECONDS }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    return (await pool.run({ task, input }, { transferList: options.transferList })) as TaskOutput<K>;
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = null;
    this.#stopNicing?.();
    this.#stopNicing = null;
    await pool?.destroy();
  }
}

/** A worker's bytes come back as a plain Uint8Array (structured clone); the server's code wants a Buffer. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
