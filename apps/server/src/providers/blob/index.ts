import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte range of a blob (an HTTP Range request). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A blob being read: its bytes (all, or the range asked for), its type, and its whole size. */
export interface OpenBlob {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * The blob storage port: bytes under a key, nothing else. Adapters (files here, S3 in s3.ts) know nothing of
 * references or users; `Blobs` (registry.ts) decides what is stored and when a blob may be deleted.
 */
export interface BlobStore {
  /**
   * Writes the bytes under `key` (the SHA-256 of the bytes); a crash never leaves a partial blob. A stream
   * needs its exact `size` (blobs:migrate copies files without reading them into memory).
   */
  put(key: string, data: Buffer | { stream: Readable; size: number }, contentType: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<OpenBlob | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size in bytes, or null when there is no such blob. */
  size(key: string): Promise<number | null>;
  /** Throws when the storage cannot be reached (the readiness probe). */
  ping(): Promise<void>;
  /** Releases connections (server shutdown). */
  close?(): void;
}

export const BLOB_KEY = /^[0-9a-f]{64}$/;
export const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** The content address of some bytes. */
export function blobKey(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Files under `root`: DATA_DIR/blobs/ab/abcdef... with the content type in a small sidecar file. Both are
 * written through a temp file and a rename, sidecar first, so a blob under its final name is always whole.
 */
export class FileBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  /** Where a blob lives on disk (blobs:migrate streams from it). */
  pathFor(key: string): string {
    if (!BLOB_KEY.test(key)) throw new Error('Invalid blob key');
    return join(this.root, key.slice(0, 2), key);
  }

  private async writeAtomic(path: string, data: Buffer | string | { stream: Readable }): Promise<void> {
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (typeof data === 'string' || Buffer.isBuffer(data)) await writeFile(tmp, data);
      else await pipeline(data.stream, createWriteStream(tmp));
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async put(key: string, data: Buffer | { stream: Readable; size: number }, contentType: string): Promise<void> {
    if (!CONTENT_TYPE.test(contentType)) throw new Error(`Invalid content type: ${contentType}`);
    const path = this.pathFor(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    await this.writeAtomic(`${path}.type`, contentType);
    await this.writeAtomic(path, data);
  }

  async get(key: string, range?: ByteRange): Promise<OpenBlob | null> {
    if (!BLOB_KEY.test(key)) return null;
    const path = this.pathFor(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
      return { stream: createReadStream(path, range), contentType: contentType.trim() || 'application/octet-stream', size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    if (!BLOB_KEY.test(key)) return;
    const path = this.pathFor(key);
    // Data first: a crash in between leaves a stray sidecar, never data without its type.
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    if (!BLOB_KEY.test(key)) return null;
    try {
      return (await stat(this.pathFor(key))).size;
    } catch {
      return null;
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  /** Every stored key (blobs:migrate walks them); temp files and sidecars are skipped. */
  async *keys(): AsyncGenerator<string> {
    const shards = await readdir(this.root).catch(() => [] as string[]);
    for (const shard of shards.sort()) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of (await readdir(join(this.root, shard))).sort()) if (BLOB_KEY.test(name)) yield name;
    }
  }

  /** The content type stored beside a blob. */
  async contentType(key: string): Promise<string | null> {
    return readFile(`${this.pathFor(key)}.type`, 'utf8').then(
      (t) => t.trim() || 'application/octet-stream',
      () => null,
    );
  }
}
