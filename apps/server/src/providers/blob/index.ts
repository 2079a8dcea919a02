import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploads, layers and generated images live. */
export interface BlobStore {
  put(data: Buffer, contentType: string): Promise<{ key: string; size: number }>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * Content-addressed files under `root`: the key is the SHA-256 of the bytes, so the same image stored twice
 * is one file. The content type is kept in a small sidecar file. Writes go through a temp file and a rename,
 * so a crash never leaves a half-written blob under its final name.
 */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    return join(this.root, key.slice(0, 2), key);
  }

  async put(data: Buffer, contentType: string): Promise<{ key: string; size: number }> {
    if (!CONTENT_TYPE.test(contentType)) throw new Error(`Invalid content type: ${contentType}`);
    const key = createHash('sha256').update(data).digest('hex');
    const path = this.pathFor(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    const exists = await stat(path).then(
      (s) => s.size === data.length,
      () => false,
    );
    if (!exists) {
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    }
    await writeFile(`${path}.type`, contentType);
    return { key, size: data.length };
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    if (!KEY.test(key)) return null;
    const path = this.pathFor(key);
    try {
      const [data, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { data, contentType: contentType.trim() || 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    if (!KEY.test(key)) return;
    const path = this.pathFor(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
}

/** The blob store of a data folder: DATA_DIR/blobs. */
export function openBlobStore(dataDir: string): BlobStore {
  return new FileBlobStore(join(dataDir, 'blobs'));
}
