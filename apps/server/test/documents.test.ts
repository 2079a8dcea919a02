import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_CHARS } from '@yumi/core';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createDoc(auth: Record<string, string>, payload: Record<string, unknown> = { title: 'Draft', content: 'Once upon a time.' }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/documents', headers: auth, payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; version: number; title: string; content: string; words: number; characters: number; createdAt: string };
}

describe('documents', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    const u = await signUp(t.app);
    const doc = await createDoc(u.auth, { title: 'My story', content: 'The rain fell. #Rain' });
    expect(doc).toMatchObject({ title: 'My story', kind: 'writing', version: 1, words: 4, characters: 20 });
    expect(doc.createdAt).toBe('2026-03-01T09:00:00.000Z');

    t.clock.advance(60_000);
    const second = await createDoc(u.auth, { title: 'Lab notes', kind: 'report' });
    const list = await t.app.inject({ url: '/api/documents', headers: u.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().documents.map((d: { id: string }) => d.id)).toEqual([second.id, doc.id]);
    expect(list.json().documents[0]).not.toHaveProperty('content');
    const reports = await t.app.inject({ url: '/api/documents?kind=report', headers: u.auth });
    expect(reports.json().documents).toHaveLength(1);

    const put = await t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { content: 'New words here', version: 1 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ version: 2, content: 'New words here', title: 'My story', words: 3 });
    const rename = await t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { title: 'Renamed', version: 2 } });
    expect(rename.json()).toMatchObject({ version: 3, title: 'Renamed', content: 'New words here' });

    const got = await t.app.inject({ url: `/api/documents/${doc.id}`, headers: u.auth });
    expect(got.json()).toMatchObject({ id: doc.id, version: 3 });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: u.auth });
    expect(del.statusCode).toBe(204);
    const gone = await t.app.inject({ url: `/api/documents/${doc.id}`, headers: u.auth });
    expect(gone.statusCode).toBe(404);
    const delAgain = await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: u.auth });
    expect(errorBody(delAgain).code).toBe('NOT_FOUND');
  });

  it('refuses a stale version with 409 and the current document', async () => {
    const u = await signUp(t.app);
    const doc = await createDoc(u.auth);
    const tabA = await t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { content: 'tab A', version: 1 } });
    expect(tabA.statusCode).toBe(200);
    const tabB = await t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { content: 'tab B', version: 1 } });
    expect(tabB.statusCode).toBe(409);
    const body = errorBody(tabB);
    expect(body.code).toBe('VERSION_CONFLICT');
    expect(body.details).toMatchObject({ current: { content: 'tab A', version: 2 } });
    const after = await t.app.inject({ url: `/api/documents/${doc.id}`, headers: u.auth });
    expect(after.json().content).toBe('tab A');
  });

  it('a delete naming its version takes nothing newer: 409 DOCUMENT_CHANGED with the current document, in the asker\'s language', async () => {
    const u = await signUp(t.app);
    const doc = await createDoc(u.auth);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { content: 'edited elsewhere', version: 1 } });
    expect(edit.statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}?version=1`, headers: { ...u.auth, 'accept-language': 'ja' } });
    expect(stale.statusCode).toBe(409);
    const body = errorBody(stale);
    expect(body.code).toBe('DOCUMENT_CHANGED');
    expect(body.error).toContain('削除せずに残しました');
    expect(body.details).toMatchObject({ current: { content: 'edited elsewhere', version: 2 } });
    expect((await t.app.inject({ url: `/api/documents/${doc.id}`, headers: u.auth })).statusCode).toBe(200);
    const current = await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}?version=2`, headers: u.auth });
    expect(current.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}?version=2`, headers: u.auth });
    expect(errorBody(gone).code).toBe('NOT_FOUND');
    // Another account naming the right version: not found, and nothing of the document in the answer.
    const mine = await createDoc(u.auth, { title: 'Private', content: 'Only mine.' });
    const stranger = await signUp(t.app);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/documents/${mine.id}?version=1`, headers: stranger.auth });
    expect(errorBody(foreign).code).toBe('NOT_FOUND');
    expect(foreign.body).not.toContain('Only mine.');
    expect((await t.app.inject({ url: `/api/documents/${mine.id}`, headers: u.auth })).statusCode).toBe(200);
  });

  it('lets only one of two concurrent saves of the same version win', async () => {
    const u = await signUp(t.app);
    const doc = await createDoc(u.auth);
    const results = await Promise.all(
      ['one', 'two', 'three'].map((content) =>
        t.app.inject({ method: 'PUT', url: `/api/documents/${doc.id}`, headers: u.auth, payload: { content, version: 1 } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it("hides another user's documents behind 404", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const doc = await createDoc(owner.auth);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { content: 'stolen', version: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/documents/${doc.id}`, headers: other.auth, payload });
      expect(res.statusCode, method).toBe(404);
      expect(errorBody(res).code).toBe('NOT_FOUND');
    }
    const list = await t.app.inject({ url: '/api/documents', headers: other.auth });
    expect(list.json().documents).toEqual([]);
    const still = await t.app.inject({ url: `/api/documents/${doc.id}`, headers: owner.auth });
    expect(still.json().content).toBe('Once upon a time.');
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ url: '/api/documents' });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: '/api/documents', payload: {} });
    expect(errorBody(post).code).toBe('UNAUTHORIZED');
  });

  it('caps the size: too many characters is 422, an oversized body is 413', async () => {
    const u = await signUp(t.app);
    const atLimit = await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { content: 'a'.repeat(MAX_DOCUMENT_CHARS) } });
    expect(atLimit.statusCode).toBe(201);
    const over = await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { content: 'a'.repeat(MAX_DOCUMENT_CHARS + 1) } });
    expect(over.statusCode).toBe(422);
    expect(errorBody(over).code).toBe('VALIDATION_ERROR');
    const huge = await t.app.inject({
      method: 'PUT',
      url: `/api/documents/${atLimit.json().id}`,
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(5 * 1024 * 1024), version: 1 }),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorBody(huge).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('stores a document sent twice under its client id once, per user', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const clientId = '7d4f2a9e-3b1c-4e8a-9f60-2c5d8e1a4b37';
    const first = await createDoc(u.auth, { title: 'Train notes', content: 'Written offline.', kind: 'report', clientId });
    const again = await createDoc(u.auth, { title: 'Train notes', content: 'Written offline.', kind: 'report', clientId });
    expect(again.id).toBe(first.id);
    expect(again).not.toHaveProperty('clientId');
    expect((await t.app.inject({ url: '/api/documents', headers: u.auth })).json().documents).toHaveLength(1);
    // The same client id from another account is that account's own document.
    expect((await createDoc(other.auth, { title: 'Mine', clientId })).id).not.toBe(first.id);
    const bad = await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'x', clientId: 'local-1' } });
    expect(bad.statusCode).toBe(422);
  });

  it('rejects bad input on every endpoint', async () => {
    const u = await signUp(t.app);
    const doc = await createDoc(u.auth);
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/api/documents', { title: 5 }, 422],
      ['POST', '/api/documents', { kind: 'poem' }, 422],
      ['POST', '/api/documents', { content: 'x', owner: 'me' }, 422],
      ['POST', '/api/documents', { title: 't'.repeat(201) }, 422],
      ['GET', '/api/documents?kind=poem', undefined, 422],
      ['GET', '/api/documents/not-a-uuid', undefined, 422],
      ['GET', '/api/documents/00000000-0000-4000-8000-000000000000', undefined, 404],
      ['PUT', `/api/documents/${doc.id}`, { content: 'no version' }, 422],
      ['PUT', `/api/documents/${doc.id}`, { version: 1 }, 422],
      ['PUT', `/api/documents/${doc.id}`, { content: 'x', version: 0 }, 422],
      ['PUT', `/api/documents/${doc.id}`, { content: 'x', version: 'one' }, 422],
      ['DELETE', '/api/documents/123', undefined, 422],
      ['DELETE', `/api/documents/${doc.id}?version=0`, undefined, 422],
      ['DELETE', `/api/documents/${doc.id}?version=two`, undefined, 422],
      ['DELETE', `/api/documents/${doc.id}?version=1&force=yes`, undefined, 422],
      ['GET', '/api/documents/profile/poem', undefined, 422],
      ['PUT', '/api/documents/profile/writing', {}, 422],
      ['PUT', '/api/documents/profile/writing', { controlSettings: { level: 'wild' } }, 422],
      ['POST', '/api/documents/profile/writing/history', { kind: 'recentThemes', value: '  ' }, 422],
      ['POST', '/api/documents/profile/writing/history', { kind: 'favoriteFood', value: 'ramen' }, 422],
    ];
    for (const [method, url, payload, status] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: u.auth, payload: payload as object });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      errorBody(res);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { ...u.auth, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(errorBody(malformed).code).toBe('MALFORMED_JSON');
  });
});

describe('writing profile', () => {
  it('answers defaults, saves settings and keeps history newest first, capped at 10', async () => {
    const u = await signUp(t.app);
    const first = await t.app.inject({ url: '/api/documents/profile/writing', headers: u.auth });
    expect(first.json()).toMatchObject({
      mode: 'writing',
      controlSettings: { level: 'balanced', yumiPersonality: 'otaku', allowSuggestions: true, memoryNudges: true, iterativeMode: true },
      userHistory: { recentThemes: [], lastUsedPersonality: null },
      updatedAt: null,
    });
    const report = await t.app.inject({ url: '/api/documents/profile/report', headers: u.auth });
    expect(report.json().controlSettings.yumiPersonality).toBe('teacher');

    const controlSettings = { level: 'precise', yumiPersonality: 'kuudere', allowSuggestions: false, memoryNudges: true, iterativeMode: false };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/documents/profile/writing', headers: u.auth, payload: { controlSettings } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().controlSettings).toEqual(controlSettings);

    for (let i = 0; i < 12; i += 1) {
      const r = await t.app.inject({ method: 'POST', url: '/api/documents/profile/writing/history', headers: u.auth, payload: { kind: 'recentThemes', value: `theme ${i}` } });
      expect(r.statusCode).toBe(200);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/documents/profile/writing/history', headers: u.auth, payload: { kind: 'recentThemes', value: 'theme 5' } });
    const themes = again.json().userHistory.recentThemes as string[];
    expect(themes).toHaveLength(10);
    expect(themes[0]).toBe('theme 5');
    expect(themes[1]).toBe('theme 11');
    expect(themes.filter((x) => x === 'theme 5')).toHaveLength(1);
    // Settings survive a history write; the report profile is separate.
    expect(again.json().controlSettings).toEqual(controlSettings);
    const reportAfter = await t.app.inject({ url: '/api/documents/profile/report', headers: u.auth });
    expect(reportAfter.json().userHistory.recentThemes).toEqual([]);
    const other = await signUp(t.app);
    const otherProfile = await t.app.inject({ url: '/api/documents/profile/writing', headers: other.auth });
    expect(otherProfile.json().userHistory.recentThemes).toEqual([]);
  });
});
