import { createReadStream } from 'node:fs';
import type { BlobStore, FileBlobStore } from './index';

export interface MigrateProgress {
  total: number;
  done: number;
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
}

/** Uploads running at once: enough to hide the object store's latency, few enough for a small machine. */
const PARALLEL = 4;

/**
 * Copies every blob of the local folder into `target`, streaming each file. Idempotent: a blob already in
 * the target with the same size is skipped (keys are SHA-256 of the bytes, so same key and size is the same
 * blob), a partial or missing one is copied again. A failure is counted and the copy goes on.
 */
export async function migrateBlobs(source: FileBlobStore, target: BlobStore, onProgress: (p: MigrateProgress) => void = () => {}) {
  const keys: string[] = [];
  for await (const key of source.keys()) keys.push(key);
  const progress: MigrateProgress = { total: keys.length, done: 0, copied: 0, skipped: 0, failed: [] };
  onProgress(progress);
  let next = 0;
  const copyOne = async (key: string) => {
    const [size, contentType] = await Promise.all([source.size(key), source.contentType(key)]);
    if (size === null || contentType === null) throw new Error('incomplete in the local folder (no data or no type)');
    if ((await target.size(key)) === size) return 'skipped';
    await target.put(key, { stream: createReadStream(source.pathFor(key)), size }, contentType);
    return 'copied';
  };
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        progress[await copyOne(key)] += 1;
      } catch (err) {
        progress.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
      }
      progress.done += 1;
      onProgress(progress);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));
  return progress;
}
