import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MAX_CHARS, ARCHIVE_MERGE_MAX_TURNS, ARCHIVE_TURN_MAX_CHARS, MAX_ARCHIVES_PER_USER } from '@yumi/core';
import { chatArchives } from '../src/db/schema';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

// PUT /api/chat/archives/:id: a conversation continued offline on one device and online elsewhere keeps
// every turn of both, once, in time order, on the server too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_LOCAL_WORD_DELAY_MS: '0' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const context = { provider: 'local', model: 'yumi-local', personality: 'teacher', mode: 'main' };
const turn = (role: 'user' | 'assistant', content: string, timestamp: string, id = randomUUID()) => ({ id, role, content, timestamp });
const merge = (u: User | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/chat/archives/${id}`, headers: u?.auth ?? {}, payload: payload as object });
const archive = async (u: User, id: string) => (await t.app.inject({ url: `/api/chat/archives/${id}`, headers: u.auth })).json();
const chat = (u: User, message: string, conversationId?: string, turnIds?: { user: string; assistant: string }) =>
  t.app.inject({ method: 'POST', url: '/api/chat', headers: u.auth, payload: { message, context, conversationId, turnIds } });

describe('PUT /api/chat/archives/:id', () => {
  it("merges a device's offline turns with turns added online meanwhile: all of both, once, in time order", async () => {
    const u = await signUp(t.app, 'merge');
    // Online on the first device: the server archives the turn under the ids the client chose.
    const ids = { user: randomUUID(), assistant: randomUUID() };
    const first = await chat(u, 'How do I export my report as PDF?', undefined, ids);
    expect(first.statusCode).toBe(200);
    const { conversationId } = first.json();
    const online = (await archive(u, conversationId)).messages;
    expect(online.map((m: { id: string }) => m.id)).toEqual([ids.user, ids.assistant]);

    // The device went offline and answered one question itself, while another browser asked one online.
    t.clock.advance(60_000);
    const offlineAt = t.clock.now().getTime();
    t.clock.advance(60_000);
    expect((await chat(u, 'Asked in the other browser', conversationId)).statusCode).toBe(200);
    const device = [
      ...online,
      turn('user', 'Asked offline', new Date(offlineAt).toISOString()),
      turn('assistant', 'Answered offline', new Date(offlineAt + 500).toISOString()),
    ];
    // The device sends what the server lacks (its offline turns); sending its whole copy changes nothing more.
    const res = await merge(u, conversationId, { context, messages: device.slice(2) });
    expect(res.statusCode).toBe(200);
    const contents = ['How do I export my report as PDF?', 'Asked offline', 'Answered offline', 'Asked in the other browser'];
    const merged = res.json().messages as Array<{ id: string; role: string; content: string }>;
    expect(merged).toHaveLength(6);
    expect(new Set(merged.map((m) => m.id)).size).toBe(6);
    expect(merged.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(merged.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([contents[0], contents[1], contents[3]]);
    expect(merged[3]!.content).toBe('Answered offline');
    expect(res.json().messageCount).toBe(6);

    const again = await merge(u, conversationId, { context, messages: device });
    expect(again.statusCode).toBe(200);
    expect(again.json().messages).toEqual(merged);
    expect((await archive(u, conversationId)).messages).toEqual(merged);
    // The server keeps answering from the merged conversation.
    expect((await chat(u, 'And now?', conversationId)).statusCode).toBe(200);
    expect((await archive(u, conversationId)).messages).toHaveLength(8);
  });

  it('creates a conversation the server never saw (begun offline), titled by its first question', async () => {
    const u = await signUp(t.app, 'merge');
    const id = randomUUID();
    const res = await merge(u, id, {
      context,
      messages: [turn('user', '  Begun   offline\non the train ', '2026-03-01T08:00:00.000Z'), turn('assistant', 'An answer', '2026-03-01T08:00:01.000Z')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: 'Begun offline on the train', provider: 'local', model: 'yumi-local', mode: 'main', personality: 'teacher', messageCount: 2 });
    const list = (await t.app.inject({ url: '/api/chat/archives', headers: u.auth })).json().archives;
    expect(list).toEqual([expect.objectContaining({ id, messageCount: 2 })]);

    // Two devices sending at once, to a conversation neither the server nor the other had: both kept.
    const fresh = randomUUID();
    const [one, two] = await Promise.all([
      merge(u, fresh, { context, messages: [turn('user', 'From the phone', '2026-03-01T08:00:00.000Z')] }),
      merge(u, fresh, { context, messages: [turn('user', 'From the laptop', '2026-03-01T08:05:00.000Z')] }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect((await archive(u, fresh)).messages.map((m: { content: string }) => m.content)).toEqual(['From the phone', 'From the laptop']);
  });

  it("is owner-checked: another account's conversation is not found and stays as it was", async () => {
    const u = await signUp(t.app, 'merge');
    const other = await signUp(t.app, 'merge');
    const { conversationId } = (await chat(u, 'Mine')).json();
    const before = (await archive(u, conversationId)).messages;
    const res = await merge(other, conversationId, { context, messages: [turn('user', 'Taken over', '2026-03-01T10:00:00.000Z')] });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res).code).toBe('NOT_FOUND');
    expect((await archive(u, conversationId)).messages).toEqual(before);
    expect((await t.app.inject({ url: '/api/chat/archives', headers: other.auth })).json().archives).toEqual([]);
    expect((await merge(null, conversationId, { context, messages: [turn('user', 'x', '2026-03-01T10:00:00.000Z')] })).statusCode).toBe(401);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const u = await signUp(t.app, 'merge');
    const id = randomUUID();
    const ok = turn('user', 'Hello', '2026-03-01T10:00:00.000Z');
    const cases: unknown[] = [
      { context, messages: [] },
      { context, messages: [{ ...ok, id: 'local-1' }] },
      { context, messages: [{ ...ok, role: 'system' }] },
      { context, messages: [{ ...ok, content: '   ' }] },
      { context, messages: [{ ...ok, content: 'a\u0000b' }] },
      { context, messages: [{ ...ok, content: 'x\uD800y' }] },
      { context, messages: [{ ...ok, content: 'x'.repeat(ARCHIVE_TURN_MAX_CHARS + 1) }] },
      { context, messages: [{ ...ok, timestamp: 'yesterday' }] },
      { context, messages: [{ ...ok, extra: true }] },
      { context, messages: Array.from({ length: ARCHIVE_MERGE_MAX_TURNS + 1 }, (_, i) => turn('user', `q${i}`, '2026-03-01T10:00:00.000Z')) },
      { context: { ...context, provider: 'skynet' }, messages: [ok] },
      { messages: [ok] },
      { context, messages: [ok], admin: true },
    ];
    for (const payload of cases) {
      const res = await merge(u, id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
    expect((await merge(u, 'not-a-uuid', { context, messages: [ok] })).statusCode).toBe(422);
    const huge = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/archives/${id}`,
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: `{"context":${JSON.stringify(context)},"messages":[{"id":"${randomUUID()}","role":"user","timestamp":"2026-03-01T10:00:00.000Z","content":"${'a'.repeat(3_000_000)}"}]}`,
    });
    expect(huge.statusCode).toBe(413);
    expect((await t.app.inject({ url: `/api/chat/archives/${id}`, headers: u.auth })).statusCode).toBe(404);
  });

  it('stores nothing past the bounds: a conversation too long (413), a new one past the account cap (409), in the user\'s language', async () => {
    const u = await signUp(t.app, 'merge');
    const id = randomUUID();
    // Full turns of the largest size, a request at a time, until the conversation would pass its bound.
    const batch = (n: number) =>
      Array.from({ length: ARCHIVE_MERGE_MAX_TURNS }, (_, i) => turn(i % 2 ? 'assistant' : 'user', `${n}-${i} `.padEnd(ARCHIVE_TURN_MAX_CHARS, 'x'), new Date(Date.UTC(2026, 2, 1, 10, n, i)).toISOString()));
    const fits = Math.floor(ARCHIVE_MAX_CHARS / (ARCHIVE_MERGE_MAX_TURNS * ARCHIVE_TURN_MAX_CHARS));
    for (let n = 0; n < fits; n++) expect((await merge(u, id, { context, messages: batch(n) })).statusCode).toBe(200);
    const tooLong = await t.app.inject({ method: 'PUT', url: `/api/chat/archives/${id}`, headers: { ...u.auth, 'accept-language': 'ko' }, payload: { context, messages: batch(fits) } });
    expect(tooLong.statusCode).toBe(413);
    expect(errorBody(tooLong)).toMatchObject({ code: 'ARCHIVE_TOO_LONG', error: '이 대화는 너무 길어 저장할 수 없습니다. 계속하려면 새 대화를 시작해 주세요.' });
    expect((await archive(u, id)).messages).toHaveLength(fits * ARCHIVE_MERGE_MAX_TURNS);

    // An account at the cap: its conversations still take turns, a new one is refused.
    const full = await signUp(t.app, 'merge');
    const now = new Date('2026-03-01T10:00:00Z');
    await t.database.db.insert(chatArchives).values(
      Array.from({ length: MAX_ARCHIVES_PER_USER }, (_, i) => ({ id: randomUUID(), userId: full.user.id, title: `c${i}`, ...context, messages: [], createdAt: now, updatedAt: now })),
    );
    const ok = [turn('user', 'One more', '2026-03-01T11:00:00.000Z')];
    const refused = await t.app.inject({ method: 'PUT', url: `/api/chat/archives/${randomUUID()}`, headers: { ...full.auth, 'accept-language': 'en' }, payload: { context, messages: ok } });
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused)).toMatchObject({ code: 'ARCHIVE_LIMIT', error: `You can keep at most ${MAX_ARCHIVES_PER_USER} conversations. Delete some in the archive so this one can be saved.` });
    const [existing] = await t.database.db.select({ id: chatArchives.id }).from(chatArchives).where(eq(chatArchives.userId, full.user.id)).limit(1);
    expect((await merge(full, existing!.id, { context, messages: ok })).statusCode).toBe(200);
  });
});
