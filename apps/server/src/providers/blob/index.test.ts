import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { blobKey, FileBlobStore } from './index';

const dir = mkdtempSync(join(tmpdir(), 'yumi-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FileBlobStore', () => {
  it('stores under the content key, streams back, sizes, deletes', async () => {
    const store = new FileBlobStore(dir);
    const data = Buffer.from('hello');
    const key = blobKey(data);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.exists(key)).toBe(false);
    await store.put(key, data, 'text/plain');
    await store.put(key, data, 'text/plain');
    expect(await store.exists(key)).toBe(true);
    expect(await store.size(key)).toBe(5);
    const got = await store.get(key);
    expect(got?.contentType).toBe('text/plain');
    expect(got?.size).toBe(5);
    expect(await text(got!.stream)).toBe('hello');
    // No temp files are left behind.
    expect(readdirSync(join(dir, key.slice(0, 2))).sort()).toEqual([key, `${key}.type`]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
    expect(await store.size(key)).toBeNull();
  });
  it('reads byte ranges, writes streams, lists keys and answers the ping', async () => {
    const root = join(dir, 'streams');
    const store = new FileBlobStore(root);
    await store.ping();
    const data = Buffer.from('streamed bytes');
    const key = blobKey(data);
    await store.put(key, { stream: Readable.from([data.subarray(0, 4), data.subarray(4)]), size: data.length }, 'text/plain');
    const part = await store.get(key, { start: 9, end: 13 });
    expect(part?.size).toBe(data.length);
    expect(await text(part!.stream)).toBe('bytes');
    const keys: string[] = [];
    for await (const k of store.keys()) keys.push(k);
    expect(keys).toEqual([key]);
    expect(await store.contentType(key)).toBe('text/plain');
    expect(await store.contentType(blobKey(Buffer.from('none')))).toBeNull();
  });
  it('refuses keys that could escape the folder and bad content types', async () => {
    const store = new FileBlobStore(dir);
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.exists('../../etc/passwd')).toBe(false);
    await expect(store.put('../../x', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(store.put(blobKey(Buffer.from('x')), Buffer.from('x'), 'bad type\n')).rejects.toThrow();
  });
});
