import { createHash } from 'node:crypto';
import { countTokens, PLAGIARISM_MAX_WORDS, PLAGIARISM_SOURCE_MAX_CHARS, WINNOW_GUARANTEE, type PlagiarismCheckResponse, type PlagiarismSource } from '@yumi/core';
import { FINGERPRINT_VERSION } from '@yumi/core/plagiarism';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { HttpError, notFound } from '../../lib/http-error';
import { onPool, type PlagiarismCpu } from './compare';
import * as repo from './repository';
import { documentHashes, documentsByIds } from '../documents';

/** At most this many best-matching sources are verified and extended passage by passage. */
const MAX_SOURCES_VERIFIED = 40;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Fingerprints a text and stores it as a corpus source (idempotent per owner, kind and key). */
export async function indexSource(
  db: Db,
  cpu: PlagiarismCpu,
  s: { ownerId: string | null; kind: repo.SourceKind; refKey: string; title: string; body: string; contentHash?: string },
): Promise<repo.SourceRow> {
  const body = s.body.slice(0, PLAGIARISM_SOURCE_MAX_CHARS);
  const { words, ...rows } = await cpu.fingerprint(body);
  return repo.saveSource(db, { ...s, body, contentHash: s.contentHash ?? md5(body), words, title: s.title.slice(0, 300) || 'Untitled', version: FINGERPRINT_VERSION }, rows);
}

/** Sources re-fingerprinted per batch while bringing older ones to the current folding. */
const STALE_BATCH = 50;

/**
 * Fingerprints again, from their stored bodies, the sources a user's check can see that an older folding
 * version made (once after an upgrade; without a user, every source, as the corpus import does).
 */
export async function refreshStale(db: Db, cpu: PlagiarismCpu, userId: string | null): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await repo.staleSources(db, userId, FINGERPRINT_VERSION, STALE_BATCH);
    for (const s of stale) {
      const { words, ...rows } = await cpu.fingerprint(s.body);
      await repo.refingerprint(db, s.id, FINGERPRINT_VERSION, words, rows);
      done += 1;
      await yieldToLoop();
    }
    if (stale.length < STALE_BATCH) return done;
  }
}

/**
 * Brings the fingerprints of the user's documents up to date: only documents whose content changed
 * since they were last fingerprinted are read and re-fingerprinted.
 */
async function syncDocuments(db: Db, cpu: PlagiarismCpu, userId: string): Promise<void> {
  const current = await documentHashes(db, userId);
  const stored = await repo.documentSourceHashes(db, userId);
  const changed = current.filter((d) => stored.get(d.id) !== d.hash).map((d) => d.id);
  for (const doc of await documentsByIds(db, userId, changed)) {
    await indexSource(db, cpu, { ownerId: userId, kind: 'document', refKey: doc.id, title: doc.title || 'Untitled document', body: doc.content, contentHash: doc.hash });
  }
  if (stored.size > current.length || [...stored.keys()].some((k) => !current.some((d) => d.id === k))) {
    await repo.deleteDocumentSourcesExcept(db, userId, current.map((d) => d.id));
  }
}

function wordLimitError(words: number): HttpError {
  return new HttpError(
    413,
    'TOO_MANY_WORDS',
    `The plagiarism check handles up to ${PLAGIARISM_MAX_WORDS.toLocaleString('en')} words; this text has ${words.toLocaleString('en')}. Check it in parts.`,
    { words, limit: PLAGIARISM_MAX_WORDS },
  );
}

/** The similarity check of a text against the user's documents, uploads and the reference corpus. */
export async function check(
  ctx: AppContext,
  userId: string,
  input: { text: string; documentId?: string; threshold: number },
): Promise<PlagiarismCheckResponse> {
  const words = countTokens(input.text);
  if (words > PLAGIARISM_MAX_WORDS) throw wordLimitError(words);
  const cpu = onPool(ctx.cpu);
  await syncDocuments(ctx.db, cpu, userId);
  await refreshStale(ctx.db, cpu, userId);
  return checkAgainstCorpus(ctx.db, cpu, userId, input, ctx.clock.now());
}

/** The check proper, without the document sync (the benchmark times this part). */
export async function checkAgainstCorpus(
  db: Db,
  cpu: PlagiarismCpu,
  userId: string,
  input: { text: string; documentId?: string; threshold: number },
  now: Date,
): Promise<PlagiarismCheckResponse> {
  const exclude = input.documentId ?? null;
  const unique = [...new Set((await cpu.fingerprint(input.text)).hashes)];
  const hits = await repo.findHits(db, userId, exclude, unique);
  // Verify only the sources with the most shared fingerprints.
  const counts = new Map<string, number>();
  for (const h of hits) counts.set(h.sourceId, (counts.get(h.sourceId) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_SOURCES_VERIFIED).map(([id]) => id);
  const keep = new Set(top);
  const comparison = await cpu.compare({ text: input.text, threshold: input.threshold, hits: hits.filter((h) => keep.has(h.sourceId)), bodies: await repo.sourceBodies(db, top) });
  return { ...comparison, sourcesCompared: await repo.countVisibleSources(db, userId, exclude), guaranteeWords: WINNOW_GUARANTEE, checkedAt: now.toISOString() };
}

const toSource = (r: repo.SourceRow): PlagiarismSource => ({
  id: r.id,
  title: r.title,
  kind: r.kind,
  words: r.words,
  fingerprints: r.fingerprintCount,
  createdAt: r.createdAt.toISOString(),
});

/** An uploaded file's text joins the user's corpus; the same text twice is stored once. */
export async function addUpload(ctx: AppContext, userId: string, body: { title: string; text: string }): Promise<{ source: PlagiarismSource; created: boolean }> {
  if (countTokens(body.text) === 0) throw new HttpError(422, 'EMPTY_TEXT', 'The file has no readable text.');
  const key = md5(body.text);
  const existing = await repo.findSource(ctx.db, userId, 'upload', key);
  if (existing) return { source: toSource(existing), created: false };
  const row = await indexSource(ctx.db, onPool(ctx.cpu), { ownerId: userId, kind: 'upload', refKey: key, title: body.title, body: body.text, contentHash: key });
  return { source: toSource(row), created: true };
}

export async function listUploads(ctx: AppContext, userId: string): Promise<PlagiarismSource[]> {
  return (await repo.listSources(ctx.db, userId, 'upload')).map(toSource);
}

export async function removeUpload(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteSource(ctx.db, userId, id))) throw notFound('Source');
}
