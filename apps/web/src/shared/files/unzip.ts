import { MAX_UNZIPPED_BYTES, MAX_ZIP_ENTRIES } from '@yumi/core';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

/** Why an archive was refused: it inflates past the cap, has too many entries, or is not a readable zip. */
export type ArchiveProblem = 'tooLarge' | 'tooManyEntries' | 'invalid';

export class ArchiveError extends Error {
  constructor(readonly problem: ArchiveProblem) {
    super(`Archive refused: ${problem}`);
  }
}

export interface UnzipLimits {
  /** Only entries whose name passes are inflated (and counted); the others are skipped unread. */
  filter?: (name: string) => boolean;
  /** Cap on the bytes actually inflated, over all entries read. */
  maxBytes?: number;
  maxEntries?: number;
}

/**
 * Compressed bytes fed to the inflater at a time. DEFLATE expands at most about 1032:1, so one chunk can
 * never produce more than ~16 MB before the count below is checked.
 */
const CHUNK = 16 * 1024;
/** Give the event loop a turn every this many chunks, so the tab stays responsive on big archives. */
const YIELD_EVERY = 64;

/**
 * Unpacks a zip (DOCX, XLSX) counting the bytes as they really inflate, never trusting the sizes the archive
 * declares: the moment the running total passes `maxBytes` the inflation stops and an ArchiveError
 * ('tooLarge') is thrown, so a zip bomb with lying headers costs at most the cap plus one chunk's output.
 */
export async function unzipBounded(data: Uint8Array, limits: UnzipLimits = {}): Promise<Record<string, Uint8Array>> {
  const maxBytes = limits.maxBytes ?? MAX_UNZIPPED_BYTES;
  const maxEntries = limits.maxEntries ?? MAX_ZIP_ENTRIES;
  const parts = new Map<string, Uint8Array[]>();
  const finished = new Set<string>();
  let total = 0;
  let entries = 0;
  let failure: ArchiveError | null = null;
  const fail = (problem: ArchiveProblem) => {
    failure ??= new ArchiveError(problem);
  };

  const unzip = new Unzip((file) => {
    if (failure) return;
    entries += 1;
    if (entries > maxEntries) return fail('tooManyEntries');
    if (limits.filter && !limits.filter(file.name)) return;
    const chunks: Uint8Array[] = [];
    parts.set(file.name, chunks);
    finished.delete(file.name);
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) return fail('invalid');
      total += chunk.length;
      if (total > maxBytes) {
        fail('tooLarge');
        void file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) finished.add(file.name);
    };
    // Throws for a compression method we cannot read; caught around push below.
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  for (let offset = 0, n = 0; offset < data.length && !failure; offset += CHUNK, n += 1) {
    try {
      unzip.push(data.subarray(offset, offset + CHUNK), offset + CHUNK >= data.length);
    } catch {
      fail('invalid');
    }
    if (n % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (failure) throw failure;
  if (data.length === 0 || entries === 0) throw new ArchiveError('invalid');

  const out: Record<string, Uint8Array> = {};
  for (const [name, chunks] of parts) {
    // An entry that never reached its end: the archive is cut short.
    if (!finished.has(name)) throw new ArchiveError('invalid');
    const joined = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      joined.set(c, at);
      at += c.length;
    }
    out[name] = joined;
  }
  return out;
}
