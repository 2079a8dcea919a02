import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../../lib/http-error';
import type { PdfInput, PdfOutput } from './pdf';

/** Exports waiting for a thread beyond this many are refused (503) rather than piling up. */
const MAX_QUEUE = 16;

const BUSY = {
  en: 'Too many PDF exports are running right now. Please try again in a minute.',
  ja: '現在 PDF の書き出しが混み合っています。少し待ってからもう一度お試しください。',
  zh: '当前导出 PDF 的任务过多，请稍后再试。',
  ko: '지금 PDF 내보내기가 너무 많이 진행 중입니다. 잠시 후 다시 시도해 주세요.',
} as const;

let pool: Piscina | null = null;

/** The built server bundles the worker as dist/workers/pdf.js; from the sources, a tsx-registering wrapper. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return join(here, '..', 'pdf.worker.dev.mjs');
  return join(here, '..', 'workers', 'pdf.js');
}

function threads(): Piscina {
  // PDF layout is CPU work: it runs on worker threads so the event loop keeps answering (health, chat).
  pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: Math.max(1, availableParallelism() - 1), maxQueue: MAX_QUEUE, idleTimeout: 30_000 });
  return pool;
}

export async function renderPdfOffThread(input: PdfInput): Promise<PdfOutput> {
  const p = threads();
  if (p.queueSize >= MAX_QUEUE) throw new HttpError(503, 'EXPORT_BUSY', BUSY, undefined, { 'retry-after': '30' });
  const out = (await p.run(input)) as PdfOutput;
  // Structured clone turns the Buffer into a plain Uint8Array.
  return { ...out, pdf: Buffer.from(out.pdf.buffer, out.pdf.byteOffset, out.pdf.byteLength) };
}

export async function closePdfPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
