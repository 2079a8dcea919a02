import { SUGGESTION_OUTCOMES } from '@yumi/core';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { documents } from './documents';
import { fkey } from './keys';

/**
 * Comments on a shared document's text (issue 32). A thread is its opening comment (thread_id null), which
 * holds the anchor, the quote and whether it is resolved; its replies point at the opening, and go with it.
 * A suggestion is a thread whose opening also holds the text it proposes in place of the quote; accepting or
 * rejecting it is its outcome, and resolves it (resolved_by and resolved_at say who decided, and when).
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
    /** A suggestion's proposed text ('' deletes the quote); null for a plain comment. */
    suggestion: text('suggestion'),
    /** 'accepted' or 'rejected' once an editor decided; null while the suggestion is open. */
    outcome: text('outcome', { enum: SUGGESTION_OUTCOMES }),
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
    // A suggestion is a thread's opening; 5000 is MAX_SUGGESTION_CHARS.
    check('document_comments_suggestion_check', sql`suggestion IS NULL OR (thread_id IS NULL AND char_length(suggestion) <= 5000)`),
    check('document_comments_outcome_check', sql`outcome IS NULL OR (suggestion IS NOT NULL AND outcome IN ('accepted', 'rejected'))`),
    // A suggestion is resolved exactly when it is decided: resolving is not how one closes it.
    check('document_comments_decided_check', sql`suggestion IS NULL OR (outcome IS NULL) = (resolved_at IS NULL)`),
    index('document_comments_document_created_idx').on(t.documentId, t.createdAt),
    // Deleting an opening (or a whole document) looks its replies up by thread; without this, one scan each.
    index('document_comments_thread_idx').on(t.threadId).where(sql`thread_id IS NOT NULL`),
    // An author's comments: the account export, and account deletion's DELETE by author.
    index('document_comments_author_idx').on(t.authorId, t.createdAt),
  ],
);
