import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Preferences } from '@yumi/core';
import { users } from './accounts';
import { fkey } from './keys';

/** Launcher layout and theme preferences of signed-in users (one row per user, replaced on save). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id').primaryKey(),
    data: jsonb('data').$type<Preferences>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [fkey(t.userId, users.id, 'cascade')],
);
