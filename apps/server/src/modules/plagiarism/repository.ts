import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/rows';

export type SourceKind = 'document' | 'upload' | 'reference';

export interface SourceRow {
  id: string;
  owner_id: string | null;
  kind: SourceKind;
  ref_key: string;
  title: string;
  content_hash: string;
  words: number;
  fingerprint_count: number;
  created_at: Date | string;
}


/** A PostgreSQL integer[] literal: one parameter however many values (no 65,535-parameter limit). */
const intArray = (values: ArrayLike<number>) => `{${Array.prototype.join.call(values, ',')}}`;

export async function findSource(db: Db, ownerId: string | null, kind: SourceKind, refKey: string): Promise<SourceRow | undefined> {
  const r = await db.execute(sql`
    SELECT id, owner_id, kind, ref_key, title, content_hash, words, fingerprint_count, created_at
    FROM plagiarism_sources
    WHERE owner_id IS NOT DISTINCT FROM ${ownerId}::uuid AND kind = ${kind} AND ref_key = ${refKey}`);
  return rowsOf<SourceRow>(r)[0];
}

/**
 * Stores a source and its fingerprints, replacing an older version of the same (owner, kind, key).
 * One transaction, so a check never sees a source without its fingerprints.
 */
export async function saveSource(
  db: Db,
  s: { ownerId: string | null; kind: SourceKind; refKey: string; title: string; contentHash: string; body: string; words: number; version: number },
  fingerprints: { hashes: Int32Array; positions: Int32Array },
): Promise<SourceRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      DELETE FROM plagiarism_sources
      WHERE owner_id IS NOT DISTINCT FROM ${s.ownerId}::uuid AND kind = ${s.kind} AND ref_key = ${s.refKey}`);
    const inserted = await tx.execute(sql`
      INSERT INTO plagiarism_sources (owner_id, kind, ref_key, title, content_hash, body, words, fingerprint_count, fingerprint_version)
      VALUES (${s.ownerId}::uuid, ${s.kind}, ${s.refKey}, ${s.title}, ${s.contentHash}, ${s.body}, ${s.words}, ${fingerprints.hashes.length}, ${s.version})
      RETURNING id, owner_id, kind, ref_key, title, content_hash, words, fingerprint_count, created_at`);
    const row = rowsOf<SourceRow>(inserted)[0]!;
    if (fingerprints.hashes.length) {
      await tx.execute(sql`
        INSERT INTO plagiarism_fingerprints (source_id, hash, pos)
        SELECT ${row.id}::uuid, h, p FROM unnest(${intArray(fingerprints.hashes)}::int[], ${intArray(fingerprints.positions)}::int[]) AS t(h, p)`);
    }
    return row;
  });
}

/** Sources visible to a user (or, without a user, every source) fingerprinted by an older folding version. */
export async function staleSources(db: Db, userId: string | null, version: number, limit: number): Promise<Array<{ id: string; body: string }>> {
  const r = await db.execute(sql`
    SELECT id::text AS id, body FROM plagiarism_sources
    WHERE fingerprint_version < ${version}
      AND (${userId}::uuid IS NULL OR owner_id = ${userId}::uuid OR owner_id IS NULL)
    LIMIT ${limit}`);
  return rowsOf(r);
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
  fingerprints: { hashes: Int32Array; positions: Int32Array },
): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      UPDATE plagiarism_sources SET fingerprint_version = ${version}, words = ${words}, fingerprint_count = ${fingerprints.hashes.length}
      WHERE id = ${id}::uuid AND fingerprint_version < ${version} RETURNING id`);
    if (!rowsOf(claimed).length) return;
    await tx.execute(sql`DELETE FROM plagiarism_fingerprints WHERE source_id = ${id}::uuid`);
    if (fingerprints.hashes.length) {
      await tx.execute(sql`
        INSERT INTO plagiarism_fingerprints (source_id, hash, pos)
        SELECT ${id}::uuid, h, p FROM unnest(${intArray(fingerprints.hashes)}::int[], ${intArray(fingerprints.positions)}::int[]) AS t(h, p)`);
    }
  });
}

export async function listSources(db: Db, ownerId: string, kind: SourceKind): Promise<SourceRow[]> {
  const r = await db.execute(sql`
    SELECT id, owner_id, kind, ref_key, title, content_hash, words, fingerprint_count, created_at
    FROM plagiarism_sources WHERE owner_id = ${ownerId}::uuid AND kind = ${kind} ORDER BY created_at DESC`);
  return rowsOf<SourceRow>(r);
}

export async function deleteSource(db: Db, ownerId: string, id: string): Promise<boolean> {
  const r = await db.execute(sql`
    DELETE FROM plagiarism_sources WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid AND kind = 'upload' RETURNING id`);
  return rowsOf(r).length > 0;
}

export async function deleteDocumentSourcesExcept(db: Db, userId: string, keep: string[]): Promise<void> {
  await db.execute(sql`
    DELETE FROM plagiarism_sources
    WHERE owner_id = ${userId}::uuid AND kind = 'document' AND NOT (ref_key = ANY(${`{${keep.join(',')}}`}::text[]))`);
}

export async function documentSourceHashes(db: Db, userId: string): Promise<Map<string, string>> {
  const r = await db.execute(sql`
    SELECT ref_key, content_hash FROM plagiarism_sources WHERE owner_id = ${userId}::uuid AND kind = 'document'`);
  return new Map(rowsOf<{ ref_key: string; content_hash: string }>(r).map((x) => [x.ref_key, x.content_hash]));
}

/** Fingerprints of the corpus visible to a user that share a hash with the report. */
export async function findHits(
  db: Db,
  userId: string,
  excludeDocumentId: string | null,
  hashes: number[],
): Promise<Array<{ hash: number; source_id: string; pos: number }>> {
  if (!hashes.length) return [];
  const r = await db.execute(sql`
    SELECT f.hash, f.source_id::text AS source_id, f.pos
    FROM plagiarism_fingerprints f
    JOIN plagiarism_sources s ON s.id = f.source_id
    WHERE f.hash = ANY(${intArray(hashes)}::int[])
      AND (s.owner_id = ${userId}::uuid OR s.owner_id IS NULL)
      AND NOT (s.kind = 'document' AND s.ref_key = ${excludeDocumentId ?? ''})`);
  return rowsOf(r);
}

export async function sourceBodies(db: Db, ids: string[]): Promise<Array<{ id: string; title: string; kind: SourceKind; body: string }>> {
  if (!ids.length) return [];
  const r = await db.execute(sql`
    SELECT id::text AS id, title, kind, body FROM plagiarism_sources WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
  return rowsOf(r);
}

export async function countVisibleSources(db: Db, userId: string, excludeDocumentId: string | null): Promise<number> {
  const r = await db.execute(sql`
    SELECT count(*)::int AS n FROM plagiarism_sources
    WHERE (owner_id = ${userId}::uuid OR owner_id IS NULL) AND NOT (kind = 'document' AND ref_key = ${excludeDocumentId ?? ''})`);
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}

/** Every fingerprint of the visible corpus: the benchmark's "just read it" baseline. */
export async function readAllFingerprints(db: Db, userId: string): Promise<number> {
  const r = await db.execute(sql`
    SELECT f.hash, f.source_id, f.pos FROM plagiarism_fingerprints f
    JOIN plagiarism_sources s ON s.id = f.source_id
    WHERE s.owner_id = ${userId}::uuid OR s.owner_id IS NULL`);
  return rowsOf(r).length;
}
