import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { COLLAB_TEXT_FIELD, MAX_SUGGESTION_CHARS, type CommentThread } from '@yumi/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
let collabUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  collabUrl = `${address.replace('http', 'ws')}/api/collab`;
});
const providers: HocuspocusProvider[] = [];
afterAll(async () => {
  providers.forEach((p) => p.destroy());
  await t.close();
});

type Auth = Record<string, string>;
type Account = Awaited<ReturnType<typeof signUp>>;
type Response = Awaited<ReturnType<typeof t.app.inject>>;
type Result = { thread: CommentThread; mailed: string[] };
const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const TEXT = 'The quick brown fox jumps.';
async function createDoc(owner: Account, content = TEXT) {
  const res = await req('POST', '/api/documents', owner.auth, { title: 'Story', content, kind: 'writing' });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
async function share(owner: Account, documentId: string, member: Account, role: 'viewer' | 'commenter' | 'editor') {
  expect((await req('POST', `/api/documents/${documentId}/shares`, owner.auth, { email: member.email, role })).statusCode).toBe(201);
}
const stored = async (account: Account, id: string) => ((await req('GET', `/api/documents/${id}`, account.auth)).json() as { content: string }).content;

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** The Hocuspocus client the web app uses, on its own socket, synced with the server's live document. */
async function connect(documentId: string, token: string): Promise<Y.Text> {
  const provider = new HocuspocusProvider({ websocketProvider: new HocuspocusProviderWebsocket({ url: collabUrl, maxAttempts: 1 }), name: documentId, token });
  provider.attach();
  providers.push(provider);
  await new Promise<void>((resolve) => (provider.isSynced ? resolve() : provider.on('synced', () => resolve())));
  return provider.document.getText(COLLAB_TEXT_FIELD);
}

/** An anchor on [from, to) of a connected client's text: relative positions the server's live document resolves. */
function range(text: Y.Text, from: number, to = from) {
  const at = (index: number) => Buffer.from(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, index))).toString('base64');
  return { anchor: { start: at(from), end: at(to) }, quote: text.toString().slice(from, to) };
}
/** What a client suggests: replace `find` (its first occurrence) with `insert`; an empty `find` inserts before `before`. */
function proposal(text: Y.Text, find: string, insert: string, before = '') {
  const from = text.toString().indexOf(find || before);
  expect(from).toBeGreaterThanOrEqual(0);
  return { ...range(text, from, from + find.length), insert };
}

const suggestionsUrl = (documentId: string) => `/api/documents/${documentId}/suggestions`;
/** Each write a second later, so "oldest first" has one answer under the test's frozen clock. */
async function suggest(author: Account, documentId: string, body: unknown, headers: Auth = {}): Promise<Response> {
  t.clock.advance(1_000);
  return req('POST', suggestionsUrl(documentId), { ...author.auth, ...headers }, body);
}
async function suggested(author: Account, documentId: string, body: unknown): Promise<CommentThread> {
  const res = await suggest(author, documentId, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Result).thread;
}
async function commentOn(author: Account, documentId: string, text: Y.Text, body: string): Promise<CommentThread> {
  t.clock.advance(1_000);
  const res = await req('POST', `/api/documents/${documentId}/comments`, author.auth, { ...range(text, 4, 9), body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Result).thread;
}
const decide = (account: Account, documentId: string, threadId: string, verb: 'accept' | 'reject', headers: Auth = {}) =>
  req('POST', `${suggestionsUrl(documentId)}/${threadId}/${verb}`, { ...account.auth, ...headers });
async function decided(account: Account, documentId: string, threadId: string, verb: 'accept' | 'reject'): Promise<CommentThread> {
  const res = await decide(account, documentId, threadId, verb);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Result).thread;
}
const threads = async (account: Account, documentId: string) =>
  ((await req('GET', `/api/documents/${documentId}/comments`, account.auth)).json() as { threads: CommentThread[] }).threads;
const code = (res: Response, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return errorBody(res).code;
};

const MISSING = '00000000-0000-4000-8000-000000000000';

/** An owner with a shared story open live, a commenter who suggests and an editor who decides. */
async function story(content = TEXT) {
  const owner = await signUp(t.app, 'own');
  const commenter = await signUp(t.app, 'com');
  const editor = await signUp(t.app, 'edi');
  const id = await createDoc(owner, content);
  await share(owner, id, commenter, 'commenter');
  await share(owner, id, editor, 'editor');
  const text = await connect(id, owner.token);
  return { owner, commenter, editor, id, text };
}

describe('suggestions', () => {
  it('a commenter suggests a replacement, an insertion and a deletion; an editor accepts, and every copy of the text reads it', async () => {
    const { owner, commenter, editor, id, text } = await story();
    const other = await connect(id, editor.token);

    const replace = await suggested(commenter, id, proposal(text, 'quick', 'slow'));
    expect(replace).toMatchObject({ quote: 'quick', suggestion: { insert: 'slow', outcome: null }, resolved: false, resolvedBy: null, resolvedAt: null });
    expect(replace.comments).toEqual([{ id: replace.id, authorId: commenter.user.id, authorName: commenter.username, body: '', createdAt: expect.any(String) }]);
    const insert = await suggested(commenter, id, proposal(text, '', 'red ', 'fox'));
    expect(insert).toMatchObject({ quote: '', suggestion: { insert: 'red ', outcome: null } });
    const remove = await suggested(commenter, id, proposal(text, 'brown ', ''));
    expect(remove).toMatchObject({ quote: 'brown ', suggestion: { insert: '', outcome: null } });
    // Everyone with access lists them beside the comments, oldest first; the text has not changed.
    expect((await threads(owner, id)).map((th) => th.id)).toEqual([replace.id, insert.id, remove.id]);
    expect(await stored(owner, id)).toBe(TEXT);

    // A commenter suggests but does not decide, in any language.
    const refused = await decide(commenter, id, replace.id, 'accept', { 'accept-language': 'ja' });
    expect(code(refused, 403)).toBe('SUGGESTION_EDITORS_ONLY');
    expect(errorBody(refused).error).toContain('編集者');

    const accepted = await decided(editor, id, replace.id, 'accept');
    expect(accepted).toMatchObject({ suggestion: { insert: 'slow', outcome: 'accepted' }, resolved: true, resolvedBy: editor.username, resolvedAt: t.clock.now().toISOString() });
    // Stored when accept answers (search, export and counts read it), and live on every client.
    expect(await stored(owner, id)).toBe('The slow brown fox jumps.');
    await until(() => text.toString() === 'The slow brown fox jumps.' && other.toString() === text.toString());

    await decided(owner, id, remove.id, 'accept');
    await decided(editor, id, insert.id, 'accept');
    expect(await stored(commenter, id)).toBe('The slow red fox jumps.');
    await until(() => text.toString() === 'The slow red fox jumps.' && other.toString() === text.toString());

    // Decided once and for all: accept again, reject, revise, resolve or reopen are refused; the text stays.
    expect(code(await decide(editor, id, replace.id, 'accept'), 409)).toBe('SUGGESTION_DECIDED');
    expect(code(await decide(editor, id, replace.id, 'reject'), 409)).toBe('SUGGESTION_DECIDED');
    expect(code(await req('PUT', `${suggestionsUrl(id)}/${replace.id}`, commenter.auth, proposal(text, 'slow', 'quick')), 409)).toBe('SUGGESTION_DECIDED');
    for (const resolved of [false, true]) {
      expect(code(await req('PATCH', `/api/documents/${id}/comments/${replace.id}`, owner.auth, { resolved }), 409)).toBe('SUGGESTION_DECIDED');
    }
    expect((await threads(commenter, id)).map((th) => th.suggestion?.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(await stored(owner, id)).toBe('The slow red fox jumps.');

    // The history credits who wrote the accepted words and who accepted them.
    const named = await req('POST', `/api/documents/${id}/versions`, owner.auth, { name: 'Reviewed' });
    expect(named.statusCode).toBe(201);
    const authors = (named.json() as { authors: { id: string }[] }).authors.map((a) => a.id);
    expect(authors.sort()).toEqual([commenter.user.id, editor.user.id, owner.user.id].sort());
  });

  it('a reject leaves the text as it is; an open suggestion is not resolved but decided', async () => {
    const { owner, commenter, editor, id, text } = await story();
    const s = await suggested(commenter, id, proposal(text, 'fox', 'cat'));

    const ja = { ...owner.auth, 'accept-language': 'ja' };
    const resolve = await req('PATCH', `/api/documents/${id}/comments/${s.id}`, ja, { resolved: true });
    expect(code(resolve, 409)).toBe('SUGGESTION_USE_DECIDE');
    expect(errorBody(resolve).error).toContain('承認または却下');
    expect((await threads(owner, id))[0]).toMatchObject({ resolved: false, suggestion: { outcome: null } });

    const rejected = await decided(editor, id, s.id, 'reject');
    expect(rejected).toMatchObject({ suggestion: { insert: 'cat', outcome: 'rejected' }, resolved: true, resolvedBy: editor.username });
    expect(await stored(owner, id)).toBe(TEXT);
    expect(text.toString()).toBe(TEXT);
    expect(code(await decide(owner, id, s.id, 'accept'), 409)).toBe('SUGGESTION_DECIDED');
    expect(await stored(owner, id)).toBe(TEXT);
  });

  it('two accepts at once: exactly one applies it, the other is told it is decided', async () => {
    const { owner, commenter, editor, id, text } = await story();
    // An insertion, which applied twice would read twice.
    const s = await suggested(commenter, id, proposal(text, '', 'very ', 'quick'));
    const both = await Promise.all([decide(editor, id, s.id, 'accept'), decide(owner, id, s.id, 'accept')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorBody(both.find((r) => r.statusCode === 409)!).code).toBe('SUGGESTION_DECIDED');
    expect(await stored(owner, id)).toBe('The very quick brown fox jumps.');
    await until(() => text.toString() === 'The very quick brown fox jumps.');
  });

  it('a suggestion whose text was edited since is stale: it stays open and the text untouched; accept-all skips it', async () => {
    const { owner, commenter, editor, id, text } = await story();
    const watcher = await connect(id, editor.token);
    const stale = await suggested(commenter, id, proposal(text, 'brown', 'grey'));
    const fine = await suggested(commenter, id, proposal(text, 'jumps', 'sleeps'));
    const alsoFine = await suggested(commenter, id, proposal(text, '', 'big ', 'fox'));
    // Someone types inside the range; the server has it once another client does.
    text.insert(TEXT.indexOf('brown') + 2, 'o');
    const edited = 'The quick broown fox jumps.';
    await until(() => watcher.toString() === edited);

    const res = await decide(editor, id, stale.id, 'accept', { 'accept-language': 'ja' });
    expect(code(res, 409)).toBe('SUGGESTION_STALE');
    expect(errorBody(res).error).toContain('編集されています');
    expect(errorBody(await decide(editor, id, stale.id, 'accept')).error).toBe(
      'The text this suggestion changes has been edited since; it was left open. Reject it, or ask its author to suggest again.',
    );
    expect((await threads(owner, id))[0]).toMatchObject({ id: stale.id, resolved: false, resolvedBy: null, resolvedAt: null, suggestion: { outcome: null } });
    expect(await stored(owner, id)).toBe(edited);
    expect(text.toString()).toBe(edited);

    const all = await req('POST', `${suggestionsUrl(id)}/accept-all`, editor.auth);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ accepted: 2, skipped: 1 });
    expect(await stored(owner, id)).toBe('The quick broown big fox sleeps.');
    await until(() => text.toString() === 'The quick broown big fox sleeps.' && watcher.toString() === text.toString());
    expect((await threads(owner, id)).map((th) => [th.id, th.suggestion?.outcome])).toEqual([
      [stale.id, null],
      [fine.id, 'accepted'],
      [alsoFine.id, 'accepted'],
    ]);
    // Nothing left to accept; the stale one is rejected with reject-all.
    expect((await req('POST', `${suggestionsUrl(id)}/accept-all`, owner.auth)).json()).toEqual({ accepted: 0, skipped: 1 });
    expect(code(await req('POST', `${suggestionsUrl(id)}/reject-all`, commenter.auth), 403)).toBe('SUGGESTION_EDITORS_ONLY');
    expect((await req('POST', `${suggestionsUrl(id)}/reject-all`, owner.auth)).json()).toEqual({ rejected: 1 });
    expect((await threads(owner, id))[0]).toMatchObject({ resolved: true, resolvedBy: owner.username, suggestion: { outcome: 'rejected' } });
    expect((await req('POST', `${suggestionsUrl(id)}/reject-all`, owner.auth)).json()).toEqual({ rejected: 0 });
    expect(await stored(owner, id)).toBe('The quick broown big fox sleeps.');
  });

  it('reject-all turns down every open suggestion and leaves comments and the text alone', async () => {
    const { owner, commenter, editor, id, text } = await story();
    const a = await suggested(commenter, id, proposal(text, 'quick', 'slow'));
    const b = await suggested(owner, id, proposal(text, 'fox', 'dog'));
    const comment = await commentOn(commenter, id, text, 'Nice word.');
    const res = await req('POST', `${suggestionsUrl(id)}/reject-all`, editor.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rejected: 2 });
    const listed = await threads(owner, id);
    expect(listed.map((th) => [th.id, th.suggestion?.outcome ?? null, th.resolved])).toEqual([
      [a.id, 'rejected', true],
      [b.id, 'rejected', true],
      [comment.id, null, false],
    ]);
    expect(listed.slice(0, 2).map((th) => th.resolvedBy)).toEqual([editor.username, editor.username]);
    expect(await stored(owner, id)).toBe(TEXT);
  });

  it('its author revises an open suggestion; nobody else may', async () => {
    const { owner, commenter, editor, id, text } = await story();
    const s = await suggested(commenter, id, proposal(text, 'quick', 'slow'));
    const url = `${suggestionsUrl(id)}/${s.id}`;

    const revised = await req('PUT', url, commenter.auth, proposal(text, 'quick brown', 'slow grey'));
    expect(revised.statusCode, revised.body).toBe(200);
    expect((revised.json() as Result).thread).toMatchObject({ id: s.id, quote: 'quick brown', suggestion: { insert: 'slow grey', outcome: null }, resolved: false });
    for (const someone of [owner, editor]) {
      const res = await req('PUT', url, { ...someone.auth, 'accept-language': 'zh' }, proposal(text, 'quick', 'fast'));
      expect(code(res, 403)).toBe('NOT_SUGGESTION_AUTHOR');
      expect(errorBody(res).error).toContain('只有提出此建议的人');
    }
    expect((await threads(owner, id))[0]).toMatchObject({ quote: 'quick brown', suggestion: { insert: 'slow grey' } });
    // What is accepted is the revised suggestion.
    await decided(editor, id, s.id, 'accept');
    expect(await stored(owner, id)).toBe('The slow grey fox jumps.');
    await until(() => text.toString() === 'The slow grey fox jumps.');
    expect(code(await req('PUT', url, commenter.auth, proposal(text, 'slow', 'quick')), 409)).toBe('SUGGESTION_DECIDED');
  });

  it('a viewer may not suggest, a stranger learns nothing, and bad input is refused with a code, never a 5xx', async () => {
    const { owner, commenter, id, text } = await story();
    const viewer = await signUp(t.app, 'vie');
    const stranger = await signUp(t.app, 'str');
    await share(owner, id, viewer, 'viewer');
    const good = proposal(text, 'quick', 'slow');
    const s = await suggested(commenter, id, good);
    const comment = await commentOn(owner, id, text, 'A plain comment');
    const base = suggestionsUrl(id);

    const ja = { ...viewer.auth, 'accept-language': 'ja' };
    const asViewer = await req('POST', base, ja, good);
    expect(code(asViewer, 403)).toBe('COMMENTS_READ_ONLY');
    expect(errorBody(asViewer).error).toContain('コメント');
    expect(code(await req('PUT', `${base}/${s.id}`, viewer.auth, good), 403)).toBe('COMMENTS_READ_ONLY');
    for (const verb of ['accept', 'reject'] as const) expect(code(await decide(viewer, id, s.id, verb), 403)).toBe('SUGGESTION_EDITORS_ONLY');
    for (const all of ['accept-all', 'reject-all']) expect(code(await req('POST', `${base}/${all}`, viewer.auth), 403)).toBe('SUGGESTION_EDITORS_ONLY');

    for (const res of [
      await req('POST', base, stranger.auth, good),
      await req('PUT', `${base}/${s.id}`, stranger.auth, good),
      await decide(stranger, id, s.id, 'accept'),
      await decide(stranger, id, s.id, 'reject'),
      await req('POST', `${base}/accept-all`, stranger.auth),
      await req('POST', `${base}/reject-all`, stranger.auth),
    ]) {
      expect(code(res, 404)).toBe('NOT_FOUND');
    }
    expect((await req('POST', base, {}, good)).statusCode).toBe(401);

    const invalid = async (res: Response) => expect(code(res, 422)).toBe('VALIDATION_ERROR');
    await invalid(await req('POST', base, owner.auth, { ...good, quote: '', insert: '' }));
    await invalid(await req('POST', base, owner.auth, { ...good, insert: 'x'.repeat(MAX_SUGGESTION_CHARS + 1) }));
    await invalid(await req('POST', base, owner.auth, { ...good, quote: 'q'.repeat(MAX_SUGGESTION_CHARS + 1) }));
    await invalid(await req('POST', base, owner.auth, { anchor: good.anchor, quote: 'quick' }));
    await invalid(await req('POST', base, owner.auth, { ...good, body: 'extra' }));
    await invalid(await req('PUT', `${base}/${s.id}`, commenter.auth, { ...good, quote: '', insert: '' }));
    await invalid(await req('POST', `${base}/not-a-uuid/accept`, owner.auth));
    // Base64 that is not a relative position of the document's text.
    const garbage = { ...good, anchor: { start: good.anchor.start, end: Buffer.from([5, 1, 2, 3]).toString('base64') } };
    const bad = await req('POST', base, { ...owner.auth, 'accept-language': 'ko' }, garbage);
    expect(code(bad, 422)).toBe('BAD_COMMENT_ANCHOR');
    expect(errorBody(bad).error).toContain('텍스트');
    expect(code(await req('PUT', `${base}/${s.id}`, commenter.auth, garbage), 422)).toBe('BAD_COMMENT_ANCHOR');

    // No such thread, or a plain comment: nothing to revise or decide.
    for (const res of [await req('PUT', `${base}/${MISSING}`, commenter.auth, good), await decide(owner, id, MISSING, 'accept'), await decide(owner, id, MISSING, 'reject')]) {
      expect(code(res, 404)).toBe('THREAD_NOT_FOUND');
    }
    const notOne = await decide(owner, id, comment.id, 'accept', { 'accept-language': 'ja' });
    expect(code(notOne, 409)).toBe('NOT_A_SUGGESTION');
    expect(errorBody(notOne).error).toContain('コメント');
    expect(code(await decide(owner, id, comment.id, 'reject'), 409)).toBe('NOT_A_SUGGESTION');
    expect(code(await req('PUT', `${base}/${comment.id}`, owner.auth, good), 409)).toBe('NOT_A_SUGGESTION');
    // The limits themselves pass: a quote and a text of MAX_SUGGESTION_CHARS each.
    const long = await suggest(owner, id, { ...good, quote: 'q'.repeat(MAX_SUGGESTION_CHARS), insert: 'x'.repeat(MAX_SUGGESTION_CHARS) });
    expect(long.statusCode, long.body).toBe(201);

    expect((await threads(owner, id)).map((th) => th.suggestion?.insert.length ?? null)).toEqual([4, null, MAX_SUGGESTION_CHARS]);
    expect(await stored(owner, id)).toBe(TEXT);
  });

  it('replies and deleting work on a suggestion as on a comment; the account export holds suggestions with their outcome', async () => {
    const { owner, commenter, editor, id, text } = await story();
    const s = await suggested(commenter, id, proposal(text, 'quick', 'slow'));
    const reply = await req('POST', `/api/documents/${id}/comments/${s.id}/replies`, editor.auth, { body: 'Why slow?' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((reply.json() as Result).thread.comments.map((c) => c.body)).toEqual(['', 'Why slow?']);
    const kept = await suggested(commenter, id, proposal(text, 'fox', 'cat'));
    await decided(owner, id, kept.id, 'reject');

    const res = await req('GET', '/api/account/export', commenter.auth);
    expect(res.statusCode).toBe(200);
    const exported = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['comments.json']!)) as Array<Record<string, unknown>>;
    expect(exported.map((c) => [c.id, c.quote, c.suggestion, c.outcome]).sort()).toEqual(
      [
        [s.id, 'quick', 'slow', null],
        [kept.id, 'fox', 'cat', 'rejected'],
      ].sort(),
    );

    // The author withdraws a suggestion by deleting its thread; an editor may not delete someone else's.
    expect(code(await req('DELETE', `/api/documents/${id}/comments/${s.id}`, editor.auth), 403)).toBe('NOT_COMMENT_AUTHOR');
    expect((await req('DELETE', `/api/documents/${id}/comments/${s.id}`, commenter.auth)).statusCode).toBe(204);
    expect((await threads(owner, id)).map((th) => th.id)).toEqual([kept.id]);
    expect(code(await decide(editor, id, s.id, 'accept'), 404)).toBe('THREAD_NOT_FOUND');
    expect(await stored(owner, id)).toBe(TEXT);
  });

  it('the table itself refuses a suggestion on a reply or past the limit, an unknown outcome, an outcome without a suggestion and a decision left unresolved', async () => {
    const { owner, commenter, id, text } = await story();
    const s = await suggested(commenter, id, proposal(text, 'quick', 'slow'));
    const insert = (columns: Record<string, string>) => {
      const row = { document_id: `'${id}'`, author_id: `'${owner.user.id}'`, body: "''", anchor_start: `'${s.anchor.start}'`, anchor_end: `'${s.anchor.end}'`, quote: "'quick'", ...columns };
      return t.database.exec(`INSERT INTO document_comments (${Object.keys(row).join(', ')}) VALUES (${Object.values(row).join(', ')})`);
    };
    const reply = { thread_id: `'${s.id}'`, anchor_start: 'NULL', anchor_end: 'NULL', quote: 'NULL' };
    const refusals: Array<[Record<string, string>, string]> = [
      [{ ...reply, suggestion: "'x'" }, 'suggestion'],
      [{ suggestion: `'${'x'.repeat(MAX_SUGGESTION_CHARS + 1)}'` }, 'suggestion'],
      [{ suggestion: "'x'", outcome: "'maybe'", resolved_at: 'now()' }, 'outcome'],
      [{ outcome: "'accepted'" }, 'outcome'],
      [{ suggestion: "'x'", outcome: "'accepted'" }, 'decided'],
      [{ suggestion: "'x'", resolved_at: 'now()' }, 'decided'],
    ];
    for (const [columns, check] of refusals) await expect(insert(columns), JSON.stringify(columns).slice(0, 100)).rejects.toThrow(`document_comments_${check}_check`);
    await insert({ suggestion: `'${'x'.repeat(MAX_SUGGESTION_CHARS)}'`, outcome: "'accepted'", resolved_at: 'now()' });
    await insert({ ...reply, body: "'a reply'" });
  });
});
