import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_LINKS_PER_DOCUMENT, MAX_SHARES_PER_DOCUMENT } from '@yumi/core';
import { createTestApp, errorBody, outboxMails, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://yumi.test' });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createDoc(auth: Auth, kind: 'writing' | 'report' = 'writing', title = 'Shared story') {
  const res = await req('POST', '/api/documents', auth, { title, content: 'The owner wrote this.', kind });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; version: number };
}

const shareToken = (text: string | undefined) => /\/share\/([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];
/** The sharing mail to `to` (a new account's verification mail may be in the outbox too). */
const shareMail = (to: string) =>
  vi.waitFor(
    async () => {
      const mail = (await outboxMails(t, to)).find((m) => !(m.text ?? '').includes('/verify-email'));
      if (!mail) throw new Error(`no sharing mail to ${to} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('sharing', () => {
  it('a document with no title is named "Untitled" in the sharing mail', async () => {
    const owner = await signUp(t.app, 'owner');
    const member = await signUp(t.app, 'member');
    const made = await req('POST', '/api/documents', owner.auth, { title: '', content: 'No title yet.', kind: 'writing' });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: string };
    expect((await req('POST', `/api/documents/${id}/shares`, owner.auth, { email: member.email, role: 'viewer' })).statusCode).toBe(201);
    expect((await shareMail(member.email)).subject).toContain('Untitled');
  });

  it('an existing account gets the role at once: read, edit as editor, read-only as viewer, changed, removed, left', async () => {
    const owner = await signUp(t.app, 'owner');
    const member = await signUp(t.app, 'member');
    const stranger = await signUp(t.app, 'stranger');
    const doc = await createDoc(owner.auth);

    expect((await req('GET', `/api/documents/${doc.id}`, member.auth)).statusCode).toBe(404);
    const add = await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: member.email.toUpperCase(), role: 'editor' });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ member: { userId: member.user.id, name: member.username, role: 'editor' }, invite: null });
    const mail = await shareMail(member.email);
    expect(mail.subject).toContain('Shared story');
    expect(mail.text).toContain(`https://yumi.test/writing?screen=writing&doc=${doc.id}`);
    expect(mail.text).toContain('editor');

    const got = await req('GET', `/api/documents/${doc.id}`, member.auth);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ content: 'The owner wrote this.', role: 'editor', collaborative: true });
    expect((await req('GET', `/api/documents/${doc.id}`, owner.auth)).json()).toMatchObject({ role: 'owner', collaborative: true });
    const put = await req('PUT', `/api/documents/${doc.id}`, member.auth, { content: 'Edited by the member.', version: doc.version });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ version: 2, role: 'editor' });
    // Compare-and-set still holds for members.
    expect(errorBody(await req('PUT', `/api/documents/${doc.id}`, owner.auth, { content: 'stale', version: 1 })).code).toBe('VERSION_CONFLICT');
    // Not in the member's own list, and not counted against their documents; the owner's list is unchanged.
    expect((await req('GET', '/api/documents', member.auth)).json().documents).toEqual([]);
    expect((await req('GET', '/api/documents', owner.auth)).json().documents).toHaveLength(1);

    const shared = await req('GET', '/api/documents/shared', member.auth);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().documents).toEqual([expect.objectContaining({ id: doc.id, role: 'editor', ownerName: owner.username, title: 'Shared story' })]);
    expect((await req('GET', '/api/documents/shared?kind=report', member.auth)).json().documents).toEqual([]);

    // The stranger sees nothing, whatever they try.
    expect(errorBody(await req('GET', `/api/documents/${doc.id}`, stranger.auth)).code).toBe('NOT_FOUND');
    expect(errorBody(await req('GET', `/api/documents/${doc.id}/access`, stranger.auth)).code).toBe('NOT_FOUND');
    expect((await req('PUT', `/api/documents/${doc.id}`, stranger.auth, { content: 'x', version: 2 })).statusCode).toBe(404);
    expect((await req('POST', `/api/documents/${doc.id}/shares`, stranger.auth, { email: stranger.email, role: 'editor' })).statusCode).toBe(404);

    // Members see who has access but not invitations or links, and cannot manage or delete.
    const access = (await req('GET', `/api/documents/${doc.id}/access`, member.auth)).json();
    expect(access).toMatchObject({ role: 'editor', owner: { userId: owner.user.id, name: owner.username }, invites: [], links: [] });
    expect(access.members).toEqual([expect.objectContaining({ userId: member.user.id, role: 'editor' })]);
    const notOwner = await req('PATCH', `/api/documents/${doc.id}/shares/${member.user.id}`, { ...member.auth, 'accept-language': 'ja' }, { role: 'editor' });
    expect(notOwner.statusCode).toBe(403);
    expect(errorBody(notOwner)).toMatchObject({ code: 'NOT_OWNER', error: expect.stringContaining('所有者') });
    expect(errorBody(await req('DELETE', `/api/documents/${doc.id}`, member.auth)).code).toBe('NOT_OWNER');
    expect(errorBody(await req('POST', `/api/documents/${doc.id}/links`, member.auth, { role: 'editor' })).code).toBe('NOT_OWNER');

    const change = await req('PATCH', `/api/documents/${doc.id}/shares/${member.user.id}`, owner.auth, { role: 'viewer' });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ userId: member.user.id, role: 'viewer', name: member.username });
    const readOnly = await req('PUT', `/api/documents/${doc.id}`, { ...member.auth, 'accept-language': 'ko' }, { content: 'no', version: 2 });
    expect(readOnly.statusCode).toBe(403);
    expect(errorBody(readOnly)).toMatchObject({ code: 'READ_ONLY', error: expect.stringContaining('편집자') });
    expect((await req('GET', `/api/documents/${doc.id}`, member.auth)).json().role).toBe('viewer');

    const remove = await req('DELETE', `/api/documents/${doc.id}/shares/${member.user.id}`, owner.auth);
    expect(remove.statusCode).toBe(204);
    expect((await req('GET', `/api/documents/${doc.id}`, member.auth)).statusCode).toBe(404);
    expect((await req('GET', '/api/documents/shared', member.auth)).json().documents).toEqual([]);
    expect((await req('GET', `/api/documents/${doc.id}`, owner.auth)).json().collaborative).toBe(false);
    expect(errorBody(await req('DELETE', `/api/documents/${doc.id}/shares/${member.user.id}`, owner.auth)).code).toBe('MEMBER_NOT_FOUND');

    // Leaving: a member removes themselves.
    await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: member.email, role: 'commenter' });
    await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: stranger.email, role: 'viewer' });
    expect(errorBody(await req('DELETE', `/api/documents/${doc.id}/shares/${stranger.user.id}`, member.auth)).code).toBe('NOT_OWNER');
    expect((await req('DELETE', `/api/documents/${doc.id}/shares/${member.user.id}`, member.auth)).statusCode).toBe(204);
    expect((await req('GET', `/api/documents/${doc.id}`, member.auth)).statusCode).toBe(404);
    expect(errorBody(await req('DELETE', `/api/documents/${doc.id}/shares/${owner.user.id}`, owner.auth)).code).toBe('OWNER_CANNOT_LEAVE');

    // Deleting the document takes its shares with it.
    expect((await req('DELETE', `/api/documents/${doc.id}`, owner.auth)).statusCode).toBe(204);
    expect((await req('GET', '/api/documents/shared', stranger.auth)).json().documents).toEqual([]);
    expect((await req('GET', `/api/documents/${doc.id}/access`, stranger.auth)).statusCode).toBe(404);
  });

  it('an address without an account gets a mailed invitation, used once by whoever signs in with it', async () => {
    const owner = await signUp(t.app, 'owner');
    const doc = await createDoc(owner.auth, 'report', 'Lab report');
    const email = `newcomer${Date.now()}@example.com`;
    const add = await req('POST', `/api/documents/${doc.id}/shares`, { ...owner.auth, 'accept-language': 'zh' }, { email, role: 'commenter' });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ member: null, invite: { email, role: 'commenter' } });
    const mail = await shareMail(email);
    expect(mail.subject).toContain('Lab report');
    expect(mail.text).toContain('评论者');
    const token = shareToken(mail.text)!;
    expect(token).toBeTruthy();
    expect(mail.text).toContain(`https://yumi.test/share/${token}`);
    // A pending invitation is not "collaborative" (nobody is in yet), and the owner lists it.
    expect((await req('GET', `/api/documents/${doc.id}`, owner.auth)).json().collaborative).toBe(false);
    expect((await req('GET', `/api/documents/${doc.id}/access`, owner.auth)).json().invites).toEqual([expect.objectContaining({ email, role: 'commenter' })]);

    const newcomer = await signUp(t.app, 'newcomer');
    const accept = await req('POST', '/api/shares/accept', newcomer.auth, { token });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ documentId: doc.id, kind: 'report', role: 'commenter' });
    expect((await req('GET', `/api/documents/${doc.id}`, newcomer.auth)).json().role).toBe('commenter');
    const after = (await req('GET', `/api/documents/${doc.id}/access`, owner.auth)).json();
    expect(after.invites).toEqual([]);
    expect(after.members).toEqual([expect.objectContaining({ userId: newcomer.user.id, role: 'commenter' })]);

    const again = await req('POST', '/api/shares/accept', { ...(await signUp(t.app)).auth, 'accept-language': 'ja' }, { token });
    expect(again.statusCode).toBe(404);
    expect(errorBody(again)).toMatchObject({ code: 'SHARE_TOKEN_NOT_FOUND', error: expect.stringContaining('共有リンク') });

    // Withdrawing an invitation: its link stops working.
    await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: `w${email}`, role: 'viewer' });
    const withdrawn = await shareMail(`w${email}`);
    const inviteId = (await req('GET', `/api/documents/${doc.id}/access`, owner.auth)).json().invites[0].id as string;
    expect((await req('DELETE', `/api/documents/${doc.id}/invites/${inviteId}`, owner.auth)).statusCode).toBe(204);
    expect(errorBody(await req('DELETE', `/api/documents/${doc.id}/invites/${inviteId}`, owner.auth)).code).toBe('INVITE_NOT_FOUND');
    expect((await req('POST', '/api/shares/accept', newcomer.auth, { token: shareToken(withdrawn.text)! })).statusCode).toBe(404);
    expect((await req('POST', '/api/shares/accept', {}, { token })).statusCode).toBe(401);
  });

  it('a link gives its role to anyone signed in until it is turned off, never lowering a role', async () => {
    const owner = await signUp(t.app, 'owner');
    const doc = await createDoc(owner.auth);
    const made = await req('POST', `/api/documents/${doc.id}/links`, owner.auth, { role: 'viewer' });
    expect(made.statusCode).toBe(201);
    const { link, url } = made.json() as { link: { id: string; role: string }; url: string };
    expect(link.role).toBe('viewer');
    const token = shareToken(url)!;
    expect(url).toBe(`https://yumi.test/share/${token}`);
    expect((await req('GET', `/api/documents/${doc.id}`, owner.auth)).json().collaborative).toBe(true);
    // The secret is never listed again.
    expect(JSON.stringify((await req('GET', `/api/documents/${doc.id}/access`, owner.auth)).json())).not.toContain(token);

    const reader = await signUp(t.app, 'reader');
    expect((await req('POST', '/api/shares/accept', reader.auth, { token })).json()).toEqual({ documentId: doc.id, kind: 'writing', role: 'viewer' });
    const editor = await signUp(t.app, 'editor');
    await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: editor.email, role: 'editor' });
    expect((await req('POST', '/api/shares/accept', editor.auth, { token })).json().role).toBe('editor');
    expect((await req('POST', '/api/shares/accept', owner.auth, { token })).json()).toMatchObject({ role: 'owner' });
    expect((await req('GET', `/api/documents/${doc.id}/access`, owner.auth)).json().members).toHaveLength(2);

    expect((await req('DELETE', `/api/documents/${doc.id}/links/${link.id}`, owner.auth)).statusCode).toBe(204);
    expect(errorBody(await req('DELETE', `/api/documents/${doc.id}/links/${link.id}`, owner.auth)).code).toBe('LINK_NOT_FOUND');
    const late = await signUp(t.app, 'late');
    expect(errorBody(await req('POST', '/api/shares/accept', late.auth, { token })).code).toBe('SHARE_TOKEN_NOT_FOUND');
    // Access given through the link stays.
    expect((await req('GET', `/api/documents/${doc.id}`, reader.auth)).statusCode).toBe(200);
  });

  it('refuses bad input on every endpoint with clear errors', async () => {
    const owner = await signUp(t.app, 'owner');
    const doc = await createDoc(owner.auth);
    const base = `/api/documents/${doc.id}`;
    const code = async (res: Awaited<ReturnType<typeof req>>, status: number) => {
      expect(res.statusCode).toBe(status);
      return errorBody(res).code;
    };
    expect(await code(await req('GET', '/api/documents/not-a-uuid/access', owner.auth), 422)).toBeTruthy();
    expect(await code(await req('GET', '/api/documents/shared?kind=poem', owner.auth), 422)).toBeTruthy();
    expect(await code(await req('POST', '/api/documents/nope/shares', owner.auth, { email: 'a@example.com', role: 'editor' }), 422)).toBeTruthy();
    expect(await code(await req('POST', `${base}/shares`, owner.auth, { email: 'not an email', role: 'editor' }), 422)).toBeTruthy();
    expect(await code(await req('POST', `${base}/shares`, owner.auth, { email: 'a@example.com', role: 'owner' }), 422)).toBeTruthy();
    expect(await code(await req('POST', `${base}/shares`, owner.auth, { email: 'a@example.com', role: 'editor', extra: 1 }), 422)).toBeTruthy();
    expect(await code(await req('POST', `${base}/shares`, owner.auth, { email: owner.email, role: 'editor' }), 422)).toBe('SHARE_WITH_OWNER');
    expect(await code(await req('POST', `/api/documents/${MISSING}/shares`, owner.auth, { email: 'a@example.com', role: 'editor' }), 404)).toBe('NOT_FOUND');
    expect(await code(await req('PATCH', `${base}/shares/bad`, owner.auth, { role: 'editor' }), 422)).toBeTruthy();
    expect(await code(await req('PATCH', `${base}/shares/${MISSING}`, owner.auth, { role: 'admin' }), 422)).toBeTruthy();
    expect(await code(await req('PATCH', `${base}/shares/${MISSING}`, owner.auth, { role: 'editor' }), 404)).toBe('MEMBER_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/shares/${MISSING}`, owner.auth), 404)).toBe('MEMBER_NOT_FOUND');
    expect(await code(await req('DELETE', `${base}/invites/bad`, owner.auth), 422)).toBeTruthy();
    expect(await code(await req('DELETE', `${base}/invites/${MISSING}`, owner.auth), 404)).toBe('INVITE_NOT_FOUND');
    expect(await code(await req('POST', `${base}/links`, owner.auth, { role: 'superuser' }), 422)).toBeTruthy();
    expect(await code(await req('DELETE', `${base}/links/${MISSING}`, owner.auth), 404)).toBe('LINK_NOT_FOUND');
    expect(await code(await req('POST', '/api/shares/accept', owner.auth, { token: 'short' }), 422)).toBeTruthy();
    expect(await code(await req('POST', '/api/shares/accept', owner.auth, { token: 'A'.repeat(43) }), 404)).toBe('SHARE_TOKEN_NOT_FOUND');
    expect(await code(await req('GET', '/api/documents/shared', {}), 401)).toBeTruthy();
  });

  it('bounds links and people per document', async () => {
    const owner = await signUp(t.app, 'owner');
    const doc = await createDoc(owner.auth);
    const urls: string[] = [];
    for (let i = 0; i < MAX_LINKS_PER_DOCUMENT; i += 1) {
      const res = await req('POST', `/api/documents/${doc.id}/links`, owner.auth, { role: 'viewer' });
      expect(res.statusCode).toBe(201);
      urls.push(res.json().url);
    }
    const tooMany = await req('POST', `/api/documents/${doc.id}/links`, owner.auth, { role: 'viewer' });
    expect(tooMany.statusCode).toBe(409);
    expect(errorBody(tooMany)).toMatchObject({ code: 'LINK_LIMIT', error: expect.stringContaining(String(MAX_LINKS_PER_DOCUMENT)) });

    const stamp = Date.now();
    for (let i = 0; i < MAX_SHARES_PER_DOCUMENT; i += 1) {
      const res = await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: `cap${stamp}-${i}@example.com`, role: 'viewer' });
      expect(res.statusCode).toBe(201);
    }
    const full = await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: `cap${stamp}-x@example.com`, role: 'viewer' });
    expect(errorBody(full)).toMatchObject({ code: 'SHARE_LIMIT' });
    expect(full.statusCode).toBe(409);
    // Inviting an address again replaces its invitation rather than counting twice.
    expect((await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: `cap${stamp}-0@example.com`, role: 'editor' })).statusCode).toBe(201);
    // A link cannot add someone past the cap either.
    const late = await signUp(t.app, 'late');
    expect(errorBody(await req('POST', '/api/shares/accept', late.auth, { token: shareToken(urls[0])! })).code).toBe('SHARE_LIMIT');
    expect(await outboxMails(t, `cap${stamp}-x@example.com`)).toEqual([]);
  });

  it('report metadata: members read it, only editors and the owner save it', async () => {
    const owner = await signUp(t.app, 'owner');
    const viewer = await signUp(t.app, 'viewer');
    const editor = await signUp(t.app, 'editor');
    const stranger = await signUp(t.app, 'stranger');
    const doc = await createDoc(owner.auth, 'report', 'Paper');
    const meta = { style: 'apa', references: [], figures: [] };
    expect((await req('PUT', `/api/report/meta/${doc.id}`, owner.auth, meta)).statusCode).toBe(200);
    await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: viewer.email, role: 'viewer' });
    await req('POST', `/api/documents/${doc.id}/shares`, owner.auth, { email: editor.email, role: 'editor' });

    const read = await req('GET', `/api/report/meta/${doc.id}`, viewer.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ style: 'apa' });
    const refused = await req('PUT', `/api/report/meta/${doc.id}`, viewer.auth, { ...meta, style: 'ieee' });
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused).code).toBe('READ_ONLY');
    const saved = await req('PUT', `/api/report/meta/${doc.id}`, editor.auth, { ...meta, style: 'ieee' });
    expect(saved.statusCode).toBe(200);
    expect((await req('GET', `/api/report/meta/${doc.id}`, owner.auth)).json()).toMatchObject({ style: 'ieee' });
    expect((await req('GET', `/api/report/meta/${doc.id}`, stranger.auth)).statusCode).toBe(404);
  });
});
