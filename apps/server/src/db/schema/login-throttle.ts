import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed sign-ins per (account, IP) and per account (migrations/0013_login_throttle.sql). */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    trustedUntil: timestamp('trusted_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttle_updated_idx').on(t.updatedAt)],
);
