import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

/**
 * One-time links sent by mail (verify, change of email, password reset); only the token's SHA-256 is stored.
 * `email` is the address the link went to: for 'change-email' the new one, the account's once the link is opened.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose', { enum: ['verify-email', 'change-email', 'password-reset'] }).notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    check('account_tokens_purpose_check', sql`purpose IN ('verify-email', 'change-email', 'password-reset')`),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Admin actions and role changes, newest first on the admin page; `actor` is the admin's email at the time. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [fkey(t.actorId, users.id, 'set null'), index('admin_audit_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
