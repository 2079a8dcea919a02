import { isDeletedAccountName, MAX_COMMENT_CHARS, MAX_COMMENTS_PER_DOCUMENT, MAX_QUOTE_CHARS, type CommentThread } from '@yumi/core';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createTestApp, errorBody, outboxMails, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://yumi.test' });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
type Account = Awaited<ReturnType<typeof signUp>>;
type Result = { thread: CommentThread; mailed: string[] };
const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const TEXT = 'The owner wrote this.';
async function createDoc(owner: Account, title = 'Shared story', kind: 'writing' | 'report' = 'writing') {
  const res = await req('POST', '/api/documents', owner.auth, { title, content: TEXT, kind });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
async function share(owner: Account, documentId: string, member: Account, role: 'viewer' | 'commenter' | 'editor') {
  expect((await req('POST', `/api/documents/${documentId}/shares`, owner.auth, { email: member.email, role })).statusCode).toBe(201);
}

/** Real anchors: relative positions in a Yjs text like the live document's ('content'); one Y.Doc, so the same range encodes the same. */
const liveText = new Y.Doc().getText('content');
liveText.insert(0, TEXT);
function anchor(from = 4, to = 9) {
  const at = (index: number) => Buffer.from(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(liveText, index))).toString('base64');
  return { start: at(from), end: at(to) };
}

const comments = (documentId: string) => `/api/documents/${documentId}/comments`;
/** Each write a second later, so "oldest first" has one answer under the test's frozen clock. */
async function write(method: 'POST' | 'PATCH', url: string, auth: Auth, payload: unknown) {
  t.clock.advance(1_000);
  return req(method, url, auth, payload);
}
async function open(author: Account, documentId: string, body: string, headers: Auth = {}): Promise<Result> {
  const res = await write('POST', comments(documentId), { ...author.auth, ...headers }, { anchor: anchor(), quote: 'owner', body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function answer(author: Account, documentId: string, threadId: string, body: string): Promise<Result> {
  const res = await write('POST', `${comments(documentId)}/${threadId}/replies`, author.auth, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const threads = async (account: Account, documentId: string) => {
  const res = await req('GET', comments(documentId), account.auth);
  expect(res.statusCode).toBe(200);
  return (res.json() as { threads: CommentThread[] }).threads;
};
const rowCount = async (documentId: string) =>
  ((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM document_comments WHERE document_id = ${documentId}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

/** The one mail to `to` whose subject matches (sending is in the background; sign-up and share mails are there too). */
const mailAbout = (to: string, subject: RegExp) =>
  vi.waitFor(
    async () => {
      const found = (await outboxMails(t, to)).filter((m) => subject.test(m.subject ?? ''));
      if (found.length !== 1) throw new Error(`${found.length} mails to ${to} about ${subject}`);
      return found[0]!;
    },
    { timeout: 10_000, interval: 20 },
  );
const mentionMails = async (to: string) => (await outboxMails(t, to)).filter((m) => /mentioned|メンション/.test(m.subject ?? ''));

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('comment threads', () => {
  it('the owner and a commenter open threads, reply, resolve and reopen; everyone with access lists them with names', async () => {
    const owner = await signUp(t.app, 'own');
    const commenter = await signUp(t.app, 'com');
    const viewer = await signUp(t.app, 'vie');
    const id = await createDoc(owner);
    await share(owner, id, commenter, 'commenter');
    await share(owner, id, viewer, 'viewer');
    expect(await threads(owner, id)).toEqual([]);

    const a = await open(owner, id, '  Is "owner" the right word?  ');
    expect(a.mailed).toEqual([]);
    expect(a.thread).toMatchObject({ quote: 'owner', anchor: anchor(), resolved: false, resolvedBy: null, resolvedAt: null });
    expect(a.thread.comments).toEqual([
      { id: a.thread.id, authorId: owner.user.id, authorName: owner.username, body: 'Is "owner" the right word?', createdAt: expect.any(String) },
    ]);
    // An anchor at the very end of the text (a position by the type's name) is just as good.
    const end = anchor(TEXT.length, TEXT.length);
    const b = await write('POST', comments(id), commenter.auth, { anchor: end, quote: '.', body: 'Full stop here?' });
    expect(b.statusCode).toBe(201);

    const r1 = await answer(commenter, id, a.thread.id, 'Maybe "writer".');
    expect(r1.thread.comments.map((c) => c.body)).toEqual(['Is "owner" the right word?', 'Maybe "writer".']);
    await answer(owner, id, a.thread.id, 'Good idea.');

    const resolved = await write('PATCH', `${comments(id)}/${a.thread.id}`, commenter.auth, { resolved: true });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ thread: { id: a.thread.id, resolved: true, resolvedBy: commenter.username, resolvedAt: t.clock.now().toISOString() }, mailed: [] });

    const listed = await threads(viewer, id);
    expect(listed.map((th) => th.id)).toEqual([a.thread.id, b.json().thread.id]);
    expect(listed[0]!.comments.map((c) => [c.authorName, c.body])).toEqual([
      [owner.username, 'Is "owner" the right word?'],
      [commenter.username, 'Maybe "writer".'],
      [owner.username, 'Good idea.'],
    ]);
    expect(listed[0]).toMatchObject({ resolved: true, resolvedBy: commenter.username });
    expect(listed[1]).toMatchObject({ anchor: end, quote: '.', resolved: false, comments: [{ authorName: commenter.username, body: 'Full stop here?' }] });

    const reopened = await write('PATCH', `${comments(id)}/${a.thread.id}`, owner.auth, { resolved: false });
    expect(reopened.json().thread).toMatchObject({ resolved: false, resolvedBy: null, resolvedAt: null });
    expect((await threads(commenter, id))[0]).toMatchObject({ resolved: false, resolvedBy: null });
  });

  it('a viewer reads but may not write; a stranger learns nothing', async () => {
    const owner = await signUp(t.app, 'own');
    const viewer = await signUp(t.app, 'vie');
    const stranger = await signUp(t.app, 'str');
    const id = await createDoc(owner);
    await share(owner, id, viewer, 'viewer');
    const a = await open(owner, id, 'First!');
    const reply = (await answer(owner, id, a.thread.id, 'Second.')).thread.comments[1]!;
    expect((await threads(viewer, id)).map((th) => th.comments.length)).toEqual([2]);

    const ja = { ...viewer.auth, 'accept-language': 'ja' };
    const refusals = [
      await write('POST', comments(id), ja, { anchor: anchor(), quote: 'owner', body: 'me too' }),
      await write('POST', `${comments(id)}/${a.thread.id}/replies`, ja, { body: 'me too' }),
      await write('PATCH', `${comments(id)}/${a.thread.id}`, ja, { resolved: true }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(errorBody(res)).toMatchObject({ code: 'COMMENTS_READ_ONLY', error: expect.stringContaining('コメント') });
    }
    const notYours = await req('DELETE', `${comments(id)}/${a.thread.id}`, ja);
    expect(notYours.statusCode).toBe(403);
    expect(errorBody(notYours)).toMatchObject({ code: 'NOT_COMMENT_AUTHOR', error: expect.stringContaining('所有者') });
    expect(errorBody(await req('DELETE', `${comments(id)}/${a.thread.id}/replies/${reply.id}`, viewer.auth)).code).toBe('NOT_COMMENT_AUTHOR');

    const asStranger = [
      await req('GET', comments(id), stranger.auth),
      await write('POST', comments(id), stranger.auth, { anchor: anchor(), quote: 'owner', body: 'hi' }),
      await write('POST', `${comments(id)}/${a.thread.id}/replies`, stranger.auth, { body: 'hi' }),
      await write('PATCH', `${comments(id)}/${a.thread.id}`, stranger.auth, { resolved: true }),
      await req('DELETE', `${comments(id)}/${a.thread.id}`, stranger.auth),
      await req('DELETE', `${comments(id)}/${a.thread.id}/replies/${reply.id}`, stranger.auth),
    ];
    for (const res of asStranger) {
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).code).toBe('NOT_FOUND');
    }
    expect((await req('GET', comments(id), {})).statusCode).toBe(401);
    expect((await threads(owner, id))[0]!.comments).toHaveLength(2);
  });

  it('authors and the owner delete; an editor cannot delete what others wrote; an opening takes its replies', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const commenter = await signUp(t.app, 'com');
    const id = await createDoc(owner);
    await share(owner, id, editor, 'editor');
    await share(owner, id, commenter, 'commenter');
    const a = await open(commenter, id, 'A thread by the commenter');
    const ownerReply = (await answer(owner, id, a.thread.id, 'by the owner')).thread.comments[1]!;
    const commenterReply = (await answer(commenter, id, a.thread.id, 'by the commenter')).thread.comments[2]!;
    const editorReply = (await answer(editor, id, a.thread.id, 'by the editor')).thread.comments[3]!;
    const base = `${comments(id)}/${a.thread.id}`;

    expect(errorBody(await req('DELETE', base, editor.auth)).code).toBe('NOT_COMMENT_AUTHOR');
    expect(errorBody(await req('DELETE', `${base}/replies/${ownerReply.id}`, editor.auth)).code).toBe('NOT_COMMENT_AUTHOR');
    expect(errorBody(await req('DELETE', `${base}/replies/${commenterReply.id}`, editor.auth)).code).toBe('NOT_COMMENT_AUTHOR');
    expect((await req('DELETE', `${base}/replies/${editorReply.id}`, editor.auth)).statusCode).toBe(204);
    expect((await req('DELETE', `${base}/replies/${commenterReply.id}`, owner.auth)).statusCode).toBe(204);
    expect(errorBody(await req('DELETE', `${base}/replies/${commenterReply.id}`, owner.auth)).code).toBe('COMMENT_NOT_FOUND');
    expect((await threads(editor, id))[0]!.comments.map((c) => c.body)).toEqual(['A thread by the commenter', 'by the owner']);

    // The owner deletes a thread someone else opened; its replies go with it.
    const b = await open(editor, id, 'A thread by the editor');
    await answer(commenter, id, b.thread.id, 'a reply');
    await answer(owner, id, b.thread.id, 'another');
    expect(await rowCount(id)).toBe(5);
    expect((await req('DELETE', `${comments(id)}/${b.thread.id}`, owner.auth)).statusCode).toBe(204);
    expect(await rowCount(id)).toBe(2);
    expect(errorBody(await req('DELETE', `${comments(id)}/${b.thread.id}`, owner.auth)).code).toBe('THREAD_NOT_FOUND');
    // The author deletes their own thread.
    expect((await req('DELETE', base, commenter.auth)).statusCode).toBe(204);
    expect(await threads(owner, id)).toEqual([]);
    expect(await rowCount(id)).toBe(0);
  });

  it('refuses bad input on every endpoint with an error code, never a 5xx', async () => {
    const owner = await signUp(t.app, 'own');
    const id = await createDoc(owner);
    const otherDoc = await createDoc(owner, 'Another');
    const a = await open(owner, id, 'here');
    const r = (await answer(owner, id, a.thread.id, 'a reply')).thread.comments[1]!;
    const elsewhere = await open(owner, otherDoc, 'there');
    const base = comments(id);
    const good = { anchor: anchor(), quote: 'owner', body: 'fine' };
    const code = async (res: Awaited<ReturnType<typeof req>>, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      return errorBody(res).code;
    };
    const invalid = async (res: Awaited<ReturnType<typeof req>>) => expect(await code(res, 422)).toBe('VALIDATION_ERROR');

    // Opening a thread.
    await invalid(await req('POST', base, owner.auth, {}));
    await invalid(await req('POST', base, owner.auth, { ...good, body: undefined }));
    await invalid(await req('POST', base, owner.auth, { ...good, body: '   ' }));
    await invalid(await req('POST', base, owner.auth, { ...good, body: 'x'.repeat(MAX_COMMENT_CHARS + 1) }));
    await invalid(await req('POST', base, owner.auth, { ...good, quote: '' }));
    await invalid(await req('POST', base, owner.auth, { ...good, quote: 'q'.repeat(MAX_QUOTE_CHARS + 1) }));
    await invalid(await req('POST', base, owner.auth, { ...good, anchor: { start: 'not base64!', end: good.anchor.end } }));
    await invalid(await req('POST', base, owner.auth, { ...good, anchor: { start: good.anchor.start } }));
    await invalid(await req('POST', base, owner.auth, { ...good, anchor: { ...good.anchor, extra: 'AAAA' } }));
    await invalid(await req('POST', base, owner.auth, { ...good, resolved: true }));
    await invalid(await req('POST', '/api/documents/not-a-uuid/comments', owner.auth, good));
    // Base64, but not a relative position: an unknown kind, trailing bytes, another type's name, a cut-off id.
    const bytes = (...b: number[]) => Buffer.from(b).toString('base64');
    const enc = (position: Y.RelativePosition) => Buffer.from(Y.encodeRelativePosition(position)).toString('base64');
    const notPositions = [
      bytes(5, 1, 2, 3),
      `${good.anchor.start.replace(/=+$/, '')}AAAA`.slice(0, 256),
      enc(Y.createRelativePositionFromTypeIndex(new Y.Doc().getText('title'), 0)),
      bytes(0, 0x80, 0x80, 0x80),
    ];
    for (const bad of notPositions) {
      const res = await req('POST', base, { ...owner.auth, 'accept-language': 'ja' }, { ...good, anchor: { start: good.anchor.start, end: bad } });
      expect(await code(res, 422)).toBe('BAD_COMMENT_ANCHOR');
      expect(errorBody(res).error).toContain('テキスト');
    }

    // Replying.
    await invalid(await req('POST', `${base}/${a.thread.id}/replies`, owner.auth, {}));
    await invalid(await req('POST', `${base}/${a.thread.id}/replies`, owner.auth, { body: '' }));
    await invalid(await req('POST', `${base}/${a.thread.id}/replies`, owner.auth, { body: 'x'.repeat(MAX_COMMENT_CHARS + 1) }));
    await invalid(await req('POST', `${base}/${a.thread.id}/replies`, owner.auth, { body: 'ok', anchor: good.anchor }));
    await invalid(await req('POST', `${base}/not-a-uuid/replies`, owner.auth, { body: 'ok' }));
    expect(await code(await req('POST', `${base}/${MISSING}/replies`, owner.auth, { body: 'ok' }), 404)).toBe('THREAD_NOT_FOUND');
    expect(await code(await req('POST', `${base}/${elsewhere.thread.id}/replies`, owner.auth, { body: 'ok' }), 404)).toBe('THREAD_NOT_FOUND');
    // A reply is not a thread.
    expect(await code(await req('POST', `${base}/${r.id}/replies`, owner.auth, { body: 'ok' }), 404)).toBe('THREAD_NOT_FOUND');

    // Resolving.
    await invalid(await req('PATCH', `${base}/${a.thread.id}`, owner.auth, {}));
    await invalid(await req('PATCH', `${base}/${a.thread.id}`, owner.auth, { resolved: 'yes' }));
    await invalid(await req('PATCH', `${base}/${a.thread.id}`, owner.auth, { resolved: true, by: 'me' }));
    await invalid(await req('PATCH', `${base}/bad`, owner.auth, { resolved: true }));
    expect(await code(await req('PATCH', `${base}/${MISSING}`, owner.auth, { resolved: true }), 404)).toBe('THREAD_NOT_FOUND');
    expect(await code(await req('PATCH', `${base}/${elsewhere.thread.id}`, owner.auth, { resolved: true }), 404)).toBe('THREAD_NOT_FOUND');
    expect(await code(await req('PATCH', `${base}/${r.id}`, owner.auth, { resolved: true }), 404)).toBe('THREAD_NOT_FOUND');

    // Deleting.
    await invalid(await req('DELETE', `${base}/bad`, owner.auth));
    await invalid(await req('DELETE', `${base}/${a.thread.id}/replies/bad`, owner.auth));
    expect(await code(await req('DELETE', `${base}/${MISSING}`, owner.auth), 404)).toBe('THREAD_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/${elsewhere.thread.id}`, owner.auth), 404)).toBe('THREAD_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/${r.id}`, owner.auth), 404)).toBe('THREAD_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/${a.thread.id}/replies/${MISSING}`, owner.auth), 404)).toBe('COMMENT_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/${a.thread.id}/replies/${a.thread.id}`, owner.auth), 404)).toBe('COMMENT_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/${elsewhere.thread.id}/replies/${r.id}`, owner.auth), 404)).toBe('COMMENT_NOT_FOUND');
    expect(await code(await req('DELETE', `${comments(otherDoc)}/${a.thread.id}/replies/${r.id}`, owner.auth), 404)).toBe('COMMENT_NOT_FOUND');
    expect(await code(await req('GET', '/api/documents/bad/comments', owner.auth), 422)).toBe('VALIDATION_ERROR');
    expect(await code(await req('GET', comments(MISSING), owner.auth), 404)).toBe('NOT_FOUND');

    // Nothing of it was stored.
    expect((await threads(owner, id)).map((th) => th.comments.length)).toEqual([2]);
    expect(await rowCount(id)).toBe(2);
  });

  it(`bounds a document at ${MAX_COMMENTS_PER_DOCUMENT} comments, openings and replies together`, async () => {
    const owner = await signUp(t.app, 'own');
    const id = await createDoc(owner);
    const a = await open(owner, id, 'the first');
    const { start, end } = anchor();
    await t.database.db.execute(sql`
      INSERT INTO document_comments (document_id, author_id, body, anchor_start, anchor_end, quote, created_at)
      SELECT ${id}, ${owner.user.id}, 'filler ' || n, ${start}, ${end}, 'owner', now() - interval '1 day'
      FROM generate_series(1, ${MAX_COMMENTS_PER_DOCUMENT - 2}) AS n`);
    const last = await answer(owner, id, a.thread.id, 'the last that fits');
    expect(last.thread.comments).toHaveLength(2);
    expect(await rowCount(id)).toBe(MAX_COMMENTS_PER_DOCUMENT);

    const ja = { ...owner.auth, 'accept-language': 'ja' };
    for (const res of [
      await write('POST', comments(id), ja, { anchor: anchor(), quote: 'owner', body: 'one more' }),
      await write('POST', `${comments(id)}/${a.thread.id}/replies`, ja, { body: 'one more' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(errorBody(res)).toMatchObject({ code: 'COMMENT_LIMIT', error: expect.stringContaining(`${MAX_COMMENTS_PER_DOCUMENT} 件`) });
    }
    expect(await rowCount(id)).toBe(MAX_COMMENTS_PER_DOCUMENT);
    // Resolving adds nothing and still works; deleting makes room again.
    expect((await write('PATCH', `${comments(id)}/${a.thread.id}`, owner.auth, { resolved: true })).statusCode).toBe(200);
    expect((await req('DELETE', `${comments(id)}/${a.thread.id}/replies/${last.thread.comments[1]!.id}`, owner.auth)).statusCode).toBe(204);
    await open(owner, id, 'room again');
    expect(await rowCount(id)).toBe(MAX_COMMENTS_PER_DOCUMENT);
  });

  it('@mentions mail the people with access they name, once, in the writer’s language; never the author or a stranger', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const viewer = await signUp(t.app, 'vie');
    const stranger = await signUp(t.app, 'str');
    const id = await createDoc(owner, 'Dawn <chapter>');
    await share(owner, id, editor, 'editor');
    await share(owner, id, viewer, 'viewer');

    const body = `@${editor.username.toUpperCase()} and @${viewer.username}, see <b>this</b>. Also @${stranger.username}, @${owner.username} and @${editor.username} again.`;
    const a = await open(owner, id, body);
    expect(a.mailed).toEqual([editor.username, viewer.username]);

    const mail = await mailAbout(editor.email, /mentioned/);
    expect(mail.subject).toBe(`${owner.username} mentioned you in "Dawn <chapter>"`);
    expect(mail.text).toContain(`> ${body}`);
    expect(mail.text).toContain(`https://yumi.test/writing?screen=writing&doc=${id}`);
    expect(mail.html).toContain('see &lt;b&gt;this&lt;/b&gt;');
    expect(mail.html).toContain('Dawn &lt;chapter&gt;');
    expect(mail.html).not.toContain('<b>this</b>');
    expect((await mailAbout(viewer.email, /mentioned/)).text).toContain(`https://yumi.test/writing?screen=writing&doc=${id}`);
    // Named twice, mailed once; the stranger and the author are not mailed at all.
    expect(await mentionMails(editor.email)).toHaveLength(1);
    expect(await mentionMails(stranger.email)).toEqual([]);
    expect(await mentionMails(owner.email)).toEqual([]);

    // A reply mentions too, here the owner, in Japanese; a report opens on its own screen.
    const reportId = await createDoc(owner, 'Lab', 'report');
    await share(owner, reportId, editor, 'editor');
    const thread = await open(owner, reportId, 'Please check');
    const res = await write('POST', `${comments(reportId)}/${thread.thread.id}/replies`, { ...editor.auth, 'accept-language': 'ja' }, { body: `@${owner.username}. 確認しました` });
    expect(res.json().mailed).toEqual([owner.username]);
    const ja = await mailAbout(owner.email, /メンション/);
    expect(ja.subject).toBe(`${editor.username} さんが「Lab」であなたをメンションしました`);
    expect(ja.text).toContain(`https://yumi.test/writing?screen=report&doc=${reportId}`);
    expect(ja.text).toContain('ドキュメントを開く');
    // Mentioning nobody with access mails nobody.
    expect((await answer(editor, reportId, thread.thread.id, `@${viewer.username} @nobody-at-all`)).mailed).toEqual([]);
  });

  it('a document deleted while a comment on it is being saved: 409 in the writer’s language, nothing stored, no 5xx', async () => {
    const owner = await signUp(t.app, 'gone');
    const id = await createDoc(owner);
    // The owner's delete lands between the role check and the insert: here, inside the insert itself.
    await t.database.exec(`
      CREATE FUNCTION test_delete_document_first() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM documents WHERE id = NEW.document_id; RETURN NEW; END $$;
      CREATE TRIGGER test_delete_document_first BEFORE INSERT ON document_comments FOR EACH ROW EXECUTE FUNCTION test_delete_document_first();
    `);
    try {
      const res = await write('POST', comments(id), { ...owner.auth, 'accept-language': 'ko' }, { anchor: anchor(), quote: 'owner', body: 'Too late.' });
      expect(res.statusCode).toBe(409);
      expect(errorBody(res)).toMatchObject({ code: 'GONE_MEANWHILE' });
      expect(errorBody(res).error).toMatch(/방금 삭제/);
    } finally {
      await t.database.exec('DROP TRIGGER test_delete_document_first ON document_comments; DROP FUNCTION test_delete_document_first();');
    }
    expect(await rowCount(id)).toBe(0);
  });

  it('the account export holds the comments one wrote, on others’ documents too, and not others’ comments', async () => {
    const owner = await signUp(t.app, 'own');
    const member = await signUp(t.app, 'mem');
    const id = await createDoc(owner);
    await share(owner, id, member, 'commenter');
    const a = await open(member, id, 'My remark on your story');
    await answer(owner, id, a.thread.id, 'The owner answers');
    await answer(member, id, a.thread.id, 'My reply');

    const res = await req('GET', '/api/account/export', member.auth);
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const exported = JSON.parse(strFromU8(files['comments.json']!)) as Array<{ documentId: string; threadId: string | null; body: string; quote: string | null }>;
    expect(exported.map((c) => c.body).sort()).toEqual(['My remark on your story', 'My reply']);
    expect(exported.find((c) => c.threadId === null)).toMatchObject({ documentId: id, quote: 'owner' });
    expect(exported.find((c) => c.threadId !== null)).toMatchObject({ documentId: id, threadId: a.thread.id });
  });

  it('a thread resolved by someone who then deleted their account names them so the app shows "Deleted account", and no more', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const id = await createDoc(owner);
    await share(owner, id, member, 'editor');
    const { thread } = await open(owner, id, 'Check this word');
    expect((await write('PATCH', `${comments(id)}/${thread.id}`, member.auth, { resolved: true })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: member.auth, payload: { password: 'secret123' } });
    expect(gone.statusCode, gone.body).toBe(200);
    const [after] = await threads(owner, id);
    expect(after).toMatchObject({ id: thread.id, resolved: true });
    expect(isDeletedAccountName(after!.resolvedBy!)).toBe(true);
    expect(after!.resolvedBy).not.toContain(member.username);
  });
});
