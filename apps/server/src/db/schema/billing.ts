import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => bigint(name, { mode: 'number' });

export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: uuid('user_id').primaryKey(),
    balance: amount('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [fkey(t.userId, users.id, 'cascade'), check('credit_balances_balance_check', sql`balance >= 0`)],
);

/** Append-only: corrections are new entries. (source_type, source_id) makes every cause count once. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    delta: amount('delta').notNull(),
    reason: text('reason').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Granted by the TEST MODE checkout, not paid for. */
    test: boolean('test').notNull().default(false),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    unique('credit_ledger_source_type_source_id_key').on(t.sourceType, t.sourceId),
    check('credit_ledger_delta_check', sql`delta <> 0`),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    amount: amount('amount').notNull(),
    charged: amount('charged'),
    status: text('status', { enum: ['held', 'settled', 'released'] }).notNull().default('held'),
    reason: text('reason').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    unique('credit_reservations_source_type_source_id_key').on(t.sourceType, t.sourceId),
    check('credit_reservations_amount_check', sql`amount > 0`),
    // Two columns in one check: PostgreSQL named it after the table alone.
    check('credit_reservations_check', sql`charged >= 0 AND charged <= amount`),
    check('credit_reservations_status_check', sql`status IN ('held', 'settled', 'released')`),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
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
    /** The provider's payment id (Stripe payment intent, Alipay trade no), to match refunds and disputes. */
    paymentRef: text('payment_ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    check('purchases_provider_check', sql`provider IN ('stripe', 'alipay', 'test')`),
    check('purchases_method_check', sql`method IN ('stripe', 'alipay')`),
    check('purchases_kind_check', sql`kind IN ('package', 'subscription')`),
    check('purchases_tokens_check', sql`tokens >= 0`),
    check('purchases_amount_cents_check', sql`amount_cents > 0`),
    check('purchases_refunded_cents_check', sql`refunded_cents >= 0`),
    check('purchases_status_check', sql`status IN ('pending', 'paid', 'failed', 'expired', 'refunded')`),
    index('purchases_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('purchases_provider_ref_key').on(t.provider, t.providerRef).where(sql`provider_ref IS NOT NULL`),
    // A payment (Stripe payment intent, Alipay trade) belongs to exactly one purchase: refunds find it by this.
    uniqueIndex('purchases_payment_ref_key').on(t.provider, t.paymentRef).where(sql`payment_ref IS NOT NULL`),
  ],
);

/** Webhook and notify deliveries already handled (dedupe on the provider's event id). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    purchaseId: uuid('purchase_id'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_events_pkey', columns: [t.provider, t.eventId] }), fkey(t.purchaseId, purchases.id, 'set null')],
);

/**
 * Refunds and disputes that arrived before the payment they reverse was fulfilled (Stripe does not promise
 * the order of events): kept here and applied in the fulfilment's transaction, so the final balance is the
 * same whatever the order. `refundedCents` of `chargeCents` is the cumulative refund; both null is a full
 * reversal (a dispute).
 */
export const earlyReversals = pgTable(
  'early_reversals',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentRef: text('payment_ref').notNull(),
    refundedCents: amount('refunded_cents'),
    chargeCents: amount('charge_cents'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'early_reversals_pkey', columns: [t.provider, t.eventId] }), index('early_reversals_payment_ref_idx').on(t.provider, t.paymentRef)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    purchaseId: uuid('purchase_id').notNull().unique('subscriptions_purchase_id_key'),
    planId: text('plan_id').notNull(),
    dailyTokens: integer('daily_tokens').notNull(),
    durationDays: integer('duration_days').notNull(),
    startedOn: date('started_on').notNull(),
    claimedDays: integer('claimed_days').notNull().default(0),
    lastClaimOn: date('last_claim_on'),
    status: text('status', { enum: ['active', 'completed', 'cancelled'] }).notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    fkey(t.purchaseId, purchases.id, 'cascade'),
    check('subscriptions_daily_tokens_check', sql`daily_tokens > 0`),
    check('subscriptions_duration_days_check', sql`duration_days > 0`),
    check('subscriptions_status_check', sql`status IN ('active', 'completed', 'cancelled')`),
    index('subscriptions_user_idx').on(t.userId, t.status),
  ],
);

/** Tokens used per user, UTC day, provider and model (written by the AI module through billing/usage.ts). */
export const tokenUsage = pgTable(
  'token_usage',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    tokens: amount('tokens').notNull().default(0),
    freeTokens: amount('free_tokens').notNull().default(0),
    timeshards: amount('timeshards').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'token_usage_pkey', columns: [t.userId, t.day, t.provider, t.model] }), fkey(t.userId, users.id, 'cascade')],
);

export const artworks = pgTable(
  'artworks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
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
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    fkey(t.reviewedBy, users.id, 'set null'),
    check('artworks_status_check', sql`status IN ('pending', 'approved', 'rejected')`),
    index('artworks_user_idx').on(t.userId, t.createdAt),
    index('artworks_status_idx').on(t.status, t.createdAt),
    // The blob collector asks whether a key is referenced: each blob column is indexed.
    index('artworks_blob_key_idx').on(t.blobKey),
    index('artworks_thumb_key_idx').on(t.thumbKey),
  ],
);

/**
 * Tokens per subject ('user:<id>' or 'ip:<address>') per provider per UTC day (billing meters: the AI module holds
 * and settles through modules/billing/allowance.ts). Free-allowance calls hold `free_reserved` before they start,
 * so concurrent requests never spend more than the allowance.
 */
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
  (t) => [primaryKey({ name: 'ai_usage_daily_pkey', columns: [t.subject, t.provider, t.day] })],
);

/** Free image-generation trials used (at most 3, enforced by the database too); modules/billing/access.ts. */
export const imageTrials = pgTable(
  'image_trials',
  {
    userId: uuid('user_id').primaryKey(),
    used: integer('used').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [fkey(t.userId, users.id, 'cascade'), check('image_trials_used_check', sql`used >= 0 AND used <= 3`)],
);
