import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

/** Generation jobs: the per-provider queue (ordered by seq) and each job's payment state. */
export const imageJobs = pgTable(
  'image_jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull().default('queued'),
    provider: text('provider').notNull(),
    model: text('model'),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    referenceKey: text('reference_key'),
    payment: text('payment', { enum: ['trial', 'credits'] }).notNull(),
    /** A trial is 'held' while the job runs, then 'kept' (success) or 'returned' (failure). */
    trialState: text('trial_state', { enum: ['held', 'kept', 'returned'] }),
    reservationId: uuid('reservation_id'),
    price: integer('price').notNull().default(0),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    check('image_jobs_status_check', sql`status IN ('queued', 'running', 'succeeded', 'failed')`),
    check('image_jobs_payment_check', sql`payment IN ('trial', 'credits')`),
    check('image_jobs_trial_state_check', sql`trial_state IN ('held', 'kept', 'returned')`),
    index('image_jobs_queue_idx').on(t.provider, t.status, t.seq),
    index('image_jobs_user_idx').on(t.userId, t.createdAt),
    // For the blob collector: a queued or running job's reference image is in use.
    index('image_jobs_reference_key_idx').on(t.referenceKey).where(sql`reference_key IS NOT NULL`),
  ],
);

/** Generated (and post-processed) images: the user's gallery. */
export const imageResults = pgTable(
  'image_results',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    jobId: uuid('job_id'),
    blobKey: text('blob_key').notNull(),
    /** Capability for <img src>: image URLs carry it because an img tag cannot send a bearer token. */
    accessToken: text('access_token').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    provider: text('provider').notNull(),
    model: text('model'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    cost: integer('cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A picture drawn on a device while offline: the device's id for it, so sending it twice stores it once. */
    clientId: uuid('client_id'),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    fkey(t.jobId, imageJobs.id, 'set null'),
    index('image_results_user_idx').on(t.userId, t.seq.desc().nullsFirst()),
    index('image_results_blob_idx').on(t.blobKey),
    uniqueIndex('image_results_client_id_idx').on(t.userId, t.clientId).where(sql`client_id IS NOT NULL`),
  ],
);

/**
 * Pictures drawn on a device that the user deleted from the gallery, by the device's id for each: a device
 * whose answer was lost on the way sends it again, and is told it was deleted instead of storing it anew.
 * Bounded per user (images/repository.ts keeps the newest).
 */
export const imageTombstones = pgTable(
  'image_tombstones',
  {
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    primaryKey({ name: 'image_tombstones_pkey', columns: [t.userId, t.clientId] }),
    index('image_tombstones_user_deleted_idx').on(t.userId, t.deletedAt),
  ],
);
