import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

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
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    mode: text('mode').notNull(),
    personality: text('personality').notNull(),
    messages: jsonb('messages').$type<StoredChatMessage[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [fkey(t.userId, users.id, 'cascade'), index('chat_archives_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst())],
);
