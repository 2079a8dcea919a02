import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { blobKey } from '../src/providers/blob';
import { openBlobStore } from '../src/providers/blob/open';
import { S3BlobStore } from '../src/providers/blob/s3';
import { createTestApp } from './helpers';
import { startS3Server } from './s3-server';

// Every operation of the S3 adapter against a real S3 server (s3rver) started here; the last test stops it.

let s3: Awaited<ReturnType<typeof startS3Server>>;
let store: S3BlobStore;
beforeAll(async () => {
  s3 = await startS3Server();
  store = openBlobStore(testConfig(s3.env)) as S3BlobStore;
});
afterAll(() => store?.close());

describe('S3BlobStore', () => {
  it('is chosen by S3_BUCKET', () => {
    expect(store).toBeInstanceOf(S3BlobStore);
    expect(openBlobStore(testConfig({ DATA_DIR: '/tmp/x' }))).not.toBeInstanceOf(S3BlobStore);
  });

  it('puts, streams back whole and by range, sizes, deletes', async () => {
    const data = Buffer.from('hello, object storage');
    const key = blobKey(data);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, data, 'text/plain');
    await store.put(key, data, 'text/plain');
    expect(await store.exists(key)).toBe(true);
    expect(await store.size(key)).toBe(data.length);
    const got = await store.get(key);
    expect(got?.contentType).toBe('text/plain');
    expect(got?.size).toBe(data.length);
    expect(await text(got!.stream)).toBe('hello, object storage');
    const part = await store.get(key, { start: 7, end: 12 });
    expect(part?.size).toBe(data.length);
    expect(await text(part!.stream)).toBe('object');
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.size(key)).toBeNull();
  });

  it('uploads a stream of known size without buffering it', async () => {
    const data = Buffer.alloc(300_000, 7);
    const key = blobKey(data);
    await store.put(key, { stream: Readable.from([data.subarray(0, 100_000), data.subarray(100_000)]), size: data.length }, 'image/png');
    const got = await store.get(key);
    expect((await buffer(got!.stream)).equals(data)).toBe(true);
    expect(got?.contentType).toBe('image/png');
  });

  it('refuses bad keys and content types before any request', async () => {
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.size('nope')).toBeNull();
    await expect(store.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/key/);
    await expect(store.put(blobKey(Buffer.from('x')), Buffer.from('x'), 'bad type\n')).rejects.toThrow(/content type/);
  });

  it('pings the bucket, and fails for a bucket that does not exist', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const missing = openBlobStore(testConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    await expect(missing.ping()).rejects.toThrow();
    missing.close?.();
  });

  it('makes the app ready only while the bucket answers', async () => {
    const t = await createTestApp(s3.env);
    try {
      expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      await s3.close();
      const down = await t.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'degraded' });
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
