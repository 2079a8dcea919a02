import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import {
  AUTO_VERSION_INTERVAL_MS,
  MAX_NAMED_VERSIONS,
  MAX_VERSION_NAME_CHARS,
  MAX_VERSIONS_PER_DOCUMENT,
  type DocumentVersion,
  type DocumentVersionSummary,
} from '@yumi/core';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createDoc(owner: Account, content: string, kind: 'writing' | 'report' = 'writing') {
  const res = await req('POST', '/api/documents', owner.auth, { title: 'Story', content, kind });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
async function share(owner: Account, documentId: string, member: Account, role: 'viewer' | 'commenter' | 'editor') {
  expect((await req('POST', `/api/documents/${documentId}/shares`, owner.auth, { email: member.email, role })).statusCode).toBe(201);
}
const stored = async (account: Account, id: string) =>
  (await req('GET', `/api/documents/${id}`, account.auth)).json() as { content: string; version: number };
/** A REST save of the text, based on the version stored now, a second after the last one. */
async function save(account: Account, id: string, content: string) {
  t.clock.advance(1_000);
  const res = await req('PUT', `/api/documents/${id}`, account.auth, { content, version: (await stored(account, id)).version });
  expect(res.statusCode, res.body).toBe(200);
}

const versionsUrl = (documentId: string) => `/api/documents/${documentId}/versions`;
const versions = async (account: Account, documentId: string) => {
  const res = await req('GET', versionsUrl(documentId), account.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { versions: DocumentVersionSummary[] }).versions;
};
const version = async (account: Account, documentId: string, versionId: string) => {
  const res = await req('GET', `${versionsUrl(documentId)}/${versionId}`, account.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentVersion;
};
async function nameVersion(account: Account, documentId: string, name: string): Promise<DocumentVersionSummary> {
  t.clock.advance(1_000);
  const res = await req('POST', versionsUrl(documentId), account.auth, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const rowCount = async (documentId: string, kind?: string) =>
  (
    (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM document_versions WHERE document_id = ${documentId} AND (${kind ?? null}::text IS NULL OR kind = ${kind ?? null})`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows[0]!.n;

const person = (a: Account) => ({ id: a.user.id, username: a.username });
const MISSING = '00000000-0000-4000-8000-000000000000';

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** The Hocuspocus client the web app uses, on its own socket. */
function connect(documentId: string, token: string) {
  const provider = new HocuspocusProvider({ websocketProvider: new HocuspocusProviderWebsocket({ url: collabUrl, maxAttempts: 1 }), name: documentId, token });
  provider.attach();
  providers.push(provider);
  const synced = new Promise<void>((resolve) => (provider.isSynced ? resolve() : provider.on('synced', () => resolve())));
  return { text: provider.document.getText('content'), synced };
}

describe('document history', () => {
  it('REST saves keep the text before the first edit, then an automatic version at most once per interval, listing who edited', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const id = await createDoc(owner, 'Once upon a time.');
    await share(owner, id, editor, 'editor');
    expect(await versions(owner, id)).toEqual([]);

    await save(owner, id, 'Once upon a time, a cat.');
    const [first] = await versions(owner, id);
    expect(first).toMatchObject({ kind: 'auto', name: null, chars: 'Once upon a time.'.length, authors: [], createdBy: null, restoredFrom: null });
    expect((await version(editor, id, first!.id)).content).toBe('Once upon a time.');

    // Within the interval: no more versions, however many saves.
    await save(editor, id, 'Once upon a time, a cat sat.');
    t.clock.advance(AUTO_VERSION_INTERVAL_MS - 10_000);
    await save(owner, id, 'Once upon a time, a cat sat down.');
    expect(await rowCount(id)).toBe(1);
    // A title-only save and a save of the same text are not edits of the text.
    t.clock.advance(AUTO_VERSION_INTERVAL_MS);
    expect((await req('PUT', `/api/documents/${id}`, owner.auth, { title: 'Cat', version: (await stored(owner, id)).version })).statusCode).toBe(200);
    await save(owner, id, 'Once upon a time, a cat sat down.');
    expect(await rowCount(id)).toBe(1);

    // Past the interval, the next edit is a version: its authors are both, in the order of their last edits.
    await save(editor, id, 'Once upon a time, a cat sat down. The end.');
    const [second, again] = await versions(owner, id);
    expect(again!.id).toBe(first!.id);
    expect(second).toMatchObject({ kind: 'auto', authors: [person(owner), person(editor)], createdBy: null });
    expect((await version(owner, id, second!.id)).content).toBe('Once upon a time, a cat sat down. The end.');
    expect(new Date(second!.createdAt).getTime()).toBe(t.clock.now().getTime());

    // The next interval starts from this version, and its authors start afresh.
    await save(owner, id, 'Once upon a time, a cat sat down. The very end.');
    expect(await rowCount(id)).toBe(2);
    t.clock.advance(AUTO_VERSION_INTERVAL_MS);
    await save(owner, id, 'Once upon a time, a cat sat down. The very, very end.');
    expect((await versions(owner, id))[0]).toMatchObject({ kind: 'auto', authors: [person(owner)] });
    expect(await rowCount(id)).toBe(3);
  });

  it('editors name versions of the text as it is now; everyone with access lists and reads them, newest first', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const viewer = await signUp(t.app, 'vie');
    const id = await createDoc(owner, 'Lab notes', 'report');
    await share(owner, id, editor, 'editor');
    await share(owner, id, viewer, 'viewer');

    const draft = await nameVersion(owner, id, '  First draft  ');
    expect(draft).toMatchObject({ kind: 'named', name: 'First draft', chars: 9, authors: [], createdBy: person(owner), restoredFrom: null });
    await save(editor, id, 'Lab notes: yield rose.');
    const reviewed = await nameVersion(editor, id, '査読前 (before review)');
    // The editor's save since the first draft is this version's.
    expect(reviewed).toMatchObject({ name: '査読前 (before review)', authors: [person(editor)], createdBy: person(editor) });

    const listed = await versions(viewer, id);
    expect(listed.map((v) => [v.kind, v.name])).toEqual([
      ['named', '査読前 (before review)'],
      ['named', 'First draft'],
    ]);
    expect(listed[0]).toEqual(reviewed);
    expect(listed[0]).not.toHaveProperty('content');
    expect(await version(viewer, id, reviewed.id)).toEqual({ ...reviewed, content: 'Lab notes: yield rose.' });
    expect((await version(viewer, id, draft.id)).content).toBe('Lab notes');
  });

  it('a viewer or commenter reads the history but may not name or restore; a stranger learns nothing', async () => {
    const owner = await signUp(t.app, 'own');
    const viewer = await signUp(t.app, 'vie');
    const commenter = await signUp(t.app, 'com');
    const stranger = await signUp(t.app, 'str');
    const id = await createDoc(owner, 'Secret plot');
    await share(owner, id, viewer, 'viewer');
    await share(owner, id, commenter, 'commenter');
    const kept = await nameVersion(owner, id, 'Kept');
    expect((await versions(viewer, id)).map((v) => v.id)).toEqual([kept.id]);
    expect((await version(commenter, id, kept.id)).content).toBe('Secret plot');

    for (const member of [viewer, commenter]) {
      const ja = { ...member.auth, 'accept-language': 'ja' };
      for (const res of [await req('POST', versionsUrl(id), ja, { name: 'Mine' }), await req('POST', `${versionsUrl(id)}/${kept.id}/restore`, ja)]) {
        expect(res.statusCode).toBe(403);
        expect(errorBody(res)).toMatchObject({ code: 'HISTORY_READ_ONLY', error: expect.stringContaining('編集者') });
      }
    }
    const en = await req('POST', versionsUrl(id), viewer.auth, { name: 'Mine' });
    expect(errorBody(en).error).toBe('You can look through the versions but not name or restore them: ask the owner to make you an editor.');

    for (const res of [
      await req('GET', versionsUrl(id), stranger.auth),
      await req('GET', `${versionsUrl(id)}/${kept.id}`, stranger.auth),
      await req('POST', versionsUrl(id), stranger.auth, { name: 'Mine' }),
      await req('POST', `${versionsUrl(id)}/${kept.id}/restore`, stranger.auth),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).code).toBe('NOT_FOUND');
    }
    expect((await req('GET', versionsUrl(id), {})).statusCode).toBe(401);
    expect(await rowCount(id)).toBe(1);
    expect((await stored(owner, id)).content).toBe('Secret plot');
  });

  it('refuses bad input with an error code, never a 5xx, and stores nothing', async () => {
    const owner = await signUp(t.app, 'own');
    const id = await createDoc(owner, 'Text');
    const other = await createDoc(owner, 'Other text');
    const elsewhere = await nameVersion(owner, other, 'Elsewhere');
    const code = async (res: Awaited<ReturnType<typeof req>>, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      return errorBody(res).code;
    };
    const invalid = async (res: Awaited<ReturnType<typeof req>>) => expect(await code(res, 422)).toBe('VALIDATION_ERROR');

    await invalid(await req('POST', versionsUrl(id), owner.auth, {}));
    await invalid(await req('POST', versionsUrl(id), owner.auth, { name: '' }));
    await invalid(await req('POST', versionsUrl(id), owner.auth, { name: '   ' }));
    await invalid(await req('POST', versionsUrl(id), owner.auth, { name: 'n'.repeat(MAX_VERSION_NAME_CHARS + 1) }));
    await invalid(await req('POST', versionsUrl(id), owner.auth, { name: 42 }));
    await invalid(await req('POST', versionsUrl(id), owner.auth, { name: 'ok', kind: 'auto' }));
    await invalid(await req('POST', '/api/documents/not-a-uuid/versions', owner.auth, { name: 'ok' }));
    await invalid(await req('GET', '/api/documents/not-a-uuid/versions', owner.auth));
    await invalid(await req('GET', `${versionsUrl(id)}/not-a-uuid`, owner.auth));
    await invalid(await req('POST', `${versionsUrl(id)}/not-a-uuid/restore`, owner.auth));

    const ja = { ...owner.auth, 'accept-language': 'ja' };
    for (const versionId of [MISSING, elsewhere.id]) {
      const get = await req('GET', `${versionsUrl(id)}/${versionId}`, ja);
      expect(await code(get, 404)).toBe('VERSION_NOT_FOUND');
      expect(errorBody(get).error).toContain('版');
      expect(await code(await req('POST', `${versionsUrl(id)}/${versionId}/restore`, owner.auth), 404)).toBe('VERSION_NOT_FOUND');
    }
    expect(await code(await req('GET', versionsUrl(MISSING), owner.auth), 404)).toBe('NOT_FOUND');
    expect(await code(await req('POST', versionsUrl(MISSING), owner.auth, { name: 'ok' }), 404)).toBe('NOT_FOUND');

    // A name of exactly the longest length passes.
    expect((await nameVersion(owner, id, 'n'.repeat(MAX_VERSION_NAME_CHARS))).name).toHaveLength(MAX_VERSION_NAME_CHARS);
    expect(await rowCount(id)).toBe(1);
    expect((await stored(owner, id)).content).toBe('Text');
    expect((await stored(owner, other)).content).toBe('Other text');
  });

  it(`keeps at most ${MAX_VERSIONS_PER_DOCUMENT} versions (the oldest unnamed go first) and ${MAX_NAMED_VERSIONS} named ones`, async () => {
    const owner = await signUp(t.app, 'own');
    const id = await createDoc(owner, 'Draft');
    const named = 10;
    // Times before the test's clock, which the interval is measured by.
    const now = t.clock.now().toISOString();
    await t.database.db.execute(sql`
      INSERT INTO document_versions (document_id, kind, name, content, chars, created_at)
      SELECT ${id}, CASE WHEN n <= ${named} THEN 'named' ELSE 'auto' END, CASE WHEN n <= ${named} THEN 'named ' || n END,
             'text ' || n, 5, ${now}::timestamptz - interval '30 days' + n * interval '1 minute'
      FROM generate_series(1, ${MAX_VERSIONS_PER_DOCUMENT}) AS n`);
    const oldestAuto = async () =>
      ((await t.database.db.execute(sql`SELECT content FROM document_versions WHERE document_id = ${id} AND kind = 'auto' ORDER BY created_at LIMIT 1`)) as unknown as {
        rows: Array<{ content: string }>;
      }).rows[0]!.content;
    expect(await oldestAuto()).toBe(`text ${named + 1}`);

    await save(owner, id, 'Draft, edited.');
    expect(await rowCount(id)).toBe(MAX_VERSIONS_PER_DOCUMENT);
    expect(await rowCount(id, 'named')).toBe(named);
    expect(await oldestAuto()).toBe(`text ${named + 2}`);
    expect((await versions(owner, id))[0]).toMatchObject({ kind: 'auto', authors: [person(owner)] });
    // Naming one more prunes an unnamed one too.
    await nameVersion(owner, id, 'Milestone');
    expect(await rowCount(id)).toBe(MAX_VERSIONS_PER_DOCUMENT);
    expect(await rowCount(id, 'named')).toBe(named + 1);
    expect((await versions(owner, id))).toHaveLength(MAX_VERSIONS_PER_DOCUMENT);

    // Up to the named cap, then a localized refusal.
    await t.database.db.execute(sql`
      INSERT INTO document_versions (document_id, kind, name, content, chars, created_at)
      SELECT ${id}, 'named', 'filler ' || n, 'x', 1, ${now}::timestamptz - interval '60 days' + n * interval '1 minute'
      FROM generate_series(1, ${MAX_NAMED_VERSIONS - named - 2}) AS n`);
    await nameVersion(owner, id, 'The last that fits');
    expect(await rowCount(id, 'named')).toBe(MAX_NAMED_VERSIONS);
    const refused = await req('POST', versionsUrl(id), { ...owner.auth, 'accept-language': 'ja' }, { name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused)).toMatchObject({ code: 'NAMED_VERSION_LIMIT', error: expect.stringContaining(`${MAX_NAMED_VERSIONS} 件`) });
    expect(await rowCount(id, 'named')).toBe(MAX_NAMED_VERSIONS);
    expect(await rowCount(id)).toBe(MAX_VERSIONS_PER_DOCUMENT);
  });

  it('a restore brings an old text back to the document and to an open live editor, keeping the text it replaced', async () => {
    const owner = await signUp(t.app, 'own');
    const editor = await signUp(t.app, 'edi');
    const id = await createDoc(owner, 'Chapter one.');
    await share(owner, id, editor, 'editor');
    await save(owner, id, 'Chapter one. A twist.');
    const [original] = await versions(owner, id);
    expect((await version(owner, id, original!.id)).content).toBe('Chapter one.');

    const live = connect(id, editor.token);
    await live.synced;
    expect(live.text.toString()).toBe('Chapter one. A twist.');
    live.text.insert(live.text.length, ' Live words.');
    await until(async () => (await stored(owner, id)).content === 'Chapter one. A twist. Live words.');

    t.clock.advance(1_000);
    const res = await req('POST', `${versionsUrl(id)}/${original!.id}/restore`, editor.auth);
    expect(res.statusCode, res.body).toBe(201);
    const restored = res.json() as DocumentVersionSummary;
    expect(restored).toMatchObject({ kind: 'restore', name: null, restoredFrom: original!.id, createdBy: person(editor), chars: 'Chapter one.'.length });

    // Stored at once, and received by the open editor as one edit.
    expect((await stored(owner, id)).content).toBe('Chapter one.');
    await until(() => live.text.toString() === 'Chapter one.');

    // Nothing lost: the text it replaced is a version just before the restore.
    const listed = await versions(owner, id);
    expect(listed.map((v) => v.kind)).toEqual(['restore', 'auto', 'auto']);
    expect(listed[0]).toEqual(restored);
    expect(listed[2]!.id).toBe(original!.id);
    expect((await version(owner, id, listed[1]!.id)).content).toBe('Chapter one. A twist. Live words.');
    expect((await version(owner, id, restored.id)).content).toBe('Chapter one.');
    expect(new Date(listed[0]!.createdAt).getTime()).toBeGreaterThan(new Date(listed[1]!.createdAt).getTime());

    // Restoring again when the newest version already holds the text adds only the restore.
    t.clock.advance(1_000);
    const twice = await req('POST', `${versionsUrl(id)}/${listed[1]!.id}/restore`, owner.auth);
    expect(twice.statusCode).toBe(201);
    await until(() => live.text.toString() === 'Chapter one. A twist. Live words.');
    expect((await versions(owner, id)).map((v) => v.kind)).toEqual(['restore', 'restore', 'auto', 'auto']);
    expect((await stored(owner, id)).content).toBe('Chapter one. A twist. Live words.');
  });

  it('live edits take automatic versions too, at most once per interval, naming who typed', async () => {
    const owner = await signUp(t.app, 'lown');
    const editor = await signUp(t.app, 'ledi');
    const id = await createDoc(owner, 'Draft.');
    await share(owner, id, editor, 'editor');
    const a = connect(id, owner.token);
    const b = connect(id, editor.token);
    await Promise.all([a.synced, b.synced]);

    // The first store keeps the text from before anyone typed live.
    b.text.insert(b.text.length, ' Editor.');
    await until(async () => (await stored(owner, id)).content === 'Draft. Editor.');
    await until(async () => (await versions(owner, id)).length === 1);
    const [first] = await versions(owner, id);
    expect((await version(owner, id, first!.id)).content).toBe('Draft.');

    // Within the interval: no new version; past it, one holding the text, by both who typed since.
    t.clock.advance(AUTO_VERSION_INTERVAL_MS);
    a.text.insert(0, 'Owner. ');
    await until(async () => (await stored(owner, id)).content === 'Owner. Draft. Editor.');
    await until(async () => (await versions(owner, id)).length === 2);
    const [latest] = await versions(owner, id);
    expect((await version(owner, id, latest!.id)).content).toBe('Owner. Draft. Editor.');
    expect(latest!.authors.map((p) => p.username).sort()).toEqual([editor.username, owner.username].sort());

    // A version named right after a keystroke holds that keystroke, and its typist (stored first, not debounced).
    b.text.insert(b.text.length, ' Last.');
    await until(() => a.text.toString().endsWith(' Last.'));
    const named = await nameVersion(owner, id, 'Right now');
    expect((await version(owner, id, named.id)).content).toBe('Owner. Draft. Editor. Last.');
    expect(named.authors.map((p) => p.username)).toEqual([editor.username]);
  });

  it('the account export holds the named versions of one’s own documents', async () => {
    const owner = await signUp(t.app, 'own');
    const member = await signUp(t.app, 'mem');
    const id = await createDoc(owner, 'My story');
    await share(owner, id, member, 'editor');
    const mine = await nameVersion(owner, id, 'Before <edits>');
    await save(member, id, 'My story, edited.');
    await nameVersion(member, id, 'Member named');

    const res = await req('GET', '/api/account/export', owner.auth);
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const exported = JSON.parse(strFromU8(files['versions.json']!)) as Array<{ id: string; documentId: string; name: string; path: string }>;
    expect(exported.map((v) => v.name).sort()).toEqual(['Before <edits>', 'Member named']);
    const entry = exported.find((v) => v.id === mine.id)!;
    expect(entry.documentId).toBe(id);
    expect(strFromU8(files[entry.path]!)).toBe('My story');
    expect(entry.path).not.toMatch(/[<>]/);

    // The member's export has no versions of a document that is not theirs.
    const theirs = unzipSync(new Uint8Array((await req('GET', '/api/account/export', member.auth)).rawPayload));
    expect(JSON.parse(strFromU8(theirs['versions.json']!))).toEqual([]);
  });
});
