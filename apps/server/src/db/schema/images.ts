import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Generation jobs: the per-provider queue (ordered by seq) and each job's payment state. */
export const imageJobs = pgTable(
  'image_jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull().default('queued'),
    provider: text('provider').notNull(),
    model: text('model'),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    referenceKey: text('reference_key'),
    payment: text('payment', { enum: ['trial', 'credits'] }).notNull(),
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
  (t) => [index('image_jobs_queue_idx').on(t.provider, t.status, t.seq), index('image_jobs_user_idx').on(t.userId, t.createdAt)],
);

/** Generated (and post-processed) images: the user's gallery. */
export const imageResults = pgTable(
  'image_results',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => imageJobs.id, { onDelete: 'set null' }),
    blobKey: text('blob_key').notNull(),
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
  },
  (t) => [index('image_results_user_idx').on(t.userId, t.seq), index('image_results_blob_idx').on(t.blobKey)],
);
