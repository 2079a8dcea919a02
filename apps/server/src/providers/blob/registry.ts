import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows, type Runner } from '../../db/rows';
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
export async function storageUsed(db: Runner, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: string | number | null }>(
    db,
    sql`SELECT coalesce(sum(size), 0) AS used FROM blobs WHERE key IN (SELECT blob_key FROM blob_refs WHERE user_id = ${userId})`,
  );
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
    const now = this.clock.now().toISOString();
    // Waits for a collector holding this row; afterwards the row is fresh (or new) and the file is written
    // again below if the collector had removed it.
    await this.db.execute(
      sql`INSERT INTO blobs (key, size, created_at, touched_at) VALUES (${key}, ${data.length}, ${now}, ${now})
          ON CONFLICT (key) DO UPDATE SET size = EXCLUDED.size, unreferenced_since = NULL,
            touched_at = GREATEST(blobs.touched_at, EXCLUDED.touched_at)`,
    );
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
    const touched = await queryRows<{ key: string }>(
      this.db,
      sql`UPDATE blobs SET touched_at = GREATEST(touched_at, ${now}::timestamptz), unreferenced_since = NULL
          WHERE key IN (${sql.join(
            unique.map((k) => sql`${k}`),
            sql`, `,
          )}) RETURNING key`,
    );
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
    for (const { key } of await queryRows<{ key: string }>(this.db, sql`SELECT key FROM blobs WHERE size IS NULL LIMIT ${limit}`)) {
      const size = BLOB_KEY.test(key) ? await this.store.size(key) : null;
      await this.db.execute(sql`UPDATE blobs SET size = ${size ?? 0} WHERE key = ${key} AND size IS NULL`);
      measured += 1;
    }
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - (options.graceMs ?? BLOB_GRACE_MS)).toISOString();
    const noRef = sql`NOT EXISTS (SELECT 1 FROM blob_refs r WHERE r.blob_key = b.key)`;
    // A row committed just after an earlier mark (its store came before the mark) referenced the blob again.
    await this.db.execute(sql`UPDATE blobs b SET unreferenced_since = NULL WHERE b.unreferenced_since IS NOT NULL AND NOT ${noRef}`);
    await this.db.execute(
      sql`UPDATE blobs SET unreferenced_since = ${now.toISOString()} WHERE key IN (
            SELECT b.key FROM blobs b WHERE b.unreferenced_since IS NULL AND ${noRef} LIMIT ${limit * 4})`,
    );
    const unreferenced = (at: SQL) =>
      sql`b.unreferenced_since < ${cutoff} AND b.touched_at < ${cutoff} AND ${noRef} AND ${at}`;
    const candidates = await queryRows<{ key: string }>(
      this.db,
      sql`SELECT b.key FROM blobs b WHERE ${unreferenced(sql`true`)} ORDER BY b.unreferenced_since LIMIT ${limit}`,
    );
    const deleted: string[] = [];
    for (const { key } of candidates) {
      const gone = await this.db.transaction(async (tx) => {
        const [locked] = await queryRows<{ key: string }>(
          tx,
          sql`SELECT b.key FROM blobs b WHERE ${unreferenced(sql`b.key = ${key}`)} FOR UPDATE OF b SKIP LOCKED`,
        );
        if (!locked) return false;
        // File first, then the row: if the delete fails the row stays and the next sweep tries again.
        await this.store.delete(key);
        await tx.execute(sql`DELETE FROM blobs WHERE key = ${key}`);
        return true;
      });
      if (gone) deleted.push(key);
    }
    return { deleted, measured };
  }
}
