import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every blob the store holds or is about to hold (migrations/0010_blob_refs.sql). */
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
  (t) => [index('blobs_unreferenced_idx').on(t.unreferencedSince).where(sql`unreferenced_since IS NOT NULL`)],
);

/** Who references which blob: a view over the tables that own blobs (defined in the migration). */
export const blobRefs = pgView('blob_refs', {
  blobKey: text('blob_key').notNull(),
  userId: uuid('user_id').notNull(),
}).existing();
