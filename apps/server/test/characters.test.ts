import sharp from 'sharp';
import { charactersApi, collabCharacter, collabPrompt } from '@yumi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function png(width: number, height: number, rgba: [number, number, number, number]): Promise<string> {
  const buf = await sharp({ create: { width, height, channels: 4, background: { r: rgba[0], g: rgba[1], b: rgba[2], alpha: rgba[3] / 255 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${buf.toString('base64')}`;
}

async function canvas(color: [number, number, number, number] = [255, 0, 0, 255]) {
  return {
    width: 40,
    height: 30,
    activeLayerIndex: 1,
    symmetry: { mode: 'radial', count: 6, cx: 12.5, cy: 20 },
    layers: [
      { name: 'Background', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: null },
      { name: 'Layer 1', visible: true, opacity: 80, blendMode: 'multiply', locked: true, alphaLock: true, clipping: true, parent: 2, image: await png(40, 30, color) },
      { name: 'Hair', visible: true, opacity: 60, blendMode: 'screen', locked: false, group: true, passThrough: true, image: null },
    ],
  };
}

async function create(auth: Record<string, string>, name = 'Sakura') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/anime-helper/characters',
    headers: auth,
    payload: { name, tags: ['pink', 'school'], versions: [{ name: 'First', canvasData: await canvas() }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('character library', () => {
  it('saves a character, stores layer pixels as blobs and reads them back exactly', async () => {
    const u = await signUp(t.app);
    const c = await create(u.auth);
    expect(c).toMatchObject({ name: 'Sakura', tags: ['pink', 'school'], brief: { name: 'Sakura', designElements: [] } });
    expect(c.versions).toHaveLength(1);
    expect(c.activeVersionId).toBe(c.versions[0].id);
    expect(c.versions[0]).toMatchObject({ name: 'First', width: 40, height: 30, layerCount: 3 });
    expect(c.versions[0].size).toBeGreaterThan(0);

    const list = await t.app.inject({ url: '/api/anime-helper/characters', headers: u.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    // The list carries no pixels.
    expect(list.body).not.toContain('base64');

    const v = await t.app.inject({ url: `/api/anime-helper/characters/${c.id}/versions/${c.versions[0].id}`, headers: u.auth });
    expect(v.statusCode).toBe(200);
    const data = v.json().canvasData;
    expect(data.symmetry).toEqual({ mode: 'radial', count: 6, cx: 12.5, cy: 20 }); // the ruler is kept with the drawing
    expect(data.layers[0].image).toBeNull();
    expect(data.layers[1]).toMatchObject({ name: 'Layer 1', opacity: 80, blendMode: 'multiply', locked: true, alphaLock: true, clipping: true, parent: 2 });
    // a layer group comes back as a group, with the layers inside pointing to it
    expect(data.layers[2]).toMatchObject({ name: 'Hair', group: true, passThrough: true, opacity: 60, blendMode: 'screen', image: null });
    expect(data.layers[0]).not.toHaveProperty('parent');
    const raw = await sharp(Buffer.from(data.layers[1].image.split(',')[1], 'base64')).raw().toBuffer();
    expect([...raw.subarray(0, 4)]).toEqual([255, 0, 0, 255]);

    // a layer in a "group" that is no group, or not there, is refused in the caller's language
    for (const parent of [0, 7]) {
      const bad: { layers: object[] } = await canvas();
      bad.layers[1] = { ...bad.layers[1]!, parent };
      const res = await t.app.inject({ method: 'POST', url: `/api/anime-helper/characters/${c.id}/versions`, headers: { ...u.auth, 'accept-language': 'ja' }, payload: { canvasData: bad } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'canvasData.layers.1.parent' }] });
      expect(res.json().error).not.toMatch(/[A-Za-z]{6}/); // the message itself is Japanese
    }
  });

  it('hides other users\u2019 characters and refuses every change to them', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const c = await create(owner.auth);
    const vid = c.versions[0].id;
    const list = await t.app.inject({ url: '/api/anime-helper/characters', headers: other.auth });
    expect(list.json()).toEqual([]);
    const attempts = [
      { method: 'GET' as const, url: `/api/anime-helper/characters/${c.id}` },
      { method: 'PATCH' as const, url: `/api/anime-helper/characters/${c.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const, url: `/api/anime-helper/characters/${c.id}` },
      { method: 'POST' as const, url: `/api/anime-helper/characters/${c.id}/duplicate` },
      { method: 'GET' as const, url: `/api/anime-helper/characters/${c.id}/versions/${vid}` },
      { method: 'POST' as const, url: `/api/anime-helper/characters/${c.id}/versions`, payload: { canvasData: await canvas() } },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({ ...a, headers: other.auth });
      expect(res.statusCode, `${a.method} ${a.url}`).toBe(404);
      expect(errorBody(res).code).toBe('NOT_FOUND');
    }
    const still = await t.app.inject({ url: `/api/anime-helper/characters/${c.id}`, headers: owner.auth });
    expect(still.json().name).toBe('Sakura');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/anime-helper/characters' });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).code).toBe('UNAUTHORIZED');
  });

  it('keeps at most 20 versions, never deletes the current one, and reverts', async () => {
    const u = await signUp(t.app);
    const c = await create(u.auth);
    let last = c;
    for (let i = 2; i <= 20; i++) {
      t.clock.advance(60_000);
      const res = await t.app.inject({ method: 'POST', url: `/api/anime-helper/characters/${c.id}/versions`, headers: u.auth, payload: { canvasData: await canvas([i, 0, 0, 255]) } });
      expect(res.statusCode, res.body).toBe(201);
      last = res.json();
    }
    expect(last.versions).toHaveLength(20);
    expect(last.versions[19].name).toBe('Version 20');
    expect(last.activeVersionId).toBe(last.versions[19].id);
    const over = await t.app.inject({ method: 'POST', url: `/api/anime-helper/characters/${c.id}/versions`, headers: u.auth, payload: { canvasData: await canvas() } });
    expect(over.statusCode).toBe(409);
    expect(errorBody(over)).toMatchObject({ code: 'VERSION_LIMIT' });
    expect(errorBody(over).error).toContain('20');

    const current = await t.app.inject({ method: 'DELETE', url: `/api/anime-helper/characters/${c.id}/versions/${last.activeVersionId}`, headers: u.auth });
    expect(current.statusCode).toBe(409);
    expect(errorBody(current).code).toBe('CURRENT_VERSION');

    const revert = await t.app.inject({ method: 'PATCH', url: `/api/anime-helper/characters/${c.id}`, headers: u.auth, payload: { activeVersionId: last.versions[0].id } });
    expect(revert.json().activeVersionId).toBe(last.versions[0].id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/anime-helper/characters/${c.id}/versions/${last.versions[5].id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json().versions).toHaveLength(19);
    const again = await t.app.inject({ method: 'POST', url: `/api/anime-helper/characters/${c.id}/versions`, headers: u.auth, payload: { name: 'Back to 20', canvasData: await canvas() } });
    expect(again.statusCode).toBe(201);
    expect(again.json().versions.at(-1).name).toBe('Back to 20');
  });

  it('refuses a 30 MB layer with 413 and stores nothing', async () => {
    const u = await signUp(t.app);
    const big = Buffer.alloc(30 * 1024 * 1024, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const data = await canvas();
    data.layers[1]!.image = `data:image/png;base64,${big.toString('base64')}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: u.auth, payload: { name: 'Huge', versions: [{ canvasData: data }] } });
    expect(res.statusCode).toBe(413);
    expect(errorBody(res)).toMatchObject({ code: 'LAYER_TOO_LARGE' });
    const list = await t.app.inject({ url: '/api/anime-helper/characters', headers: u.auth });
    expect(list.json()).toEqual([]);
  });

  it('refuses a 100 MB body outright', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anime-helper/characters',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: `{"name":"x","versions":[],"pad":"${'a'.repeat(100 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    errorBody(res);
  });

  it('validates names, layers and images', async () => {
    const u = await signUp(t.app);
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: u.auth, payload: payload as object });
    const good = await canvas();
    const cases: [unknown, number, string?][] = [
      [{ name: '   ', versions: [{ canvasData: good }] }, 422],
      [{ name: 'x'.repeat(10_000), versions: [{ canvasData: good }] }, 422],
      [{ name: 'No versions', versions: [] }, 422],
      [{ name: 'Bad blend', versions: [{ canvasData: { ...good, layers: [{ ...good.layers[0], blendMode: 'dodge' }] } }] }, 422],
      [{ name: 'Too wide', versions: [{ canvasData: { ...good, width: 5000 } }] }, 422],
      [{ name: 'Bad ruler', versions: [{ canvasData: { ...good, symmetry: { mode: 'spiral', count: 6, cx: 1, cy: 1 } } }] }, 422],
      [{ name: 'Bad centre', versions: [{ canvasData: { ...good, symmetry: { mode: 'vertical', count: 6, cx: -1, cy: 1 } } }] }, 422],
      [{ name: 'Not png', versions: [{ canvasData: { ...good, layers: [{ ...good.layers[1], parent: undefined, image: 'data:image/png;base64,aGVsbG8gd29ybGQ=' }] } }] }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [{ name: 'Wrong size', versions: [{ canvasData: { ...good, width: 41 } }] }, 422, 'LAYER_SIZE_MISMATCH'],
      [{ name: 'Many layers', versions: [{ canvasData: { ...good, layers: Array.from({ length: 500 }, () => good.layers[0]) } }] }, 422],
      [{ name: 'Extra', versions: [{ canvasData: good }], hacker: true }, 422],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      if (code) expect(errorBody(res).code).toBe(code);
      else errorBody(res);
    }
    const name = await post({ name: '  ', versions: [{ canvasData: good }] });
    expect(JSON.stringify(errorBody(name))).toContain('Please enter a name for your character.');
    const badId = await t.app.inject({ url: '/api/anime-helper/characters/not-a-uuid', headers: u.auth });
    expect(badId.statusCode).toBe(422);
    const corrupt = await t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: { ...u.auth, 'content-type': 'application/json' }, payload: '{"name": "x", "versions": [' });
    expect(corrupt.statusCode).toBe(400);
  });

  it('updates, duplicates with shared blobs and deletes', async () => {
    const u = await signUp(t.app);
    const c = await create(u.auth, 'Hana');
    const brief = { name: 'Hana', age: '17', background: 'Florist', catchphrase: 'Bloom!', personalityTraits: ['kind'], visualMotifs: ['flowers'], designElements: ['Template: Kawaii Moe'] };
    const up = await t.app.inject({ method: 'PATCH', url: `/api/anime-helper/characters/${c.id}`, headers: u.auth, payload: { name: 'Hana 2', tags: ['flower'], brief } });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ name: 'Hana 2', tags: ['flower'], brief });
    const dup = await t.app.inject({ method: 'POST', url: `/api/anime-helper/characters/${c.id}/duplicate`, headers: u.auth });
    expect(dup.statusCode).toBe(201);
    const copy = dup.json();
    expect(copy).toMatchObject({ name: 'Hana 2 (copy)', brief });
    expect(copy.id).not.toBe(c.id);
    expect(copy.activeVersionId).toBe(copy.versions[0].id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/anime-helper/characters/${c.id}`, headers: u.auth });
    expect(del.statusCode).toBe(204);
    // The copy still reads its pixels: the shared blob was kept.
    const v = await t.app.inject({ url: `/api/anime-helper/characters/${copy.id}/versions/${copy.versions[0].id}`, headers: u.auth });
    expect(v.statusCode).toBe(200);
    expect(v.json().canvasData.layers[1].image).toMatch(/^data:image\/png;base64,/);
    const gone = await t.app.inject({ url: `/api/anime-helper/characters/${c.id}`, headers: u.auth });
    expect(gone.statusCode).toBe(404);
  });
});

describe('co-writing with a saved character (Writing, Anime Collab)', () => {
  it('the prompt built from the library list carries the design brief, not only the name', async () => {
    const u = await signUp(t.app);
    const brief = { name: 'Hana Sakura', age: '17', background: 'Keeps the shrine on the hill.', catchphrase: 'Leave it to me!', personalityTraits: ['cheerful', 'stubborn'], visualMotifs: ['cherry blossoms'], designElements: ['red ribbon'] };
    const made = await t.app.inject({
      method: 'POST',
      url: charactersApi.create.path,
      headers: u.auth,
      payload: { name: 'hana.psd', brief, versions: [{ name: 'First', canvasData: await canvas() }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    // What the Writing tool reads: the list, as the contract types it.
    const list = charactersApi.list.responses[200].parse((await t.app.inject({ url: charactersApi.list.path, headers: u.auth })).json());
    const prompt = collabPrompt(collabCharacter(list[0]!), 'The rain had stopped.', 'dialogue', '');
    for (const line of ['Name: Hana Sakura', 'Age: 17', 'Background: Keeps the shrine on the hill.', 'Catchphrase: Leave it to me!', 'Traits: cheerful, stubborn', 'Looks: cherry blossoms, red ribbon']) {
      expect(prompt).toContain(line);
    }
  });
});

describe('offline edits (details with their base)', () => {
  const patch = (auth: Record<string, string>, id: string, payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({ method: 'PATCH', url: `/api/anime-helper/characters/${id}`, headers: { ...auth, 'accept-language': lang }, payload });

  it('merges fields changed on one side, refuses a field changed on both with the current character', async () => {
    const u = await signUp(t.app);
    const c = await create(u.auth, 'Aoi');
    const base = { name: c.name, tags: c.tags, brief: c.brief };
    // Elsewhere (another device, online): the tags change.
    expect((await patch(u.auth, c.id, { tags: ['blue'] })).statusCode).toBe(200);
    // This device's offline rename, based on the old details: the name merges, the tags stay.
    const merged = await patch(u.auth, c.id, { name: 'Aoi Offline', base: { name: base.name } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ name: 'Aoi Offline', tags: ['blue'] });
    // The same value on both sides is no conflict.
    expect((await patch(u.auth, c.id, { tags: ['blue'], base: { tags: base.tags } })).statusCode).toBe(200);
    // Tags edited offline on the old base while they changed elsewhere: 409 with the current character.
    const clash = await patch(u.auth, c.id, { tags: ['red'], brief: { ...base.brief, age: '17' }, base }, 'ja');
    expect(clash.statusCode).toBe(409);
    const body = errorBody(clash);
    expect(body.code).toBe('CHARACTER_CONFLICT');
    expect(body.error).toContain('別の場所');
    expect((clash.json() as { details: { current: { tags: string[]; brief: { age: string } } } }).details.current).toMatchObject({ tags: ['blue'], brief: { age: '' } });
    // Nothing of the refused edit was written.
    const now = (await t.app.inject({ url: `/api/anime-helper/characters/${c.id}`, headers: u.auth })).json();
    expect(now).toMatchObject({ name: 'Aoi Offline', tags: ['blue'], brief: { age: '' } });
    // A brief that only differs by omitted defaults equals its base.
    const briefOnly = await patch(u.auth, c.id, { brief: { ...base.brief, age: '17' }, base: { brief: { name: base.brief.name } } });
    expect(briefOnly.statusCode, briefOnly.body).toBe(200);
  });

  it('stores a character sent twice under its client id once', async () => {
    const u = await signUp(t.app);
    const clientId = 'a3c9e1f0-5b7d-4c2e-8f14-6d0b9e2a7c55';
    const payload = { name: 'Kumo', clientId, versions: [{ name: 'First', canvasData: await canvas() }] };
    const send = () => t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: u.auth, payload });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).toBe(a.json().id);
    expect((await send()).json().id).toBe(a.json().id);
    expect((await t.app.inject({ url: '/api/anime-helper/characters', headers: u.auth })).json()).toHaveLength(1);
    const bad = await t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: u.auth, payload: { ...payload, clientId: 'local-x' } });
    expect(bad.statusCode).toBe(422);
  });

  it('a delete naming what it saw takes nothing newer: 409 CHARACTER_CHANGED with the current character; bad `seen` is 422', async () => {
    const u = await signUp(t.app);
    const c = await create(u.auth, 'Yuki');
    const del = (query: string, lang = 'en') =>
      t.app.inject({ method: 'DELETE', url: `/api/anime-helper/characters/${c.id}${query}`, headers: { ...u.auth, 'accept-language': lang } });
    t.clock.advance(1000);
    // Changed elsewhere after this device last saw it.
    expect((await patch(u.auth, c.id, { name: 'Yuki 2' })).statusCode).toBe(200);
    const stale = await del(`?seen=${c.lastModified}`, 'ko');
    expect(stale.statusCode).toBe(409);
    const body = errorBody(stale);
    expect(body.code).toBe('CHARACTER_CHANGED');
    expect(body.error).toContain('남겨 두었습니다');
    expect((stale.json() as { details: { current: { name: string } } }).details.current.name).toBe('Yuki 2');
    for (const bad of ['?seen=yesterday', '?seen=', '?when=2026-01-01T00:00:00.000Z']) expect((await del(bad)).statusCode, bad).toBe(422);
    const now = (await t.app.inject({ url: `/api/anime-helper/characters/${c.id}`, headers: u.auth })).json() as { lastModified: string };
    expect((await del(`?seen=${now.lastModified}`)).statusCode).toBe(204);
    expect((await del(`?seen=${now.lastModified}`)).statusCode).toBe(404);
  });

  it('refuses a malformed base', async () => {
    const u = await signUp(t.app);
    const c = await create(u.auth, 'Rin');
    const res = await patch(u.auth, c.id, { name: 'Rin 2', base: { name: 5 } });
    expect(res.statusCode).toBe(422);
    expect((await patch(u.auth, c.id, { name: 'Rin 2', base: { colour: 'red' } })).statusCode).toBe(422);
  });
});

describe('analyze-colors', () => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = (await signUp(t.app, 'colours')).auth;
  });
  it('analyses the drawing', async () => {
    const img = await sharp({ create: { width: 60, height: 40, channels: 4, background: { r: 255, g: 107, b: 157, alpha: 1 } } }).png().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: '/api/anime-helper/analyze-colors', headers: auth, payload: { imageData: `data:image/png;base64,${img.toString('base64')}` } });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.dominantColors[0]).toBe('#ff6b9d');
    expect(a.colorHarmony).toBe('monochromatic');
    expect(a.recommendations.hairColor.length).toBeGreaterThan(0);
    expect(a.suggestedPalettes.length).toBeGreaterThan(0);
  });

  it('refuses what is not an image', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/anime-helper/analyze-colors', headers: auth, payload: { imageData: 'data:image/png;base64,aGVsbG8=' } });
    expect(bad.statusCode).toBe(415);
    const missing = await t.app.inject({ method: 'POST', url: '/api/anime-helper/analyze-colors', headers: auth, payload: {} });
    expect(missing.statusCode).toBe(422);
    const text = await t.app.inject({ method: 'POST', url: '/api/anime-helper/analyze-colors', headers: auth, payload: { imageData: 'hello' } });
    expect(text.statusCode).toBe(422);
  });
});
