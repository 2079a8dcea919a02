import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

const IMAGE_ID = '3f1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
let fake: Server;
let fakeUrl = '';
const seen: string[] = [];
let jpeg: Buffer;

/** A stand-in for the Openverse API: /images/?q= and /images/{id}/thumb/. */
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#4facfe' } }).jpeg().toBuffer();
  fake = createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/v1/images/') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          result_count: 2,
          results: [
            { id: IMAGE_ID, title: `Cat ${url.searchParams.get('q')}`, creator: 'Ann', license: 'by', license_version: '4.0', foreign_landing_url: 'https://example.org/cat', width: 640, height: 480, url: 'https://elsewhere/cat.jpg' },
            { id: '../../etc/passwd', title: 'evil' },
          ],
        }),
      );
    } else if (url.pathname === `/v1/images/${IMAGE_ID}/thumb/`) {
      res.setHeader('content-type', 'image/jpeg');
      res.end(jpeg);
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

describe('templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPENVERSE_URL: 'off' });
  });
  afterAll(() => t.close());

  it('answers the 20 templates in five categories to a signed-in user', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({ url: '/api/anime-chara/templates', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const { templates } = res.json();
    expect(templates).toHaveLength(20);
    const byCat = (c: string) => templates.filter((x: { category: string }) => x.category === c).map((x: { id: string }) => x.id);
    expect(byCat('popular')).toEqual(['gorgeous-anime', 'manga-sketch', 'semi-realistic', 'kawaii-moe']);
    expect(byCat('classic')).toEqual(['chibi', 'bishojo', 'shonen', 'magical-girl', 'shoujo-sparkle']);
    expect(byCat('modern')).toEqual(['cyberpunk-neon', 'minimalist-clean', 'pixel-art', 'watercolor-soft']);
    expect(byCat('atmospheric')).toEqual(['gothic-lolita', 'dark-fantasy', 'horror-creepy', 'vintage-retro']);
    expect(byCat('lifestyle')).toEqual(['sports-dynamic', 'slice-of-life', 'mecha-girl']);
    for (const x of templates) {
      expect(x.characteristics.length).toBeGreaterThan(0);
      expect(x.proportions.headRatio).toBeGreaterThan(1);
      expect(x.description).not.toBe('');
    }
  });

  it('needs the bearer token', async () => {
    const res = await t.app.inject({ url: '/api/anime-chara/templates' });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/anime-chara/templates', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    errorBody(bad);
  });

  it('searches the built-in library when the open search is off', async () => {
    const res = await t.app.inject({ url: '/api/anime-chara/reference-search?q=casual' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openverse: false, results: [{ id: 'yumi-2', source: 'library', url: '/anime/yumi-2.svg' }] });
    const none = await t.app.inject({ url: '/api/anime-chara/reference-search?q=zzzz' });
    expect(none.json().results).toEqual([]);
  });

  it('does nothing for an empty query and refuses an overlong one', async () => {
    const empty = await t.app.inject({ url: '/api/anime-chara/reference-search?q=%20%20' });
    expect(empty.json()).toEqual({ results: [], openverse: false });
    const missing = await t.app.inject({ url: '/api/anime-chara/reference-search' });
    expect(missing.json().results).toEqual([]);
    const long = await t.app.inject({ url: `/api/anime-chara/reference-search?q=${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(422);
    errorBody(long);
  });
});

describe('reference search with Openverse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPENVERSE_URL: fakeUrl });
  });
  afterAll(() => t.close());

  it('adds Openverse results behind this server\u2019s proxy and drops malformed ids', async () => {
    const res = await t.app.inject({ url: '/api/anime-chara/reference-search?q=cat%20girl' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.openverse).toBe(true);
    expect(body.results).toEqual([
      {
        id: `openverse:${IMAGE_ID}`,
        url: `/api/anime-chara/openverse/${IMAGE_ID}/thumb`,
        title: 'Cat cat girl',
        source: 'openverse',
        creator: 'Ann',
        license: 'BY 4.0',
        landingUrl: 'https://example.org/cat',
        width: 640,
        height: 480,
      },
    ]);
    expect(seen.some((u) => u.startsWith('/v1/images/?q=cat%20girl'))).toBe(true);
  });

  it('proxies a thumbnail re-encoded as WebP, and 404s unknown or malformed ids', async () => {
    const res = await t.app.inject({ url: `/api/anime-chara/openverse/${IMAGE_ID}/thumb` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(32);
    const unknown = await t.app.inject({ url: '/api/anime-chara/openverse/00000000-0000-4000-8000-000000000000/thumb' });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/anime-chara/openverse/..%2F..%2Fetc/thumb' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('reference search with Openverse unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPENVERSE_URL: 'http://127.0.0.1:9/v1', REFERENCE_SEARCH_TIMEOUT_MS: '1000' });
  });
  afterAll(() => t.close());

  it('still answers the library results', async () => {
    const res = await t.app.inject({ url: '/api/anime-chara/reference-search?q=yumi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openverse).toBe(false);
    expect(res.json().results.map((r: { id: string }) => r.id)).toEqual(['yumi-1', 'yumi-2', 'yumi-3']);
  });
});
