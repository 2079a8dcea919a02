import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_UPLOAD_MAX_BYTES } from '@yumi/core';
import type { AppContext } from '../src/context';
import { getBalance, grant } from '../src/modules/billing/ledger';
import { TOMBSTONES_PER_USER } from '../src/modules/images/repository';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';
import { solidPng } from './image-fakes';

// POST /api/images/from-device: pictures drawn in the browser while offline join the gallery when the network
// returns; free, checked like any upload, and stored once however often the device sends them.
let t: TestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = { config: t.config, database: t.database, db: t.database.db, clock: t.clock, log: t.app.log } as unknown as AppContext;
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof signUp>>;
const settings = { provider: 'procedural', width: 256, height: 320, steps: 28, guidance: 7, source: 'image' };
const dataUrl = (bytes: Buffer, type = 'png') => `data:image/${type};base64,${bytes.toString('base64')}`;

async function picture(overrides: Record<string, unknown> = {}) {
  return { clientId: randomUUID(), image: dataUrl(await solidPng(256, 320)), prompt: 'fox girl drawn offline', seed: 7, settings, drawnAt: '2026-02-20T10:00:00.000Z', ...overrides };
}
const send = (u: User | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/images/from-device', headers: { ...u?.auth, ...headers }, payload: payload as object });
const gallery = async (u: User) => (await t.app.inject({ url: '/api/images', headers: u.auth })).json().items as Array<{ id: string; prompt: string }>;
const status = async (u: User) => (await t.app.inject({ url: '/api/billing/image-gen-status', headers: u.auth })).json();

describe('pictures drawn offline', () => {
  it('join the gallery as the user drew them, without a trial or a timeshard', async () => {
    const u = await signUp(t.app);
    const body = await picture();
    const res = await send(u, body);
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ prompt: 'fox girl drawn offline', seed: 7, width: 256, height: 320, provider: 'procedural', cost: 0, createdAt: '2026-02-20T10:00:00.000Z' });
    expect(image.params).toMatchObject({ onDevice: true, steps: 28, iterations: 1 });
    expect((await gallery(u)).map((i) => i.id)).toEqual([image.id]);
    const file = await t.app.inject({ url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 256, height: 320 });
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 0 });

    // A premium user keeps every timeshard too.
    const premium = await signUp(t.app);
    await t.database.db.execute(
      sql`INSERT INTO purchases (user_id, provider, method, kind, item_id, tokens, amount_cents, status) VALUES (${premium.user.id}, 'test', 'stripe', 'package', 'creator', 700000, 1000, 'paid')`,
    );
    await grant(ctx, { userId: premium.user.id, amount: 50, reason: 'test', sourceType: 'test-seed', sourceId: premium.user.id });
    expect((await send(premium, await picture())).statusCode).toBe(201);
    expect(await getBalance(ctx, premium.user.id)).toBe(50);
  });

  it('never takes a drawing time from the future', async () => {
    const u = await signUp(t.app);
    const res = await send(u, await picture({ drawnAt: '2099-01-01T00:00:00.000Z' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().createdAt).toBe(t.clock.now().toISOString());
  });

  it('stores a picture sent again, or twice at once, once; another account has its own', async () => {
    const u = await signUp(t.app);
    const body = await picture();
    const first = await send(u, body);
    expect(first.statusCode).toBe(201);
    const again = await send(u, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const twice = await picture({ prompt: 'sent from two tabs' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(u, twice)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect((await gallery(u)).map((i) => i.prompt)).toEqual(['sent from two tabs', 'fox girl drawn offline']);

    // The same client id from someone else is their picture, never an answer with this user's.
    const other = await signUp(t.app);
    const theirs = await send(other, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
    expect(await gallery(u)).toHaveLength(2);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${first.json().id}`, headers: other.auth })).statusCode).toBe(404);
  });
});

describe('a picture deleted from the gallery while the device that drew it waits for the answer', () => {
  it('is not stored again when the device sends it again: 410, in the language of the caller', async () => {
    const u = await signUp(t.app);
    const body = await picture();
    // The first send reaches the gallery; its answer is lost on the way, so the device still holds the picture.
    const first = await send(u, body);
    expect(first.statusCode).toBe(201);
    // Another browser deletes it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${first.json().id}`, headers: u.auth })).statusCode).toBe(204);
    const again = await send(u, body);
    expect(again.statusCode).toBe(410);
    expect(errorBody(again)).toMatchObject({ code: 'DEVICE_IMAGE_DELETED', error: 'You deleted this picture from your gallery, so it was not added again.' });
    expect(errorBody(await send(u, body, { 'accept-language': 'ko' })).error).toBe('갤러리에서 삭제한 그림이라 다시 추가하지 않았어요.');
    expect(await gallery(u)).toEqual([]);
    // Another picture of that device still joins; the same client id from another account is theirs.
    expect((await send(u, await picture())).statusCode).toBe(201);
    expect((await send(await signUp(t.app), body)).statusCode).toBe(201);
  });

  it('a send racing the delete never brings it back', async () => {
    const u = await signUp(t.app);
    const body = await picture({ prompt: 'raced' });
    const { id } = (await send(u, body)).json();
    const [removed, ...resent] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: u.auth }),
      send(u, body),
      send(u, body),
    ]);
    expect(removed.statusCode).toBe(204);
    for (const r of resent) expect([200, 410]).toContain(r.statusCode);
    expect((await send(u, body)).statusCode).toBe(410);
    expect(await gallery(u)).toEqual([]);
  });

  it('remembers the newest deletions of each user, a bounded number', async () => {
    const u = await signUp(t.app);
    const rows = Array.from({ length: TOMBSTONES_PER_USER + 5 }, (_, i) => sql`(${u.user.id}::uuid, ${randomUUID()}::uuid, ${new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()}::timestamptz)`);
    await t.database.db.execute(sql`INSERT INTO image_tombstones (user_id, client_id, deleted_at) VALUES ${sql.join(rows, sql`, `)}`);
    const { id } = (await send(u, await picture())).json();
    t.clock.advance(24 * 3600_000);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: u.auth })).statusCode).toBe(204);
    const counted = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM image_tombstones WHERE user_id = ${u.user.id}`)) as unknown as { rows: Array<{ n: number }> };
    expect(counted.rows[0]!.n).toBe(TOMBSTONES_PER_USER);
  });
});

describe('pictures drawn offline: bad input', () => {
  it('needs a signed-in user', async () => {
    const res = await send(null, await picture());
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).code).toBeTruthy();
  });

  it('decides the type by the bytes, not the declared type', async () => {
    const u = await signUp(t.app);
    const text = await send(u, await picture({ image: dataUrl(Buffer.from('this is a text file pretending to be a picture')) }));
    expect(text.statusCode).toBe(415);
    expect(errorBody(text).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).gif().toBuffer();
    const disguised = await send(u, await picture({ image: dataUrl(gif) }), { 'accept-language': 'ja' });
    expect(disguised.statusCode).toBe(415);
    expect(errorBody(disguised).error).toBe('このファイルは PNG・JPEG・WebP・GIF 画像ではありません。');
    const declared = await send(u, await picture({ image: `data:image/gif;base64,${gif.toString('base64')}` }));
    expect(declared.statusCode).toBe(422);
    expect(await gallery(u)).toEqual([]);
  });

  it('refuses pictures too large in bytes, in the body or on a side, before decoding them', async () => {
    const u = await signUp(t.app);
    const bytes = await send(u, await picture({ image: dataUrl(Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1024)) }));
    expect(bytes.statusCode).toBe(413);
    expect(errorBody(bytes).code).toBe('IMAGE_BYTES_TOO_LARGE');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/images/from-device',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: `{"clientId":"${randomUUID()}","image":"data:image/png;base64,${'A'.repeat(30 * 1024 * 1024)}"}`,
    });
    expect(body.statusCode).toBe(413);
    // Larger than the renderer ever draws (2048 on a side).
    const side = await send(u, await picture({ image: dataUrl(await solidPng(2100, 16)) }));
    expect(side.statusCode).toBe(422);
    expect(errorBody(side).code).toBe('IMAGE_TOO_LARGE');
    expect(await gallery(u)).toEqual([]);
  });

  it('refuses a missing or malformed client id, prompt, seed or setting', async () => {
    const u = await signUp(t.app);
    for (const bad of [
      { clientId: undefined },
      { clientId: 'local-1' },
      { prompt: 'x'.repeat(2001) },
      { seed: -1 },
      { settings: { ...settings, width: 4096 } },
      { settings: { ...settings, referenceImage: dataUrl(await solidPng(8, 8)) } },
      { drawnAt: 'yesterday' },
      { extra: true },
    ]) {
      const res = await send(u, await picture(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await gallery(u)).toEqual([]);
  });
});
