import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Preferences } from '@yumi/core';
import { users } from './accounts';

export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Preferences>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
