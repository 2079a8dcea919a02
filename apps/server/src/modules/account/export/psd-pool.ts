import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PsdInput } from './psd.worker';

let pool: Piscina | null = null;

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return join(here, '..', 'psd.worker.dev.mjs');
  return join(here, '..', 'workers', 'psd.js');
}

/** One version's PSD on a worker thread; the layer buffers are moved to the thread, not copied. */
export async function psdOffThread(input: PsdInput): Promise<Buffer> {
  pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)), idleTimeout: 30_000 });
  const transferList = input.layers.flatMap((l) => (l.rgba ? [l.rgba.buffer as ArrayBuffer] : []));
  const out = (await pool.run(input, { transferList })) as Uint8Array;
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

export async function closePsdPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
