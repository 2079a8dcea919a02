import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { documents } from './documents';
import { fkey } from './keys';

/**
 * Versions of a document's text (issue 32): automatic ones taken while people edit, named ones, and restores
 * (the text of an older version brought back). `authors` are who edited since the version before; not a
 * foreign key, as a list of who wrote what is history too. A document's versions have strictly increasing times.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    documentId: uuid('document_id').notNull(),
    kind: text('kind', { enum: ['auto', 'named', 'restore'] }).notNull(),
    name: text('name'),
    content: text('content').notNull(),
    chars: integer('chars').notNull(),
    authors: uuid('authors').array().notNull().default(sql`'{}'`),
    /** Who named or restored it; null for an automatic version. */
    createdBy: uuid('created_by'),
    restoredFrom: uuid('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey(t.documentId, documents.id, 'cascade'),
    fkey(t.createdBy, users.id, 'set null'),
    fkey(t.restoredFrom, t.id, 'set null'),
    check('document_versions_kind_check', sql`kind IN ('auto', 'named', 'restore')`),
    check('document_versions_name_check', sql`(name IS NOT NULL) = (kind = 'named') AND (name IS NULL OR char_length(name) BETWEEN 1 AND 80)`),
    check('document_versions_restored_from_check', sql`restored_from IS NULL OR kind = 'restore'`),
    index('document_versions_document_created_idx').on(t.documentId, t.createdAt.desc().nullsFirst()),
    // Pruning a version sets the restores that point at it to null: without this, one scan each.
    index('document_versions_restored_from_idx').on(t.restoredFrom).where(sql`restored_from IS NOT NULL`),
  ],
);

/**
 * Who edited a document since its newest version, in the database so every server process adds to the same
 * list; the next version takes the rows as its authors and clears them.
 */
export const documentEditActivity = pgTable(
  'document_edit_activity',
  {
    documentId: uuid('document_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastEditAt: timestamp('last_edit_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'document_edit_activity_pkey', columns: [t.documentId, t.userId] }),
    fkey(t.documentId, documents.id, 'cascade'),
    fkey(t.userId, users.id, 'cascade'),
  ],
);
