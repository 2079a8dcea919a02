import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Tokens per subject (user or IP) per provider per day; see migrations/0003_ai.sql. */
export const aiUsageDaily = pgTable(
  'ai_usage_daily',
  {
    subject: text('subject').notNull(),
    provider: text('provider').notNull(),
    day: date('day').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    freeTokens: bigint('free_tokens', { mode: 'number' }).notNull().default(0),
    freeReserved: bigint('free_reserved', { mode: 'number' }).notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.provider, t.day] })],
);

export interface StoredChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
}

export const chatArchives = pgTable(
  'chat_archives',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    mode: text('mode').notNull(),
    personality: text('personality').notNull(),
    messages: jsonb('messages').$type<StoredChatMessage[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_archives_user_updated_idx').on(t.userId, t.updatedAt)],
);
