import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postProcess } from '../src/modules/images/postprocess';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

// Each user may keep STORAGE_QUOTA_BYTES of stored files: the distinct blobs their rows reference, each
// counted in full whoever else shares the bytes. Writes past it answer 413 STORAGE_QUOTA_EXCEEDED and keep
// nothing; concurrent writes of one user cannot both squeeze past it.

const noChange = { upscale: false, denoise: false, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0 } };

/** A PNG of varied pixels, so each is a different size and does not compress to nothing. */
async function picture(seed: number, w = 64, h = 64): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 4);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = i % 4 === 3 ? 255 : x >>> 24;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 4 } }).png().toBuffer();
}
/** The bytes the gallery stores for an upload: its PNG after (no-op) post-processing. */
const storedSize = async (png: Buffer) => (await postProcess(png, noChange)).png.length;
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

let t: TestApp;
let a: Buffer;
let b: Buffer;
let quota: number;
beforeAll(async () => {
  a = await picture(1);
  b = await picture(2);
  // Room for exactly a and b.
  quota = (await storedSize(a)) + (await storedSize(b));
  t = await createTestApp({ STORAGE_QUOTA_BYTES: String(quota) });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const upload = (u: User, png: Buffer, language = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/images/process', headers: { ...u.auth, 'accept-language': language }, payload: { image: dataUrl(png), postProcessing: noChange } });
const usage = async (u: User) => {
  const res = await t.app.inject({ url: '/api/me/storage', headers: u.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { usedBytes: number; quotaBytes: number };
};

describe('storage quota', () => {
  it('GET /api/me/storage needs sign-in and starts at zero', async () => {
    expect((await t.app.inject({ url: '/api/me/storage' })).statusCode).toBe(401);
    const u = await signUp(t.app);
    expect(await usage(u)).toEqual({ usedBytes: 0, quotaBytes: quota });
  });

  it('is declared in the OpenAPI document with its security and statuses', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/me/storage'].get;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });

  it('accepts writes up to the quota to the byte, refuses anything past it, and frees room on delete', async () => {
    const u = await signUp(t.app);
    expect((await upload(u, a)).statusCode).toBe(201);
    const second = await upload(u, b);
    expect(second.statusCode).toBe(201);
    expect(await usage(u)).toEqual({ usedBytes: quota, quotaBytes: quota });

    // Full to the byte: anything new is refused, in the caller's language, and nothing is kept.
    const tiny = await picture(3, 2, 2);
    const refused = await upload(u, tiny);
    expect(refused.statusCode).toBe(413);
    const body = errorBody(refused);
    expect(body.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(body.error).toMatch(/storage is full/i);
    expect(body.details).toMatchObject({ quotaBytes: quota });
    expect(errorBody(await upload(u, tiny, 'ja')).error).toContain('保存容量');
    expect(errorBody(await upload(u, tiny, 'ko')).error).toContain('저장 공간');
    expect((await t.app.inject({ url: '/api/images?limit=50', headers: u.auth })).json().items).toHaveLength(2);
    expect((await usage(u)).usedBytes).toBe(quota);

    // The same bytes again take no more room: a user's blob counts once.
    expect((await upload(u, a)).statusCode).toBe(201);
    expect((await usage(u)).usedBytes).toBe(quota);

    // Deleting frees the room at once (the file itself goes later, with the collector).
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${second.json().id}`, headers: u.auth })).statusCode).toBe(204);
    expect((await usage(u)).usedBytes).toBe(await storedSize(a));
    expect((await upload(u, tiny)).statusCode).toBe(201);
  });

  it('counts shared bytes in full for each user who keeps them', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect((await upload(first, a)).statusCode).toBe(201);
    expect((await upload(second, a)).statusCode).toBe(201);
    expect((await usage(first)).usedBytes).toBe(await storedSize(a));
    expect((await usage(second)).usedBytes).toBe(await storedSize(a));
  });

  it('refuses character saves, artwork uploads and generations past the quota, keeping nothing', async () => {
    const u = await signUp(t.app);
    expect((await upload(u, a)).statusCode).toBe(201);
    expect((await upload(u, b)).statusCode).toBe(201);

    const canvasData = { width: 8, height: 8, activeLayerIndex: 0, layers: [{ name: 'L', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: dataUrl(await picture(4, 8, 8)) }] };
    const character = await t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: u.auth, payload: { name: 'Over', versions: [{ canvasData }] } });
    expect(character.statusCode).toBe(413);
    expect(errorBody(character).code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await t.app.inject({ url: '/api/anime-helper/characters', headers: u.auth })).json()).toEqual([]);

    // A picture drawn offline arriving later: refused like an upload (the device keeps it with the reason).
    const drawn = { clientId: randomUUID(), image: dataUrl(await picture(6, 16, 16)), prompt: 'drawn offline', seed: 1, settings: {}, drawnAt: '2026-02-01T00:00:00.000Z' };
    const offline = await t.app.inject({ method: 'POST', url: '/api/images/from-device', headers: u.auth, payload: drawn });
    expect(offline.statusCode).toBe(413);
    expect(errorBody(offline).code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await t.app.inject({ url: '/api/images?limit=50', headers: u.auth })).json().items).toHaveLength(2);

    const boundary = '----quota';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nOver\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="consent"\r\n\r\ntrue\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      await picture(5, 32, 32),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const art = await t.app.inject({ method: 'POST', url: '/api/art/upload', headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(art.statusCode).toBe(413);
    expect(errorBody(art).code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await t.app.inject({ url: '/api/art/contributions', headers: u.auth })).json().contributions).toEqual([]);

    const generate = await t.app.inject({
      method: 'POST',
      url: '/api/anime-chara-helper/generate',
      headers: u.auth,
      payload: { prompt: 'cat girl', settings: { provider: 'procedural', width: 256, height: 256, postProcessing: noChange } },
    });
    expect(generate.statusCode).toBe(413);
    expect(errorBody(generate).code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await usage(u)).usedBytes).toBe(quota);
  });

  it('lets concurrent uploads of one user through only while they fit', async () => {
    const u = await signUp(t.app);
    const pictures = await Promise.all([10, 11, 12, 13, 14, 15].map((seed) => picture(seed)));
    const sizes = await Promise.all(pictures.map(storedSize));
    const results = await Promise.all(pictures.map((p) => upload(u, p)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 413), statuses.join()).toBe(true);
    const used = (await usage(u)).usedBytes;
    const accepted = sizes.filter((_, i) => statuses[i] === 201);
    expect(used).toBe(accepted.reduce((x, y) => x + y, 0));
    expect(used).toBeLessThanOrEqual(quota);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    // Every refusal was needed: with what got in, the refused picture would not have fitted.
    sizes.forEach((size, i) => {
      if (statuses[i] === 413) expect(used + size).toBeGreaterThan(quota);
    });
    expect(statuses.filter((s) => s === 413).length).toBeGreaterThanOrEqual(1);
  });
});
