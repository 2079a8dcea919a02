import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CYRILLIC, PARAPHRASE, QUOTED_CITED, SOURCE } from '../../../packages/core/src/report/plagiarism/cases';
import { sql } from 'drizzle-orm';
import { importCorpusFolder } from '../src/modules/plagiarism/corpus';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SHARED =
  'The mitochondrial electron transport chain couples the oxidation of reducing equivalents to the pumping of protons across the inner membrane which drives ATP synthesis';
const filler = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => ['alpha', 'river', 'stone', 'quiet', 'lamp', 'orbit', 'maple', 'signal', 'copper', 'meadow'][(i * 7 + seed * 3 + (i >> 2)) % 10] + String((i * seed) % 13)).join(' ');

async function check(auth: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/plagiarism/check', headers: auth, payload });
}

describe('plagiarism check', () => {
  it('finds a passage copied from another of the user’s documents, with its source, and flags it', async () => {
    const u = await signUp(t.app);
    const src = await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'Lab notes', content: `${filler(1, 40)} ${SHARED} ${filler(2, 40)}`, kind: 'writing' } });
    expect(src.statusCode).toBe(201);
    const report = `${filler(5, 60)} ${SHARED} ${filler(6, 30)}`;
    const res = await check(u.auth, { text: report, threshold: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.similarity).toBeGreaterThan(10);
    expect(body.verdict).toBe('flag');
    expect(body.passages).toHaveLength(1);
    // Passages run from the first to the last matching word; stop words ("The") are not compared.
    expect(body.passages[0].text).toBe(SHARED.slice('The '.length));
    expect(report.slice(body.passages[0].start, body.passages[0].end)).toBe(body.passages[0].text);
    expect(body.passages[0].match).toBe('identical');
    expect(body.passages[0].sourceTitle).toBe('Lab notes');
    expect(body.passages[0].sourceKind).toBe('document');
    expect(body.guaranteeWords).toBe(8);
    // The same text with a high threshold passes.
    const lenient = (await check(u.auth, { text: report, threshold: 90 })).json();
    expect(lenient.verdict).toBe('pass');
  });

  it('uses stored fingerprints: an edited document is re-fingerprinted, a deleted one leaves the corpus', async () => {
    const u = await signUp(t.app);
    const created = (await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'Draft', content: SHARED } })).json();
    expect((await check(u.auth, { text: SHARED })).json().similarity).toBe(100);
    const upd = await t.app.inject({ method: 'PUT', url: `/api/documents/${created.id}`, headers: u.auth, payload: { content: filler(9, 50), version: created.version } });
    expect(upd.statusCode).toBe(200);
    expect((await check(u.auth, { text: SHARED })).json().similarity).toBe(0);
    // The report's own document is left out of its corpus.
    const own = (await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { title: 'Report', content: SHARED, kind: 'report' } })).json();
    expect((await check(u.auth, { text: SHARED, documentId: own.id })).json().similarity).toBe(0);
    expect((await check(u.auth, { text: SHARED })).json().similarity).toBe(100);
    await t.app.inject({ method: 'DELETE', url: `/api/documents/${own.id}`, headers: u.auth });
    expect((await check(u.auth, { text: SHARED })).json().similarity).toBe(0);
  });

  it('compares against uploaded files and never against another user’s texts', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const up = await t.app.inject({ method: 'POST', url: '/api/plagiarism/sources', headers: a.auth, payload: { title: 'paper.txt', text: `${filler(3, 20)} ${SHARED}` } });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ title: 'paper.txt', kind: 'upload' });
    const again = await t.app.inject({ method: 'POST', url: '/api/plagiarism/sources', headers: a.auth, payload: { title: 'paper.txt', text: `${filler(3, 20)} ${SHARED}` } });
    expect(again.statusCode).toBe(200);
    const mine = (await check(a.auth, { text: SHARED })).json();
    expect(mine.passages[0].sourceTitle).toBe('paper.txt');
    expect((await check(b.auth, { text: SHARED })).json().similarity).toBe(0);
    const list = (await t.app.inject({ url: '/api/plagiarism/sources', headers: a.auth })).json();
    expect(list.sources).toHaveLength(1);
    const otherDelete = await t.app.inject({ method: 'DELETE', url: `/api/plagiarism/sources/${up.json().id}`, headers: b.auth });
    expect(otherDelete.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/plagiarism/sources/${up.json().id}`, headers: a.auth });
    expect(del.statusCode).toBe(204);
    expect((await check(a.auth, { text: SHARED })).json().similarity).toBe(0);
  });

  it('includes the operator’s reference corpus loaded from a folder, idempotently', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-'));
    mkdirSync(join(dir, 'biology'));
    writeFileSync(join(dir, 'biology', 'cells.md'), `# Cell Biology Primer\n\n${filler(4, 30)} ${SHARED}`);
    writeFileSync(join(dir, 'image.png'), 'not text');
    const first = await importCorpusFolder(t.database.db, dir);
    expect(first).toMatchObject({ added: 1, updated: 0, unchanged: 0 });
    expect(first.skipped).toEqual(['image.png']);
    expect(await importCorpusFolder(t.database.db, dir)).toMatchObject({ added: 0, unchanged: 1 });
    const u = await signUp(t.app);
    const res = (await check(u.auth, { text: `${filler(8, 20)} ${SHARED}` })).json();
    expect(res.passages[0]).toMatchObject({ sourceTitle: 'Cell Biology Primer', sourceKind: 'reference' });
  });

  it('sees through paraphrase and look-alike letters, and lists a cited quotation as excluded with its source', async () => {
    const u = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/plagiarism/sources', headers: u.auth, payload: { title: 'seagrass.pdf', text: SOURCE } });
    const para = (await check(u.auth, { text: PARAPHRASE })).json();
    expect(para.similarity).toBeGreaterThan(80);
    expect(para.passages.some((p: { match: string }) => p.match === 'paraphrase')).toBe(true);
    expect((await check(u.auth, { text: CYRILLIC })).json().similarity).toBe(100);
    const quoted = (await check(u.auth, { text: QUOTED_CITED })).json();
    expect(quoted.similarity).toBe(0);
    expect(quoted.words).toBeGreaterThan(80);
    expect(quoted.excluded).toMatchObject([{ kind: 'quote', citation: '(Okafor & Lindqvist, 2021, p. 14)', sources: [{ title: 'seagrass.pdf', kind: 'upload' }] }]);
  });

  it('fingerprints again a source made by an older folding version before checking against it', async () => {
    const u = await signUp(t.app);
    const up = (await t.app.inject({ method: 'POST', url: '/api/plagiarism/sources', headers: u.auth, payload: { title: 'old.txt', text: SHARED } })).json();
    // As a row written before the folding changed: version 1, fingerprints that no longer meet.
    await t.database.db.execute(sql`UPDATE plagiarism_sources SET fingerprint_version = 1 WHERE id = ${up.id}::uuid`);
    await t.database.db.execute(sql`UPDATE plagiarism_fingerprints SET hash = hash + 1 WHERE source_id = ${up.id}::uuid`);
    expect((await check(u.auth, { text: SHARED })).json().similarity).toBe(100);
    const list = (await t.app.inject({ url: '/api/plagiarism/sources', headers: u.auth })).json();
    expect(list.sources[0].id).toBe(up.id);
  });

  it('rejects bad input with clear errors', async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/plagiarism/check', payload: { text: 'x' } })).statusCode).toBe(401);
    const bad = await check(u.auth, { text: 'hello', threshold: 150 });
    expect(bad.statusCode).toBe(422);
    expect(errorBody(bad).code).toBeTruthy();
    expect((await check(u.auth, { text: 42 })).statusCode).toBe(422);
    expect((await check(u.auth, { text: 'x', extra: true })).statusCode).toBe(422);
    const huge = await check(u.auth, { text: 'word '.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    const e = errorBody(huge);
    expect(e.code).toBe('TOO_MANY_WORDS');
    expect(e.error).toContain('50,000 words');
    expect(e.error).toContain('200,000');
    const empty = await t.app.inject({ method: 'POST', url: '/api/plagiarism/sources', headers: u.auth, payload: { title: 'x', text: '!!! ???' } });
    expect(empty.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/plagiarism/sources/not-a-uuid', headers: u.auth })).statusCode).toBe(422);
  });
});
