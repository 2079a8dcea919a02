import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { documents } from './documents';
import { fkey } from './keys';

/** References, citation style and figures of a report document. */
export const reportMeta = pgTable(
  'report_meta',
  {
    documentId: uuid('document_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    meta: jsonb('meta').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [fkey(t.documentId, documents.id, 'cascade'), fkey(t.userId, users.id, 'cascade')],
);

/**
 * A text fingerprinted for the plagiarism check: one of a user's documents, a file they uploaded, or (owner NULL)
 * the operator's reference corpus. Fingerprints are kept so a check never rescans every text.
 */
export const plagiarismSources = pgTable(
  'plagiarism_sources',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id'),
    kind: text('kind', { enum: ['document', 'upload', 'reference'] }).notNull(),
    refKey: text('ref_key').notNull(),
    title: text('title').notNull(),
    contentHash: text('content_hash').notNull(),
    body: text('body').notNull(),
    words: integer('words').notNull(),
    fingerprintCount: integer('fingerprint_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Version of the word folding the fingerprints were made with (FINGERPRINT_VERSION); older ones are redone. */
    fingerprintVersion: integer('fingerprint_version').notNull().default(1),
  },
  (t) => [
    fkey(t.ownerId, users.id, 'cascade'),
    check('plagiarism_sources_kind_check', sql`kind IN ('document', 'upload', 'reference')`),
    // One source per owner (the reference corpus counting as one owner), kind and key.
    uniqueIndex('plagiarism_sources_ref_key').on(sql`(COALESCE(owner_id, '00000000-0000-0000-0000-000000000000'::uuid))`, t.kind, t.refKey),
    index('plagiarism_sources_owner_idx').on(t.ownerId),
    index('plagiarism_sources_version_idx').on(t.fingerprintVersion),
  ],
);

/** Winnowing fingerprints of a source: a hash and the word position it starts at. */
export const plagiarismFingerprints = pgTable(
  'plagiarism_fingerprints',
  {
    sourceId: uuid('source_id').notNull(),
    hash: integer('hash').notNull(),
    pos: integer('pos').notNull(),
  },
  (t) => [
    fkey(t.sourceId, plagiarismSources.id, 'cascade'),
    index('plagiarism_fingerprints_hash_idx').on(t.hash),
    index('plagiarism_fingerprints_source_idx').on(t.sourceId),
  ],
);
