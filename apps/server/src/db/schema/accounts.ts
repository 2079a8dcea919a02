import { sql } from 'drizzle-orm';
import { bigint, check, index, inet, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fkey } from './keys';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Two-step sign-in and deleted accounts (migrations/0017_two_step.sql).
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the current address was proven by a link sent to it (migrations/0014_account_mail.sql). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** `npm run admin -- grant|revoke`: wins over ADMIN_EMAILS; null lets ADMIN_EMAILS decide. */
    roleGrant: text('role_grant', { enum: ['granted', 'revoked'] }),
  },
  () => [
    // Addresses and names are unique whatever their case.
    uniqueIndex('users_email_lower_key').on(sql`lower(email)`),
    uniqueIndex('users_username_lower_key').on(sql`lower(username)`),
    check('users_role_check', sql`role IN ('user', 'admin')`),
    check('users_role_grant_check', sql`role_grant IN ('granted', 'revoked')`),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    unique('recovery_codes_user_id_code_hash_key').on(t.userId, t.codeHash),
    check('recovery_codes_code_hash_check', sql`code_hash ~ '^[0-9a-f]{64}$'`),
  ],
);

export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    userAgent: text('user_agent'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    check('two_step_challenges_token_hash_check', sql`token_hash ~ '^[0-9a-f]{64}$'`),
    index('two_step_challenges_expires_idx').on(t.expiresAt),
    index('two_step_challenges_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** Moved at most once a minute, on a session cache miss (migrations/0016_account_sessions.sql). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client address at sign-in, then at each last_seen_at move (migrations/0018_session_ip.sql). */
    ip: inet('ip'),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    index('sessions_user_id_idx').on(t.userId),
    // The account page lists a user's live sessions, newest activity first.
    index('sessions_user_live_idx').on(t.userId, t.lastSeenAt.desc().nullsFirst()).where(sql`revoked_at IS NULL`),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
