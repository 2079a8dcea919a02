import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { documents } from './documents';
import { fkey } from './keys';

/**
 * Comments on a shared document's text (issue 32). A thread is its opening comment (thread_id null), which
 * holds the anchor, the quote and whether it is resolved; its replies point at the opening, and go with it.
 */
export const documentComments = pgTable(
  'document_comments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    documentId: uuid('document_id').notNull(),
    threadId: uuid('thread_id'),
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    /** Encoded Y.RelativePositions (base64), on the opening only. */
    anchorStart: text('anchor_start'),
    anchorEnd: text('anchor_end'),
    quote: text('quote'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey(t.documentId, documents.id, 'cascade'),
    fkey(t.threadId, t.id, 'cascade'),
    fkey(t.authorId, users.id, 'cascade'),
    fkey(t.resolvedBy, users.id, 'set null'),
    // The anchor and quote are the opening's, and only the opening's.
    check(
      'document_comments_opening_check',
      sql`(thread_id IS NULL) = (anchor_start IS NOT NULL AND anchor_end IS NOT NULL AND quote IS NOT NULL)`,
    ),
    check('document_comments_reply_unresolved_check', sql`thread_id IS NULL OR resolved_at IS NULL`),
    index('document_comments_document_created_idx').on(t.documentId, t.createdAt),
    // Deleting an opening (or a whole document) looks its replies up by thread; without this, one scan each.
    index('document_comments_thread_idx').on(t.threadId).where(sql`thread_id IS NOT NULL`),
    // An author's comments: the account export, and account deletion's DELETE by author.
    index('document_comments_author_idx').on(t.authorId, t.createdAt),
  ],
);
