import { and, count, desc, eq, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { plagiarismFingerprints as fingerprints, plagiarismSources as sources } from '../../db/schema';

export type SourceKind = (typeof sources.kind.enumValues)[number];

/** What a source answers with: everything but the stored body and the folding version. */
const sourceColumns = {
  id: sources.id,
  ownerId: sources.ownerId,
  kind: sources.kind,
  refKey: sources.refKey,
  title: sources.title,
  contentHash: sources.contentHash,
  words: sources.words,
  fingerprintCount: sources.fingerprintCount,
  createdAt: sources.createdAt,
};
export type SourceRow = Omit<typeof sources.$inferSelect, 'body' | 'fingerprintVersion'>;

/** PostgreSQL array literals: one parameter however many values (no 65,535-parameter limit). */
const intArray = (values: ArrayLike<number>) => `{${Array.prototype.join.call(values, ',')}}`;
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** The owner's sources; owner null is the operator's reference corpus. */
const ownedBy = (ownerId: string | null) => (ownerId === null ? isNull(sources.ownerId) : eq(sources.ownerId, ownerId));
/** What a user's check compares against: their own sources and the reference corpus. */
const visibleTo = (userId: string) => or(eq(sources.ownerId, userId), isNull(sources.ownerId));
/** Not the document being checked (a report is never compared with itself). */
const notTheDocument = (documentId: string | null) => not(and(eq(sources.kind, 'document'), eq(sources.refKey, documentId ?? ''))!);

/** Stores a source's fingerprints, whatever their number, from two array parameters. */
const insertFingerprints = (db: Pick<Db, 'insert'>, sourceId: string, f: { hashes: Int32Array; positions: Int32Array }) =>
  db
    .insert(fingerprints)
    .select(sql`SELECT ${sourceId}::uuid, h, p FROM unnest(${intArray(f.hashes)}::int[], ${intArray(f.positions)}::int[]) AS t(h, p)`);

export async function findSource(db: Db, ownerId: string | null, kind: SourceKind, refKey: string): Promise<SourceRow | undefined> {
  const [row] = await db
    .select(sourceColumns)
    .from(sources)
    .where(and(ownedBy(ownerId), eq(sources.kind, kind), eq(sources.refKey, refKey)));
  return row;
}

/**
 * Stores a source and its fingerprints, replacing an older version of the same (owner, kind, key).
 * One transaction, so a check never sees a source without its fingerprints.
 */
export async function saveSource(
  db: Db,
  s: { ownerId: string | null; kind: SourceKind; refKey: string; title: string; contentHash: string; body: string; words: number; version: number },
  f: { hashes: Int32Array; positions: Int32Array },
): Promise<SourceRow> {
  return db.transaction(async (tx) => {
    await tx.delete(sources).where(and(ownedBy(s.ownerId), eq(sources.kind, s.kind), eq(sources.refKey, s.refKey)));
    const [row] = await tx
      .insert(sources)
      .values({
        ownerId: s.ownerId,
        kind: s.kind,
        refKey: s.refKey,
        title: s.title,
        contentHash: s.contentHash,
        body: s.body,
        words: s.words,
        fingerprintCount: f.hashes.length,
        fingerprintVersion: s.version,
      })
      .returning(sourceColumns);
    if (f.hashes.length) await insertFingerprints(tx, row!.id, f);
    return row!;
  });
}

/** Sources visible to a user (or, without a user, every source) fingerprinted by an older folding version. */
export async function staleSources(db: Db, userId: string | null, version: number, limit: number): Promise<Array<{ id: string; body: string }>> {
  return db
    .select({ id: sources.id, body: sources.body })
    .from(sources)
    .where(and(lt(sources.fingerprintVersion, version), userId === null ? undefined : visibleTo(userId)))
    .limit(limit);
}

/**
 * Replaces a source's fingerprints in place (same id, so uploads keep theirs). The version update comes
 * first and locks the row: a second process doing the same waits, then finds the row current and skips.
 */
export async function refingerprint(
  db: Db,
  id: string,
  version: number,
  words: number,
  f: { hashes: Int32Array; positions: Int32Array },
): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(sources)
      .set({ fingerprintVersion: version, words, fingerprintCount: f.hashes.length })
      .where(and(eq(sources.id, id), lt(sources.fingerprintVersion, version)))
      .returning({ id: sources.id });
    if (!claimed.length) return;
    await tx.delete(fingerprints).where(eq(fingerprints.sourceId, id));
    if (f.hashes.length) await insertFingerprints(tx, id, f);
  });
}

export async function listSources(db: Db, ownerId: string, kind: SourceKind): Promise<SourceRow[]> {
  return db
    .select(sourceColumns)
    .from(sources)
    .where(and(eq(sources.ownerId, ownerId), eq(sources.kind, kind)))
    .orderBy(desc(sources.createdAt));
}

export async function deleteSource(db: Db, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sources)
    .where(and(eq(sources.id, id), eq(sources.ownerId, ownerId), eq(sources.kind, 'upload')))
    .returning({ id: sources.id });
  return deleted.length > 0;
}

export async function deleteDocumentSourcesExcept(db: Db, userId: string, keep: string[]): Promise<void> {
  const kept: SQL = sql`${sources.refKey} = ANY(${uuidArray(keep)}::text[])`;
  await db.delete(sources).where(and(eq(sources.ownerId, userId), eq(sources.kind, 'document'), not(kept)));
}

export async function documentSourceHashes(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ refKey: sources.refKey, contentHash: sources.contentHash })
    .from(sources)
    .where(and(eq(sources.ownerId, userId), eq(sources.kind, 'document')));
  return new Map(rows.map((x) => [x.refKey, x.contentHash]));
}

/** Fingerprints of the corpus visible to a user that share a hash with the report. */
export async function findHits(
  db: Db,
  userId: string,
  excludeDocumentId: string | null,
  hashes: number[],
): Promise<Array<{ hash: number; sourceId: string; pos: number }>> {
  if (!hashes.length) return [];
  return db
    .select({ hash: fingerprints.hash, sourceId: fingerprints.sourceId, pos: fingerprints.pos })
    .from(fingerprints)
    .innerJoin(sources, eq(sources.id, fingerprints.sourceId))
    .where(and(sql`${fingerprints.hash} = ANY(${intArray(hashes)}::int[])`, visibleTo(userId), notTheDocument(excludeDocumentId)));
}

export async function sourceBodies(db: Db, ids: string[]): Promise<Array<{ id: string; title: string; kind: SourceKind; body: string }>> {
  if (!ids.length) return [];
  return db.select({ id: sources.id, title: sources.title, kind: sources.kind, body: sources.body }).from(sources).where(inArray(sources.id, ids));
}

export async function countVisibleSources(db: Db, userId: string, excludeDocumentId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sources)
    .where(and(visibleTo(userId), notTheDocument(excludeDocumentId)));
  return row?.n ?? 0;
}

/** Every fingerprint of the visible corpus: the benchmark's "just read it" baseline. */
export async function readAllFingerprints(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ hash: fingerprints.hash, sourceId: fingerprints.sourceId, pos: fingerprints.pos })
    .from(fingerprints)
    .innerJoin(sources, eq(sources.id, fingerprints.sourceId))
    .where(visibleTo(userId));
  return rows.length;
}
