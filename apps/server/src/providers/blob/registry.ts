import { and, eq, exists, inArray, isNotNull, isNull, lt, not, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { blobRefs, blobs } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BLOB_KEY, blobKey, CONTENT_TYPE, type BlobStore, type ByteRange } from './index';

/**
 * How long a blob stays after the collector first finds it unreferenced (and after its last store or re-use).
 * It covers the gap between storing the bytes and committing the row that references them (seconds in
 * practice), reads already under way, and clock skew between processes; an operator can also restore a
 * row deleted by mistake within it.
 */
export const BLOB_GRACE_MS = 60 * 60 * 1000;


/** Bytes of the distinct blobs a user's rows reference (shared bytes count in full for each user). */
export async function storageUsed(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: sum(blobs.size) })
    .from(blobs)
    .where(inArray(blobs.key, db.select({ key: blobRefs.blobKey }).from(blobRefs).where(eq(blobRefs.userId, userId))));
  return Number(row?.used ?? 0);
}

/**
 * The blob store as modules see it: content-addressed put, read, and re-use of existing blobs. Nothing here
 * deletes a blob on a module's behalf: references are the rows of the owning tables (the blob_refs view), and
 * `sweep` removes a blob only once no row references it and nobody has stored or re-used it for the grace
 * period. That is what makes sharing safe across users, modules, processes and crashes:
 * - the registry row is written before the file, so a crash leaves a row to collect, never an unknown file;
 * - a crash after the file but before the owning row leaves an unreferenced blob, collected after the grace;
 * - the collector re-checks each blob under a row lock, and `put`/`retain` touch that row, so a blob being
 *   stored or re-used by another process is never collected under it.
 */
export class Blobs {
  constructor(
    private readonly db: Db,
    readonly store: BlobStore,
    private readonly clock: Clock,
  ) {}

  /** Stores bytes (once: equal bytes share a key) and marks them in use now. */
  async put(data: Buffer, contentType: string): Promise<{ key: string; size: number }> {
    if (!CONTENT_TYPE.test(contentType)) throw new Error(`Invalid content type: ${contentType}`);
    const key = blobKey(data);
    const now = this.clock.now();
    // Waits for a collector holding this row; afterwards the row is fresh (or new) and the file is written
    // again below if the collector had removed it.
    await this.db
      .insert(blobs)
      .values({ key, size: data.length, createdAt: now, touchedAt: now })
      .onConflictDoUpdate({
        target: blobs.key,
        set: { size: sql`excluded.size`, unreferencedSince: null, touchedAt: sql`GREATEST(${blobs.touchedAt}, excluded.touched_at)` },
      });
    if (!(await this.store.exists(key))) await this.store.put(key, data, contentType);
    return { key, size: data.length };
  }

  /**
   * Marks existing blobs in use now, before a new row references them without storing the bytes again
   * (a duplicated character). Throws when one is gone: the new row would point at nothing.
   */
  async retain(keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return;
    const now = this.clock.now().toISOString();
    const touched = await this.db
      .update(blobs)
      .set({ touchedAt: sql`GREATEST(${blobs.touchedAt}, ${now}::timestamptz)`, unreferencedSince: null })
      .where(inArray(blobs.key, unique))
      .returning({ key: blobs.key });
    if (touched.length !== unique.length) throw new Error('A blob to re-use is no longer stored');
  }

  /** The whole blob, or null. */
  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const found = await this.store.get(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return { data: Buffer.concat(chunks), contentType: found.contentType };
  }

  /** The blob (or a byte range of it) as a stream: files are served without holding them in memory. */
  open(key: string, range?: ByteRange) {
    return this.store.get(key, range);
  }

  /** Size in bytes, or null when the blob is gone. */
  size(key: string) {
    return this.store.size(key);
  }

  /**
   * Two phases: marks blobs it finds unreferenced, and deletes those that have stayed unreferenced and
   * untouched for `graceMs` since. Safe to run in every process at once (each deletion is decided under the
   * blob's row lock; SKIP LOCKED lets the processes share the work). Also measures blobs registered without
   * a size (stored before the registry existed).
   */
  async sweep(options: { graceMs?: number; limit?: number } = {}): Promise<{ deleted: string[]; measured: number }> {
    const limit = options.limit ?? 500;
    let measured = 0;
    for (const { key } of await this.db.select({ key: blobs.key }).from(blobs).where(isNull(blobs.size)).limit(limit)) {
      const size = BLOB_KEY.test(key) ? await this.store.size(key) : null;
      await this.db
        .update(blobs)
        .set({ size: size ?? 0 })
        .where(and(eq(blobs.key, key), isNull(blobs.size)));
      measured += 1;
    }
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - (options.graceMs ?? BLOB_GRACE_MS));
    // Correlated with the "blobs" row of the statement (or subquery) it is used in.
    const referenced = exists(this.db.select({ one: sql`1` }).from(blobRefs).where(eq(blobRefs.blobKey, blobs.key)));
    // A row committed just after an earlier mark (its store came before the mark) referenced the blob again.
    await this.db
      .update(blobs)
      .set({ unreferencedSince: null })
      .where(and(isNotNull(blobs.unreferencedSince), referenced));
    const toMark = this.db
      .select({ key: blobs.key })
      .from(blobs)
      .where(and(isNull(blobs.unreferencedSince), not(referenced)))
      .limit(limit * 4);
    await this.db.update(blobs).set({ unreferencedSince: now }).where(inArray(blobs.key, toMark));
    const unreferenced = (at?: SQL) => and(lt(blobs.unreferencedSince, cutoff), lt(blobs.touchedAt, cutoff), not(referenced), at);
    const candidates = await this.db.select({ key: blobs.key }).from(blobs).where(unreferenced()).orderBy(blobs.unreferencedSince).limit(limit);
    const deleted: string[] = [];
    for (const { key } of candidates) {
      const gone = await this.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ key: blobs.key })
          .from(blobs)
          .where(unreferenced(eq(blobs.key, key)))
          .for('update', { of: blobs, skipLocked: true });
        if (!locked) return false;
        // File first, then the row: if the delete fails the row stays and the next sweep tries again.
        await this.store.delete(key);
        await tx.delete(blobs).where(eq(blobs.key, key));
        return true;
      });
      if (gone) deleted.push(key);
    }
    return { deleted, measured };
  }
}
