import { deflateSync } from 'node:zlib';
import { FIGURE_MAX_SIDE, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@yumi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImageHeader } from '../src/lib/image-intake';
import { HttpError } from '../src/lib/http-error';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

// Small on the wire, huge when decoded: a valid PNG header claiming width x height (one row of real pixel
// data follows; a decoder would allocate the whole image first). Measured on main: a 16000x16000 PNG of
// 150 KB as a report figure took 4.5-6.7 GB and 26-37 s; an 8900x8900 one passed art upload.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, code: err.code };
    throw err;
  }
  return null;
}

describe('image intake: the header decides, before any pixel is decoded', () => {
  const caps = { maxBytes: 10 * 1024 * 1024 };
  it(`accepts ${IMAGE_MAX_SIDE} on a side and refuses ${IMAGE_MAX_SIDE + 1}`, async () => {
    expect(await readImageHeader(claimedPng(IMAGE_MAX_SIDE, 100), caps)).toEqual({ format: 'png', width: IMAGE_MAX_SIDE, height: 100 });
    expect(await refusal(readImageHeader(claimedPng(IMAGE_MAX_SIDE + 1, 100), caps))).toEqual({ status: 422, code: 'IMAGE_TOO_LARGE' });
    expect(await refusal(readImageHeader(claimedPng(100, IMAGE_MAX_SIDE + 1), caps))).toEqual({ status: 422, code: 'IMAGE_TOO_LARGE' });
  });

  it(`caps pixels too: ${IMAGE_MAX_PIXELS / 1e6} megapixels globally, tighter per use`, async () => {
    // 8192 x 8192 is 67.1 MP: the side limit binds first globally; a per-use pixel cap binds on its own.
    expect(await readImageHeader(claimedPng(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE), caps)).toMatchObject({ width: IMAGE_MAX_SIDE });
    expect(await readImageHeader(claimedPng(1000, 1000), { ...caps, maxPixels: 1_000_000 })).toMatchObject({ width: 1000 });
    expect(await refusal(readImageHeader(claimedPng(1000, 1001), { ...caps, maxPixels: 1_000_000 }))).toEqual({ status: 422, code: 'IMAGE_TOO_LARGE' });
  });

  it('decides the type by magic bytes and refuses by bytes first', async () => {
    expect(await refusal(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), caps))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await refusal(readImageHeader(Buffer.from('GIF89a not really'), { ...caps, formats: ['png'] }))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await refusal(readImageHeader(claimedPng(10, 10), { maxBytes: 10 }))).toEqual({ status: 413, code: 'IMAGE_BYTES_TOO_LARGE' });
    const broken = claimedPng(10, 10);
    broken[20] = broken[20]! ^ 0xff; // a damaged IHDR
    expect(await refusal(readImageHeader(broken, caps))).toMatchObject({ status: 422 });
  });
});

describe('every entry point goes through it', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signUp(t.app, 'intake')).auth;
  });
  afterAll(() => t.close());

  const HUGE = claimedPng(16_000, 16_000);
  const BIG = claimedPng(8900, 8900);
  const BOUNDARY = '----intakeboundary';
  const artUpload = (file: Buffer) => ({
    method: 'POST' as const,
    url: '/api/art/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="artwork"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  const layerCanvas = (png: Buffer) => ({ width: 40, height: 30, activeLayerIndex: 0, layers: [{ name: 'L', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: dataUrl(png) }] });
  const ENTRY_POINTS: Array<[string, (png: Buffer) => { method: 'POST' | 'PUT'; url: string; payload: unknown; headers?: Record<string, string> }]> = [
    ['report figure (export)', (png) => ({ method: 'POST', url: '/api/report/export/pdf', payload: { markdown: '# R\n\n![F](figure:f1)', figures: [{ id: 'f1', caption: 'F', image: dataUrl(png) }] } })],
    ['art upload', artUpload],
    ['canvas layer', (png) => ({ method: 'POST', url: '/api/anime-helper/characters', payload: { name: 'Big', versions: [{ name: 'v', canvasData: layerCanvas(png) }] } })],
    ['AI canvas tool', (png) => ({ method: 'POST', url: '/api/anime-chara/ai-draw', payload: { imageData: dataUrl(png), mode: 'ai-eraser', region: { x: 0, y: 0, width: 10, height: 10 } } })],
    ['outline', (png) => ({ method: 'POST', url: '/api/anime-chara-helper/generate-outline', payload: { type: 'image', image: dataUrl(png) } })],
    ['colour analysis', (png) => ({ method: 'POST', url: '/api/anime-helper/analyze-colors', payload: { imageData: dataUrl(png) } })],
    ['post-processing', (png) => ({ method: 'POST', url: '/api/images/process', payload: { image: dataUrl(png), postProcessing: { upscale: false, denoise: true, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0 } } } })],
  ];

  it.each(ENTRY_POINTS)('%s: 16000x16000 and 8900x8900 are refused from the header, at once', async (_name, request) => {
    for (const png of [HUGE, BIG]) {
      const req = request(png);
      const started = performance.now();
      const res = await t.app.inject({ ...req, headers: { ...auth, ...req.headers, 'accept-language': 'en' } } as never);
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(422);
      const body = errorBody(res);
      expect(body.code).toBe('IMAGE_TOO_LARGE');
      expect(body.error).toMatch(/^This image is (16000×16000|8900×8900); the largest accepted is \d+×\d+\.$/);
      expect(ms).toBeLessThan(5_000);
    }
  });

  it(`report figures stop at ${FIGURE_MAX_SIDE} on a side, with the limit in the message, in Japanese too`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/report/export/pdf',
      headers: { ...auth, 'accept-language': 'ja' },
      payload: { markdown: '# R', figures: [{ id: 'f1', caption: '', image: dataUrl(claimedPng(FIGURE_MAX_SIDE + 1, 10)) }] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorBody(res).error).toBe(`この画像は ${FIGURE_MAX_SIDE + 1}×10 です。受け付けられるのは ${FIGURE_MAX_SIDE}×${FIGURE_MAX_SIDE} までです。`);
  });
});
