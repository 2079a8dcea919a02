import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileBlobStore } from './index';

const dir = mkdtempSync(join(tmpdir(), 'yumi-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FileBlobStore', () => {
  it('stores by content, reads back, deletes', async () => {
    const store = new FileBlobStore(dir);
    const a = await store.put(Buffer.from('hello'), 'text/plain');
    const b = await store.put(Buffer.from('hello'), 'text/plain');
    expect(a.key).toBe(b.key);
    expect(a.key).toMatch(/^[0-9a-f]{64}$/);
    expect(a.size).toBe(5);
    const got = await store.get(a.key);
    expect(got?.data.toString()).toBe('hello');
    expect(got?.contentType).toBe('text/plain');
    await store.delete(a.key);
    expect(await store.get(a.key)).toBeNull();
  });
  it('refuses keys that could escape the folder', async () => {
    const store = new FileBlobStore(dir);
    expect(await store.get('../../etc/passwd')).toBeNull();
    await expect(store.put(Buffer.from('x'), 'bad type\n')).rejects.toThrow();
  });
});
