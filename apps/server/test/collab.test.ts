import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { MAX_DOCUMENT_CHARS } from '@yumi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/collab`;
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof signUp>>;
const open: HocuspocusProvider[] = [];
afterAll(() => open.forEach((p) => p.destroy()));

async function report(owner: Account, content: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/documents', headers: owner.auth, payload: { kind: 'report', title: 'Lab', content } });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

/** Shares through the sharing API (which also tells the live documents about a changed role). */
async function share(owner: Account, documentId: string, member: Account, role: 'viewer' | 'commenter' | 'editor') {
  const added = await t.app.inject({ method: 'POST', url: `/api/documents/${documentId}/shares`, headers: owner.auth, payload: { email: member.email, role } });
  if (added.statusCode === 201) return;
  const changed = await t.app.inject({ method: 'PATCH', url: `/api/documents/${documentId}/shares/${member.user.id}`, headers: owner.auth, payload: { role } });
  expect(changed.statusCode).toBe(200);
}

/** A standard Hocuspocus client (the one the web app uses) on its own socket, with what the server told it. */
function connect(documentId: string, token: string) {
  const events = { failed: [] as string[], closed: [] as string[], scope: '', notices: [] as unknown[] };
  const provider = new HocuspocusProvider({
    websocketProvider: new HocuspocusProviderWebsocket({ url, maxAttempts: 1 }),
    name: documentId,
    token,
    onAuthenticationFailed: ({ reason }) => events.failed.push(reason),
    onAuthenticated: ({ scope }) => (events.scope = scope),
    onClose: ({ event }) => events.closed.push(event.reason),
    onStateless: ({ payload }) => events.notices.push(JSON.parse(payload)),
  });
  provider.attach();
  open.push(provider);
  const text = provider.document.getText('content');
  const synced = new Promise<void>((resolve) => (provider.isSynced ? resolve() : provider.on('synced', () => resolve())));
  return { provider, text, events, synced };
}

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const stored = async (account: Account, id: string) =>
  ((await t.app.inject({ url: `/api/documents/${id}`, headers: account.auth })).json() as { content: string; version: number }).content;

describe('live documents at /api/collab', () => {
  it('an owner and an editor edit the same report: both converge and the stored text follows', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const id = await report(owner, 'Results: ');
    await share(owner, id, editor, 'editor');
    const a = connect(id, owner.token);
    const b = connect(id, editor.token);
    await Promise.all([a.synced, b.synced]);
    expect(b.text.toString()).toBe('Results: ');
    expect(b.events.scope).toBe('read-write');
    a.text.insert(a.text.length, 'yield rose 4 %.');
    b.text.insert(0, '## ');
    await until(() => a.text.toString() === b.text.toString() && a.text.length === '## Results: yield rose 4 %.'.length);
    expect(a.text.toString()).toBe('## Results: yield rose 4 %.');
    // Stored (debounced) as the document's text, which search, export and counts read.
    await until(async () => (await stored(owner, id)) === '## Results: yield rose 4 %.');
    expect(await stored(editor, id)).toBe('## Results: yield rose 4 %.');
  });

  it('a viewer reads live but its edits reach no one; a stranger cannot connect', async () => {
    const owner = await signUp(t.app, 'own');
    const viewer = await signUp(t.app, 'vie');
    const stranger = await signUp(t.app, 'str');
    const id = await report(owner, 'Abstract');
    await share(owner, id, viewer, 'viewer');
    const a = connect(id, owner.token);
    const v = connect(id, viewer.token);
    await Promise.all([a.synced, v.synced]);
    expect(v.events.scope).toBe('readonly');
    v.text.insert(0, 'HACKED ');
    a.text.insert(8, ' and methods');
    await until(() => v.text.toString().includes('and methods'));
    await until(async () => (await stored(owner, id)) === 'Abstract and methods');
    expect(a.text.toString()).toBe('Abstract and methods');

    const s = connect(id, stranger.token);
    await until(() => s.events.failed.length > 0);
    expect(s.events.failed).toEqual(['no-access']);
    expect(s.text.toString()).toBe('');
    const signedOut = connect(id, 'not-a-session-token-at-all');
    await until(() => signedOut.events.failed.length > 0);
    expect(signedOut.events.failed).toEqual(['signed-out']);
  });

  it('a removed share disconnects the editor within seconds, and a lowered one makes it read-only', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const id = await report(owner, 'Draft');
    await share(owner, id, editor, 'editor');
    const b = connect(id, editor.token);
    await b.synced;
    await share(owner, id, editor, 'viewer');
    await until(() => b.events.notices.length > 0);
    expect(b.events.notices).toEqual([{ type: 'role', role: 'viewer' }]);
    const a = connect(id, owner.token);
    await a.synced;
    b.text.insert(0, 'not any more ');
    a.text.insert(5, '!');
    await until(() => b.text.toString().endsWith('Draft!'));
    await until(async () => (await stored(owner, id)) === 'Draft!');

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/documents/${id}/shares/${editor.user.id}`, headers: owner.auth });
    expect(removed.statusCode).toBe(204);
    await until(() => b.events.closed.includes('access-removed'), 5_000);
  });

  it('an open editor is told when the comment threads change, so it reloads them', async () => {
    const owner = await signUp(t.app, 'own');
    const commenter = await signUp(t.app, 'com');
    const id = await report(owner, 'Method: titration');
    await share(owner, id, commenter, 'commenter');
    const a = connect(id, owner.token);
    await a.synced;
    const at = (index: number) => Buffer.from(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(a.text, index))).toString('base64');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/comments`,
      headers: commenter.auth,
      payload: { anchor: { start: at(8), end: at(17) }, quote: 'titration', body: 'Which indicator?' },
    });
    expect(created.statusCode).toBe(201);
    await until(() => a.events.notices.length === 1);
    expect(a.events.notices).toEqual([{ type: 'comments' }]);
    const threadId = (created.json() as { thread: { id: string } }).thread.id;
    const resolved = await t.app.inject({ method: 'PATCH', url: `/api/documents/${id}/comments/${threadId}`, headers: owner.auth, payload: { resolved: true } });
    expect(resolved.statusCode).toBe(200);
    await until(() => a.events.notices.length === 2);
    expect(a.events.notices).toEqual([{ type: 'comments' }, { type: 'comments' }]);
  });

  it('refuses an update that would pass the document cap, and nothing of it is applied', async () => {
    const owner = await signUp(t.app, 'own');
    const id = await report(owner, 'Short');
    const a = connect(id, owner.token);
    await a.synced;
    a.text.insert(5, 'x'.repeat(MAX_DOCUMENT_CHARS));
    await until(() => a.events.closed.includes('too-large'));
    const fresh = connect(id, owner.token);
    await fresh.synced;
    expect(fresh.text.toString()).toBe('Short');
    expect(await stored(owner, id)).toBe('Short');
  });

  it('hostile bytes: malformed messages, a text frame, an oversized frame and a flood close the socket, never the server', async () => {
    const owner = await signUp(t.app, 'own');
    const id = await report(owner, 'Safe');
    const closeOf = (send: (ws: WebSocket) => void) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url);
        ws.binaryType = 'arraybuffer';
        ws.onopen = () => send(ws);
        ws.onclose = (e) => resolve(e.code);
      });
    expect(await closeOf((ws) => ws.send(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0x01])))).toBeGreaterThanOrEqual(1000);
    expect(await closeOf((ws) => ws.send('hello'))).toBe(4400);
    expect(await closeOf((ws) => ws.send(new Uint8Array(5 * 1024 * 1024)))).toBe(1009);
    // A flood of garbage after a valid doc name: still only this socket closes.
    expect(
      await closeOf((ws) => {
        for (let i = 0; i < 2000; i++) ws.send(new Uint8Array([4, 0x61, 0x62, 0x63, 0x64, 0x00, 0x00, 0x00]));
      }),
    ).toBeGreaterThanOrEqual(1000);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const a = connect(id, owner.token);
    await a.synced;
    expect(a.text.toString()).toBe('Safe');
    const plain = await t.app.inject({ url: '/api/collab' });
    expect(plain.statusCode).toBe(426);
  });
});
