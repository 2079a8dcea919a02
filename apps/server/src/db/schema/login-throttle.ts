import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins per (account, IP) and per account, shared by every server process (modules/auth/login-throttle.ts):
 * 'pair:<sha256 of the email>:<IP or IPv6 /64>' and 'account:<sha256 of the email>'.
 */
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
  (t) => [
    check('login_throttle_failures_check', sql`failures >= 0`),
    // The sweep of rows that have gone quiet.
    index('login_throttle_updated_idx').on(t.updatedAt),
  ],
);
