import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => bigint(name, { mode: 'number' });

export const creditBalances = pgTable('credit_balances', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: amount('balance').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    delta: amount('delta').notNull(),
    reason: text('reason').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** Granted by the TEST MODE checkout, not paid for. */
    test: boolean('test').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.sourceType, t.sourceId)],
);

export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    amount: amount('amount').notNull(),
    charged: amount('charged'),
    status: text('status', { enum: ['held', 'settled', 'released'] }).notNull().default('held'),
    reason: text('reason').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [unique().on(t.sourceType, t.sourceId)],
);

export const purchases = pgTable('purchases', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['stripe', 'alipay', 'test'] }).notNull(),
  method: text('method', { enum: ['stripe', 'alipay'] }).notNull(),
  kind: text('kind', { enum: ['package', 'subscription'] }).notNull(),
  itemId: text('item_id').notNull(),
  tokens: amount('tokens').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** Refunded so far by the provider (cumulative); a partial refund leaves the purchase paid. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  status: text('status', { enum: ['pending', 'paid', 'failed', 'expired', 'refunded'] }).notNull().default('pending'),
  providerRef: text('provider_ref'),
  paymentRef: text('payment_ref'),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purchaseId: uuid('purchase_id').notNull().unique().references(() => purchases.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  dailyTokens: integer('daily_tokens').notNull(),
  durationDays: integer('duration_days').notNull(),
  startedOn: date('started_on').notNull(),
  claimedDays: integer('claimed_days').notNull().default(0),
  lastClaimOn: date('last_claim_on'),
  status: text('status', { enum: ['active', 'completed', 'cancelled'] }).notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const tokenUsage = pgTable(
  'token_usage',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    tokens: amount('tokens').notNull().default(0),
    freeTokens: amount('free_tokens').notNull().default(0),
    timeshards: amount('timeshards').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.provider, t.model] })],
);

export const artworks = pgTable('artworks', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'`),
  blobKey: text('blob_key').notNull(),
  thumbKey: text('thumb_key').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  consentToShow: boolean('consent_to_show').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  exceptional: boolean('exceptional').notNull().default(false),
  rejectionReason: text('rejection_reason'),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Tokens per subject (user or IP) per provider per day; see migrations/0003_ai.sql (billing meters: the AI module holds and settles through modules/billing/allowance.ts). */
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

/** Free image-generation trials used (at most 3, enforced by the database too); modules/billing/access.ts. */
export const imageTrials = pgTable('image_trials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  used: integer('used').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
