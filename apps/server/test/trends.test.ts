import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

/** A local stand-in for a Mastodon instance's public trends API. */
function fakeMastodon(handler: (path: string) => { status: number; body: unknown }) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { status, body } = handler(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  return new Promise<{ url: string; hits: string[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

const tags = [
  { name: 'AnimeArt', url: 'https://fake.social/tags/AnimeArt', history: [{ day: '1', uses: '120', accounts: '40' }, { day: '0', uses: '30', accounts: '9' }] },
  { name: 'writing', url: 'javascript:alert(1)', history: [{ day: '1', uses: '12', accounts: '4' }] },
  { name: '', history: [] },
];
const links = [{ url: 'https://news.example/story', title: 'A big story', history: [{ uses: '7' }] }];

describe('trends from a Mastodon instance', () => {
  let fake: Awaited<ReturnType<typeof fakeMastodon>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakeMastodon((path) =>
      path.startsWith('/api/v1/trends/tags') ? { status: 200, body: tags } : path.startsWith('/api/v1/trends/links') ? { status: 200, body: links } : { status: 404, body: {} },
    );
    t = await createTestApp({ MASTODON_URL: fake.url });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers the instance tags with summed uses, safe urls and links', async () => {
    const res = await t.app.inject({ url: '/api/trends?limit=5' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'mastodon', instance: new URL(fake.url).host, fallbackReason: null });
    expect(body.tags).toEqual([
      { name: 'AnimeArt', uses: 150, url: 'https://fake.social/tags/AnimeArt' },
      { name: 'writing', uses: 12, url: null },
    ]);
    expect(body.links).toEqual([{ title: 'A big story', url: 'https://news.example/story', uses: 7 }]);
    expect(fake.hits.some((h) => h === '/api/v1/trends/tags?limit=5')).toBe(true);
  });

  it('gives a signed-in user the same public list, never mixed with their documents', async () => {
    const u = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { content: 'Mine #ownTag' } });
    const res = await t.app.inject({ url: '/api/trends?limit=5', headers: u.auth });
    expect(res.json()).toMatchObject({ source: 'mastodon', fallbackReason: null });
    expect(res.json().tags.map((x: { name: string }) => x.name)).toEqual(['AnimeArt', 'writing']);
  });

  it('caches for a minute, then asks again', async () => {
    const before = fake.hits.length;
    await t.app.inject({ url: '/api/trends?limit=5' });
    expect(fake.hits.length).toBe(before);
    t.clock.advance(61_000);
    await t.app.inject({ url: '/api/trends?limit=5' });
    expect(fake.hits.length).toBeGreaterThan(before);
  });

  it('rejects a bad limit', async () => {
    for (const q of ['limit=0', 'limit=41', 'limit=abc']) {
      const res = await t.app.inject({ url: `/api/trends?${q}` });
      expect(res.statusCode, q).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('without a public source: only the caller\'s own hashtags', () => {
  let t: TestApp;
  let broken: Awaited<ReturnType<typeof fakeMastodon>>;
  let tBroken: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    broken = await fakeMastodon(() => ({ status: 500, body: 'oops' }));
    tBroken = await createTestApp({ MASTODON_URL: broken.url });
  });
  afterAll(async () => {
    await t.close();
    await tBroken.close();
    await broken.close();
  });
  const post = (app: TestApp, auth: Record<string, string>, content: string) =>
    app.app.inject({ method: 'POST', url: '/api/documents', headers: auth, payload: { content } });

  it('counts the signed-in user\'s own hashtags of the last 7 days, most used first, and nobody else\'s', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await post(t, a.auth, 'old news #stale');
    t.clock.advance(8 * 24 * 3600_000);
    await post(t, a.auth, 'Festival night #Summer #fireworks #summer');
    await post(t, a.auth, '#fireworks again and #tea');
    await post(t, a.auth, 'My diagnosis #privateSecretA');
    await post(t, b.auth, 'Hot days #summer #onlyB');

    const mine = await t.app.inject({ url: '/api/trends', headers: a.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ source: 'own', instance: null, fallbackReason: 'not-configured', links: [] });
    expect(mine.json().tags).toEqual([
      { name: 'fireworks', uses: 2, url: null },
      { name: 'privatesecreta', uses: 1, url: null },
      { name: 'summer', uses: 1, url: null },
      { name: 'tea', uses: 1, url: null },
    ]);

    const theirs = await t.app.inject({ url: '/api/trends', headers: b.auth });
    expect(theirs.json().tags).toEqual([
      { name: 'onlyb', uses: 1, url: null },
      { name: 'summer', uses: 1, url: null },
    ]);
    expect(theirs.body.toLowerCase()).not.toContain('secret');

    for (const headers of [{}, { authorization: 'Bearer not-a-real-token-0000000000000000000000000' }]) {
      const anonymous = await t.app.inject({ url: '/api/trends', headers });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toMatchObject({ source: 'none', instance: null, fallbackReason: 'not-configured', tags: [], links: [] });
      expect(anonymous.body.toLowerCase()).not.toMatch(/secret|summer|onlyb|fireworks/);
    }
  });

  it('when the instance fails: the signed-in user gets their own tags, an anonymous caller an honest empty list', async () => {
    const a = await signUp(tBroken.app);
    await post(tBroken, a.auth, 'Private #hiddenTag');
    const anonymous = await tBroken.app.inject({ url: '/api/trends' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ source: 'none', fallbackReason: 'unreachable', tags: [] });
    const mine = await tBroken.app.inject({ url: '/api/trends', headers: a.auth });
    expect(mine.json()).toMatchObject({ source: 'own', fallbackReason: 'unreachable', tags: [{ name: 'hiddentag', uses: 1, url: null }] });
    expect(broken.hits.length).toBeGreaterThan(0);
  });
});
