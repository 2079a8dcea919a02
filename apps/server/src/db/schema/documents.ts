import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['writing', 'report'] }).notNull().default('writing'),
  title: text('title').notNull().default(''),
  content: text('content').notNull().default(''),
  version: integer('version').notNull().default(1),
  words: integer('words').notNull().default(0),
  characters: integer('characters').notNull().default(0),
  hashtags: text('hashtags').array().notNull().default(sql`'{}'`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The id a device gave a document made offline (unique per user): a repeated send finds the first. */
  clientId: uuid('client_id'),
});

export const writingProfiles = pgTable(
  'writing_profiles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['writing', 'report'] }).notNull(),
    controlSettings: jsonb('control_settings').notNull(),
    userHistory: jsonb('user_history').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mode] })],
);
