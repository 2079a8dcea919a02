import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

/** Writing and Report Helper documents, with a version number for optimistic concurrency. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['writing', 'report'] }).notNull().default('writing'),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    version: integer('version').notNull().default(1),
    words: integer('words').notNull().default(0),
    characters: integer('characters').notNull().default(0),
    /** Hashtags found in the content, kept on save so the offline trends need no full-text scan. */
    hashtags: text('hashtags').array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The id a device gave a document made offline (unique per user): a repeated send finds the first. */
    clientId: uuid('client_id'),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    check('documents_kind_check', sql`kind IN ('writing', 'report')`),
    index('documents_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
    index('documents_updated_idx').on(t.updatedAt),
    uniqueIndex('documents_client_id_idx').on(t.userId, t.clientId).where(sql`client_id IS NOT NULL`),
  ],
);

/** Each user's creative control settings and writing history per helper mode. */
export const writingProfiles = pgTable(
  'writing_profiles',
  {
    userId: uuid('user_id').notNull(),
    mode: text('mode', { enum: ['writing', 'report'] }).notNull(),
    controlSettings: jsonb('control_settings').notNull(),
    userHistory: jsonb('user_history').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'writing_profiles_pkey', columns: [t.userId, t.mode] }),
    fkey(t.userId, users.id, 'cascade'),
    check('writing_profiles_mode_check', sql`mode IN ('writing', 'report')`),
  ],
);

/** Who else may open a document, and as what (issue 32). The owner is the document's user_id, never a row here. */
export const documentShares = pgTable(
  'document_shares',
  {
    documentId: uuid('document_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['viewer', 'commenter', 'editor'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'document_shares_pkey', columns: [t.documentId, t.userId] }),
    fkey(t.documentId, documents.id, 'cascade'),
    fkey(t.userId, users.id, 'cascade'),
    check('document_shares_role_check', sql`role IN ('viewer', 'commenter', 'editor')`),
    index('document_shares_user_idx').on(t.userId),
  ],
);

/**
 * A way in that is not yet a member: a link (email null, followed by anyone signed in, until turned off) or
 * an invitation mailed to an address without an account (used once). Only the token's sha256 is kept.
 */
export const shareTokens = pgTable(
  'share_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    documentId: uuid('document_id').notNull(),
    role: text('role', { enum: ['viewer', 'commenter', 'editor'] }).notNull(),
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey(t.documentId, documents.id, 'cascade'),
    check('share_tokens_role_check', sql`role IN ('viewer', 'commenter', 'editor')`),
    uniqueIndex('share_tokens_token_hash_key').on(t.tokenHash),
    index('share_tokens_document_idx').on(t.documentId),
  ],
);
