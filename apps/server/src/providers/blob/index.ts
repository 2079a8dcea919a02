import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The blob storage port: bytes under a key, nothing else. Adapters (files here, S3 later) know nothing of
 * references or users; `Blobs` (registry.ts) decides what is stored and when a blob may be deleted.
 */
export interface BlobStore {
  /** Writes the bytes under `key` (the SHA-256 of the bytes); a crash never leaves a partial blob. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ stream: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size in bytes, or null when there is no such blob. */
  size(key: string): Promise<number | null>;
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
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    if (!BLOB_KEY.test(key)) throw new Error('Invalid blob key');
    return join(this.root, key.slice(0, 2), key);
  }

  private async writeAtomic(path: string, data: Buffer | string): Promise<void> {
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!CONTENT_TYPE.test(contentType)) throw new Error(`Invalid content type: ${contentType}`);
    const path = this.pathFor(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    await this.writeAtomic(`${path}.type`, contentType);
    await this.writeAtomic(path, data);
  }

  async get(key: string): Promise<{ stream: Readable; contentType: string; size: number } | null> {
    if (!BLOB_KEY.test(key)) return null;
    const path = this.pathFor(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
      return { stream: createReadStream(path), contentType: contentType.trim() || 'application/octet-stream', size: info.size };
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
}

/** The blob store of a data folder: DATA_DIR/blobs. */
export function openBlobStore(dataDir: string): BlobStore {
  return new FileBlobStore(join(dataDir, 'blobs'));
}
