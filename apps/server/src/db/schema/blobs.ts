import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every blob the store holds or is about to hold. A row is written before its file, so a crash between the two
 * leaves a row the collector cleans up, never a file nobody knows about (docs/security.md, Files).
 */
export const blobs = pgTable(
  'blobs',
  {
    key: text('key').primaryKey(),
    /** Null for a blob stored before the table existed, until the collector measures it. */
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull(),
    /** When the collector first found no row referencing it (cleared by a new store or re-use). */
    unreferencedSince: timestamp('unreferenced_since', { withTimezone: true }),
  },
  (t) => [
    check('blobs_key_check', sql`key ~ '^[0-9a-f]{64}$'`),
    check('blobs_size_check', sql`size >= 0`),
    index('blobs_unreferenced_idx').on(t.unreferencedSince).where(sql`unreferenced_since IS NOT NULL`),
  ],
);

/**
 * Who references which blob, computed from the tables that own blobs, so a reference disappears with its row
 * whatever deletes it. A module that adds a blob column adds it here (and an index on it: the collector asks "is
 * this key referenced anywhere"). A job's reference image only counts while the job is queued or running.
 */
export const blobRefs = pgView('blob_refs', {
  blobKey: text('blob_key').notNull(),
  userId: uuid('user_id').notNull(),
}).as(sql`SELECT blob_key, user_id FROM image_results
  UNION ALL
  SELECT reference_key, user_id FROM image_jobs WHERE reference_key IS NOT NULL AND status IN ('queued', 'running')
  UNION ALL
  SELECT blob_key, user_id FROM artworks
  UNION ALL
  SELECT thumb_key, user_id FROM artworks
  UNION ALL
  SELECT vb.blob_key, c.user_id
    FROM character_version_blobs vb
    JOIN character_versions v ON v.id = vb.version_id
    JOIN characters c ON c.id = v.character_id`);
