import { createHash } from 'node:crypto';
import {
  countTokens,
  matchPassages,
  PLAGIARISM_MAX_WORDS,
  PLAGIARISM_SOURCE_MAX_CHARS,
  WINNOW_GUARANTEE,
  type PlagiarismCheckResponse,
  type PlagiarismSource,
  type Token,
} from '@yumi/core';
import { findExclusions, FINGERPRINT_VERSION, fingerprintText, scoreWithExclusions, tokenize } from '@yumi/core/plagiarism';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { HttpError, notFound } from '../../lib/http-error';
import * as repo from './repository';

/** At most this many best-matching sources are verified and extended passage by passage. */
const MAX_SOURCES_VERIFIED = 40;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function toArrays(fps: Array<{ hash: number; pos: number }>) {
  const hashes = new Int32Array(fps.length);
  const positions = new Int32Array(fps.length);
  fps.forEach((f, i) => {
    hashes[i] = f.hash;
    positions[i] = f.pos;
  });
  return { hashes, positions };
}

/** Fingerprints a text and stores it as a corpus source (idempotent per owner, kind and key). */
export async function indexSource(
  db: Db,
  s: { ownerId: string | null; kind: repo.SourceKind; refKey: string; title: string; body: string; contentHash?: string },
): Promise<repo.SourceRow> {
  const body = s.body.slice(0, PLAGIARISM_SOURCE_MAX_CHARS);
  const { fingerprints } = fingerprintText(body);
  return repo.saveSource(
    db,
    { ...s, body, contentHash: s.contentHash ?? md5(body), words: countTokens(body), title: s.title.slice(0, 300) || 'Untitled', version: FINGERPRINT_VERSION },
    toArrays(fingerprints),
  );
}

/** Sources re-fingerprinted per batch while bringing older ones to the current folding. */
const STALE_BATCH = 50;

/**
 * Fingerprints again, from their stored bodies, the sources a user's check can see that an older folding
 * version made (once after an upgrade; without a user, every source, as the corpus import does).
 */
export async function refreshStale(db: Db, userId: string | null): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await repo.staleSources(db, userId, FINGERPRINT_VERSION, STALE_BATCH);
    for (const s of stale) {
      const { fingerprints } = fingerprintText(s.body);
      await repo.refingerprint(db, s.id, FINGERPRINT_VERSION, countTokens(s.body), toArrays(fingerprints));
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
export async function syncDocuments(db: Db, userId: string): Promise<void> {
  const current = await repo.documentHashes(db, userId);
  const stored = await repo.documentSourceHashes(db, userId);
  const changed = current.filter((d) => stored.get(d.id) !== d.hash).map((d) => d.id);
  for (const doc of await repo.documentsByIds(db, userId, changed)) {
    await indexSource(db, { ownerId: userId, kind: 'document', refKey: doc.id, title: doc.title || 'Untitled document', body: doc.content, contentHash: doc.hash });
  }
  if (stored.size > current.length || [...stored.keys()].some((k) => !current.some((d) => d.id === k))) {
    await repo.deleteDocumentSourcesExcept(db, userId, current.map((d) => d.id));
  }
}

export function wordLimitError(words: number): HttpError {
  return new HttpError(
    413,
    'TOO_MANY_WORDS',
    `The plagiarism check handles up to ${PLAGIARISM_MAX_WORDS.toLocaleString('en')} words; this text has ${words.toLocaleString('en')}. Check it in parts.`,
    { words, limit: PLAGIARISM_MAX_WORDS },
  );
}

const excerpt = (body: string, tokens: readonly Token[], start: number, end: number) =>
  tokens.length && start < tokens.length ? body.slice(tokens[start]!.start, tokens[Math.min(end, tokens.length) - 1]!.end) : '';

/** The similarity check of a text against the user's documents, uploads and the reference corpus. */
export async function check(
  ctx: AppContext,
  userId: string,
  input: { text: string; documentId?: string; threshold: number },
): Promise<PlagiarismCheckResponse> {
  const words = countTokens(input.text);
  if (words > PLAGIARISM_MAX_WORDS) throw wordLimitError(words);
  await syncDocuments(ctx.db, userId);
  await refreshStale(ctx.db, userId);
  return checkAgainstCorpus(ctx.db, userId, input, ctx.clock.now());
}

/** The check proper, without the document sync (the benchmark times this part). */
export async function checkAgainstCorpus(
  db: Db,
  userId: string,
  input: { text: string; documentId?: string; threshold: number },
  now: Date,
): Promise<PlagiarismCheckResponse> {
  const { tokens, fingerprints } = fingerprintText(input.text);
  const exclude = input.documentId ?? null;
  const unique = [...new Set(fingerprints.map((f) => f.hash))];
  const hits = (await repo.findHits(db, userId, exclude, unique)).map((h) => ({ hash: h.hash, sourceId: h.source_id, pos: h.pos }));
  // Verify only the sources with the most shared fingerprints.
  const counts = new Map<string, number>();
  for (const h of hits) counts.set(h.sourceId, (counts.get(h.sourceId) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_SOURCES_VERIFIED).map(([id]) => id);
  const bodies = await repo.sourceBodies(db, top);
  const sourceTokens = new Map<string, Token[]>();
  const info = new Map<string, { title: string; kind: repo.SourceKind; body: string }>();
  for (const b of bodies) {
    sourceTokens.set(b.id, tokenize(b.body));
    info.set(b.id, b);
  }
  const keep = new Set(top);
  const match = matchPassages(tokens, fingerprints, hits.filter((h) => keep.has(h.sourceId)), sourceTokens);
  const exclusions = findExclusions(input.text);
  const scored = scoreWithExclusions(tokens, match, exclusions, sourceTokens);
  const sourceRef = (id: string) => ({ id, title: info.get(id)!.title, kind: info.get(id)!.kind });
  const passages = scored.passages
    .filter((p) => info.has(p.sourceId))
    .map((p) => {
      const src = info.get(p.sourceId)!;
      const start = tokens[p.reportStart]!.start;
      const end = tokens[p.reportEnd - 1]!.end;
      return {
        start,
        end,
        words: countTokens(input.text.slice(start, end)),
        text: input.text.slice(start, end),
        sourceId: p.sourceId,
        sourceTitle: src.title,
        sourceKind: src.kind,
        sourceExcerpt: excerpt(src.body, sourceTokens.get(p.sourceId)!, p.sourceStart, p.sourceEnd).slice(0, 2000),
        match: p.identical ? ('identical' as const) : ('paraphrase' as const),
      };
    });
  const sources = [...scored.perSource.entries()]
    .filter(([id]) => info.has(id))
    .map(([id, covered]) => ({
      ...sourceRef(id),
      similarity: scored.checkedTokens ? Math.round((covered / scored.checkedTokens) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.similarity - a.similarity);
  const excluded = exclusions.map((x, i) => ({
    kind: x.kind,
    start: x.start,
    end: x.end,
    words: countTokens(input.text.slice(x.start, x.end)),
    ...(x.citation ? { citation: x.citation } : {}),
    sources: [...scored.excludedSources[i]!].filter((id) => info.has(id)).map(sourceRef),
  }));
  return {
    similarity: scored.similarity,
    threshold: input.threshold,
    verdict: scored.similarity > input.threshold ? 'flag' : 'pass',
    words: countTokens(input.text),
    sourcesCompared: await repo.countVisibleSources(db, userId, exclude),
    passages,
    sources,
    guaranteeWords: WINNOW_GUARANTEE,
    excluded,
    checkedAt: now.toISOString(),
  };
}

const toSource = (r: repo.SourceRow): PlagiarismSource => ({
  id: r.id,
  title: r.title,
  kind: r.kind,
  words: Number(r.words),
  fingerprints: Number(r.fingerprint_count),
  createdAt: new Date(r.created_at).toISOString(),
});

/** An uploaded file's text joins the user's corpus; the same text twice is stored once. */
export async function addUpload(ctx: AppContext, userId: string, body: { title: string; text: string }): Promise<{ source: PlagiarismSource; created: boolean }> {
  if (countTokens(body.text) === 0) throw new HttpError(422, 'EMPTY_TEXT', 'The file has no readable text.');
  const key = md5(body.text);
  const existing = await repo.findSource(ctx.db, userId, 'upload', key);
  if (existing) return { source: toSource(existing), created: false };
  const row = await indexSource(ctx.db, { ownerId: userId, kind: 'upload', refKey: key, title: body.title, body: body.text, contentHash: key });
  return { source: toSource(row), created: true };
}

export async function listUploads(ctx: AppContext, userId: string): Promise<PlagiarismSource[]> {
  return (await repo.listSources(ctx.db, userId, 'upload')).map(toSource);
}

export async function removeUpload(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteSource(ctx.db, userId, id))) throw notFound('Source');
}
