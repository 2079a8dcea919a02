import type { ImageProviderId } from '@yumi/core';
import { and, asc, count, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { imageJobs, imageResults, imageTombstones } from '../../db/schema';
import { returnImageTrialIn, takeImageTrialIn } from '../billing';

export type JobRow = typeof imageJobs.$inferSelect;
export type ResultRow = typeof imageResults.$inferSelect;


/** Gives a held trial back once (the job failed); a second call finds it no longer held and does nothing. */
export async function returnTrial(db: Db, jobId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(imageJobs)
      .set({ trialState: 'returned' })
      .where(and(eq(imageJobs.id, jobId), eq(imageJobs.trialState, 'held')))
      .returning({ userId: imageJobs.userId });
    if (job) await returnImageTrialIn(tx, job.userId, now);
  });
}

export async function keepTrial(db: Db, jobId: string): Promise<void> {
  await db.update(imageJobs).set({ trialState: 'kept' }).where(and(eq(imageJobs.id, jobId), eq(imageJobs.trialState, 'held')));
}

export type NewJob = typeof imageJobs.$inferInsert;

/** A free-trial job: the trial and the job row are written together, or neither is. */
export async function insertTrialJob(db: Db, job: NewJob, now: Date): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    if (!(await takeImageTrialIn(tx, job.userId, now))) return null;
    const [row] = await tx.insert(imageJobs).values({ ...job, payment: 'trial', trialState: 'held' }).returning();
    return row!;
  });
}

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db.insert(imageJobs).values(job).returning();
  return row!;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(imageJobs).where(eq(imageJobs.id, id));
  return row;
}

/** Jobs of the same provider waiting ahead of this one. */
export async function queuePosition(db: Db, job: Pick<JobRow, 'provider' | 'seq' | 'status'>): Promise<number> {
  if (job.status !== 'queued') return 0;
  const [row] = await db
    .select({ n: count() })
    .from(imageJobs)
    .where(and(eq(imageJobs.provider, job.provider), eq(imageJobs.status, 'queued'), lt(imageJobs.seq, job.seq)));
  return row?.n ?? 0;
}

/** One advisory-lock key per provider, so claims for one provider are serialised across processes. */
function lockKey(provider: string): number {
  let h = 7_355_700;
  for (let i = 0; i < provider.length; i++) h = (h * 31 + provider.charCodeAt(i)) | 0;
  return h;
}

/**
 * Moves the oldest queued job of a provider to running if fewer than `limit` run, under a transaction-scoped
 * advisory lock so two processes never both take the last slot.
 */
export async function claimNext(db: Db, provider: ImageProviderId, limit: number, now: Date): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockKey(provider)})`);
    const [running] = await tx
      .select({ n: count() })
      .from(imageJobs)
      .where(and(eq(imageJobs.provider, provider), eq(imageJobs.status, 'running')));
    if ((running?.n ?? 0) >= limit) return null;
    const claimed = await tx
      .update(imageJobs)
      .set({ status: 'running', startedAt: now, heartbeatAt: now })
      .where(
        eq(
          imageJobs.id,
          sql`(SELECT id FROM image_jobs WHERE provider = ${provider} AND status = 'queued' ORDER BY seq LIMIT 1)`,
        ),
      )
      .returning();
    return claimed[0] ?? null;
  });
}

/** Running jobs whose process stopped beating (crashed): they are failed so their payment is returned. */
export async function staleJobs(db: Db, provider: ImageProviderId, before: Date): Promise<JobRow[]> {
  return db
    .select()
    .from(imageJobs)
    .where(and(eq(imageJobs.provider, provider), eq(imageJobs.status, 'running'), lt(imageJobs.heartbeatAt, before)));
}

export async function queuedProviders(db: Db): Promise<string[]> {
  const found = await db.selectDistinct({ provider: imageJobs.provider }).from(imageJobs).where(eq(imageJobs.status, 'queued'));
  return found.map((r) => r.provider);
}

/** Jobs waiting and running per provider, for /metrics. */
export async function imageJobCounts(db: Db): Promise<Array<{ provider: string; status: string; count: number }>> {
  return db
    .select({ provider: imageJobs.provider, status: imageJobs.status, count: count() })
    .from(imageJobs)
    .where(sql`${imageJobs.status} IN ('queued', 'running')`)
    .groupBy(imageJobs.provider, imageJobs.status);
}

export async function updateProgress(db: Db, id: string, progress: number, now: Date): Promise<void> {
  await db.update(imageJobs).set({ progress, heartbeatAt: now }).where(and(eq(imageJobs.id, id), eq(imageJobs.status, 'running')));
}

/** Closes a job once; answers false when it was already closed (another process reaped it). */
export async function finishJob(
  db: Db,
  id: string,
  patch: { status: 'succeeded' | 'failed'; error?: string | null; errorCode?: string | null; finishedAt: Date },
): Promise<boolean> {
  const done = await db
    .update(imageJobs)
    .set({ ...patch, progress: patch.status === 'succeeded' ? 1 : sql`${imageJobs.progress}` })
    .where(and(eq(imageJobs.id, id), sql`${imageJobs.status} IN ('queued', 'running')`))
    .returning({ id: imageJobs.id });
  return done.length > 0;
}

export type NewResult = typeof imageResults.$inferInsert;
export async function insertResults(db: Db, results: NewResult[]): Promise<ResultRow[]> {
  if (results.length === 0) return [];
  return db.insert(imageResults).values(results).returning();
}

export async function resultsOfJob(db: Db, jobId: string): Promise<ResultRow[]> {
  return db.select().from(imageResults).where(eq(imageResults.jobId, jobId)).orderBy(imageResults.seq);
}

/** The picture a device sent under `clientId` before, if any (the device's ids are the user's own). */
export async function findSentFromDevice(db: Db, userId: string, clientId: string): Promise<ResultRow | undefined> {
  const [row] = await db.select().from(imageResults).where(and(eq(imageResults.userId, userId), eq(imageResults.clientId, clientId)));
  return row;
}

/** Inserts a picture sent from a device; null when the same picture (user and client id) is already stored. */
export async function insertFromDevice(db: Runner, result: NewResult & { clientId: string }): Promise<ResultRow | null> {
  const [row] = await db
    .insert(imageResults)
    .values(result)
    .onConflictDoNothing({ target: [imageResults.userId, imageResults.clientId], where: sql`client_id IS NOT NULL` })
    .returning();
  return row ?? null;
}

export async function findResult(db: Db, id: string): Promise<ResultRow | undefined> {
  const [row] = await db.select().from(imageResults).where(eq(imageResults.id, id));
  return row;
}

export async function galleryPage(db: Db, userId: string, limit: number, beforeSeq?: number): Promise<ResultRow[]> {
  const where = beforeSeq ? and(eq(imageResults.userId, userId), lt(imageResults.seq, beforeSeq)) : eq(imageResults.userId, userId);
  return db.select().from(imageResults).where(where).orderBy(desc(imageResults.seq)).limit(limit);
}

export async function deleteResult(db: Runner, id: string): Promise<void> {
  await db.delete(imageResults).where(eq(imageResults.id, id));
}

/**
 * How many deleted device pictures are remembered per user: a device that sends one again after this many
 * later deletions (it stayed offline through all of them) would add it anew.
 */
export const TOMBSTONES_PER_USER = 1000;

/** Remembers that the user deleted the picture a device sent under `clientId`; forgets the oldest beyond the cap. */
export async function rememberDeleted(tx: Runner, userId: string, clientId: string, now: Date): Promise<void> {
  await tx.insert(imageTombstones).values({ userId, clientId, deletedAt: now }).onConflictDoNothing();
  const newest = tx
    .select({ clientId: imageTombstones.clientId })
    .from(imageTombstones)
    .where(eq(imageTombstones.userId, userId))
    .orderBy(desc(imageTombstones.deletedAt), desc(imageTombstones.clientId))
    .limit(TOMBSTONES_PER_USER);
  await tx.delete(imageTombstones).where(and(eq(imageTombstones.userId, userId), notInArray(imageTombstones.clientId, newest)));
}

/** Whether the user deleted the picture a device sent under `clientId`. */
export async function wasDeleted(db: Runner, userId: string, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ clientId: imageTombstones.clientId })
    .from(imageTombstones)
    .where(and(eq(imageTombstones.userId, userId), eq(imageTombstones.clientId, clientId)))
    .limit(1);
  return !!row;
}

/** One page of the user's gallery after `afterSeq`, oldest first: the data export reads it all, a page at a time. */
export async function resultsAfter(db: Db, userId: string, afterSeq: number, limit: number): Promise<ResultRow[]> {
  return db
    .select()
    .from(imageResults)
    .where(and(eq(imageResults.userId, userId), gt(imageResults.seq, afterSeq)))
    .orderBy(asc(imageResults.seq))
    .limit(limit);
}
