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
