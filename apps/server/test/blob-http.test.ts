import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, multipart, signUp, type TestApp } from './helpers';
import { startS3Server } from './s3-server';

// Image responses stream from the blob store, on the local disk and in an S3 bucket alike: a strong ETag
// (the content key) with If-None-Match, byte ranges, and the same capability and owner checks.

const noChange = { upscale: false, denoise: false, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0 } };
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer();

describe.each(['files', 's3'] as const)('blob responses (%s)', (kind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3Server();
    t = await createTestApp(s3?.env);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  async function galleryImage() {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images/process',
      headers: u.auth,
      payload: { image: `data:image/png;base64,${(await png()).toString('base64')}`, postProcessing: noChange },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { user: u, image: res.json() as { id: string; url: string } };
  }

  it('streams the whole image with a strong ETag, and answers 304 to If-None-Match', async () => {
    const { image } = await galleryImage();
    const whole = await t.app.inject({ url: image.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(40);

    const again = await t.app.inject({ url: image.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject({ url: image.url, headers: { 'if-none-match': `W/"other", ${etag}` } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: image.url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: image.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('serves byte ranges, the whole file for malformed or several ranges, and 416 outside the file', async () => {
    const { image } = await galleryImage();
    const whole = (await t.app.inject({ url: image.url })).rawPayload;
    const size = whole.length;

    const first = await t.app.inject({ url: image.url, headers: { range: 'bytes=0-9' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(whole.subarray(0, 10))).toBe(true);

    const tail = await t.app.inject({ url: image.url, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.subarray(size - 16))).toBe(true);

    const open = await t.app.inject({ url: image.url, headers: { range: `bytes=${size - 5}-` } });
    expect(open.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(open.rawPayload.equals(whole.subarray(size - 5))).toBe(true);

    for (const range of ['bytes=abc', 'pages=0-1', 'bytes=0-1,20-21']) {
      const full = await t.app.inject({ url: image.url, headers: { range } });
      expect(full.statusCode, range).toBe(200);
      expect(full.rawPayload.equals(whole)).toBe(true);
    }
    // If-Range naming other bytes: the whole file.
    const stale = await t.app.inject({ url: image.url, headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(stale.statusCode).toBe(200);

    const outside = await t.app.inject({ url: image.url, headers: { range: `bytes=${size + 10}-${size + 20}`, 'accept-language': 'ja' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    expect(errorBody(outside)).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', error: '指定された範囲がファイルの外側です。' });
  });

  it('keeps the capability check: a wrong token, another image’s token or a missing blob is a 404', async () => {
    const a = await galleryImage();
    const b = await galleryImage();
    const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
    const wrong = await t.app.inject({ url: `/api/images/${a.image.id}/file?token=${tokenOf(b.image.url)}`, headers: { range: 'bytes=0-3' } });
    expect(wrong.statusCode).toBe(404);
    expect(errorBody(wrong).code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: `/api/images/${a.image.id}/file?token=short` })).statusCode).toBe(422);

    const key = JSON.parse((await t.app.inject({ url: a.image.url })).headers.etag as string) as string;
    await t.blobStore.delete(key);
    expect((await t.app.inject({ url: a.image.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: a.image.url, headers: { range: 'bytes=0-3' } })).statusCode).toBe(404);
  });

  it('serves artwork files with the same ETag and range rules, and no other module’s blobs', async () => {
    const u = await signUp(t.app);
    const body = multipart([
      { name: 'title', value: 'Range test' },
      { name: 'tags', value: 'test' },
      { name: 'consent', value: 'true' },
      { name: 'artwork', file: await png() },
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/art/upload', headers: { ...u.auth, ...body.headers }, payload: body.payload });
    expect(up.statusCode, up.body).toBe(201);
    const url = up.json().contribution.imageUrl as string;
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ url, headers: { 'if-none-match': file.headers.etag as string } })).statusCode).toBe(304);
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('RIFF');
    // A gallery image's key is not an artwork: not served here.
    const { image } = await galleryImage();
    const galleryKey = JSON.parse((await t.app.inject({ url: image.url })).headers.etag as string) as string;
    expect((await t.app.inject({ url: `/api/art/files/${galleryKey}` })).statusCode).toBe(404);
  });
});
