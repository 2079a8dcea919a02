import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENTS_PER_USER } from '@yumi/core';
import { sql } from 'drizzle-orm';
import { findForbiddenText } from '../src/plugins/input-guard';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\uD800y';
const LONE_LOW = '\uDC00';

describe('hostile text', () => {
  it('finds NUL and unpaired surrogates in values and keys, at any depth, and passes real pairs', () => {
    expect(findForbiddenText({ a: [{ b: 'ok 😀 ok' }] }, 'body')).toBeNull();
    expect(findForbiddenText({ a: [{ b: NUL }] }, 'body')).toBe('body.a.0.b');
    expect(findForbiddenText({ a: LONE_HIGH }, 'body')).toBe('body.a');
    expect(findForbiddenText([LONE_LOW], 'q')).toBe('q.0');
    expect(findForbiddenText({ [NUL]: 1 }, 'body')).toBe('body');
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findForbiddenText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });

  it('answers 422 in the caller language, never 500, and writes nothing', async () => {
    const u = await signUp(t.app, 'hostile');
    const before = await t.app.inject({ url: '/api/documents', headers: u.auth });
    for (const text of [NUL, LONE_HIGH, LONE_LOW]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { ...u.auth, 'accept-language': 'ja' }, payload: { title: 'T', content: text } });
      expect(res.statusCode).toBe(422);
      const body = errorBody(res);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.error).toContain('NUL');
      expect(body.details).toEqual([{ path: 'body.content', message: expect.any(String) }]);
    }
    const after = await t.app.inject({ url: '/api/documents', headers: u.auth });
    expect(after.json()).toEqual(before.json());
  });

  it('refuses hostile text in the query and the path too', async () => {
    const u = await signUp(t.app, 'hostileq');
    const q = await t.app.inject({ url: `/api/art/references?q=${encodeURIComponent(NUL)}`, headers: u.auth });
    expect(q.statusCode).toBe(422);
    const p = await t.app.inject({ url: `/api/documents/${encodeURIComponent(NUL)}`, headers: u.auth });
    expect(p.statusCode).toBe(422);
  });

  it('refuses a chat message with NUL before anything is metered', async () => {
    const u = await signUp(t.app, 'hostilechat');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: u.auth,
      payload: { message: `hello${NUL}`, context: { provider: 'local', model: 'yumi-local' } },
    });
    expect(res.statusCode).toBe(422);
  });

  it('a version past int4 is 422, not 500', async () => {
    const u = await signUp(t.app, 'hostilever');
    const doc = (await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'T', content: 'c' } })).json() as { id: string };
    for (const version of [2 ** 31, 2 ** 53, -1]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { content: 'x', version } });
      expect(res.statusCode).toBe(422);
    }
  });

  it(`keeps the ${MAX_DOCUMENTS_PER_USER}-document cap under 50 concurrent creates`, async () => {
    const u = await signUp(t.app, 'hostilecap');
    const existing = MAX_DOCUMENTS_PER_USER - 10;
    await t.database.db.execute(sql`
      INSERT INTO documents (user_id, kind, title, content, words, characters, hashtags, created_at, updated_at)
      SELECT ${u.user.id}, 'writing', 'seed ' || i, '', 0, 0, '{}', now(), now() FROM generate_series(1, ${existing}) AS i`);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/documents', headers: { ...u.auth, 'accept-language': 'ko' }, payload: { title: `c${i}`, content: 'x' } })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(errorBody(results.find((r) => r.statusCode === 409)!).error).toContain('1000');
    const counted = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM documents WHERE user_id = ${u.user.id}`)) as unknown as { rows: Array<{ n: number }> };
    const [row] = counted.rows;
    expect(Number(row!.n)).toBe(MAX_DOCUMENTS_PER_USER);
  });
});
