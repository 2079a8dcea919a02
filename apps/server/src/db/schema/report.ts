import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { documents } from './documents';

/** References, citation style and figures of a report document (migration 0006). */
export const reportMeta = pgTable('report_meta', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  meta: jsonb('meta').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A fingerprinted text of the plagiarism corpus; owner NULL is the operator's reference corpus. */
export const plagiarismSources = pgTable('plagiarism_sources', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['document', 'upload', 'reference'] }).notNull(),
  refKey: text('ref_key').notNull(),
  title: text('title').notNull(),
  contentHash: text('content_hash').notNull(),
  body: text('body').notNull(),
  words: integer('words').notNull(),
  fingerprintCount: integer('fingerprint_count').notNull(),
  /** Version of the word folding the fingerprints were made with (FINGERPRINT_VERSION). */
  fingerprintVersion: integer('fingerprint_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const plagiarismFingerprints = pgTable(
  'plagiarism_fingerprints',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => plagiarismSources.id, { onDelete: 'cascade' }),
    hash: integer('hash').notNull(),
    pos: integer('pos').notNull(),
  },
  (t) => [index('plagiarism_fingerprints_hash_idx').on(t.hash)],
);
