import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { creditReservations as reservations } from '../../db/schema';
import { release } from './ledger';

/**
 * A reservation is held for the length of one call: a chat answer or an AI canvas tool, each bounded by
 * its provider timeout (seconds to a few minutes). One still held after this long belongs to a process
 * that died mid-call (`kill -9`, a crash, a lost machine) and would keep the timeshards forever.
 */
export const STALE_RESERVATION_MS = 10 * 60_000;
/** Reservations of calls that end inside one request. Image jobs hold theirs while queued; their queue settles them. */
const SWEPT_SOURCES = ['ai-call', 'ai-draw'];
const SWEEP_EVERY_MS = 60_000;
const BATCH = 500;

/**
 * Gives back every stale reservation in full. Safe with any number of processes sweeping at once: the
 * release is the ledger's own idempotent close (a conditional UPDATE only one of them wins).
 */
export async function releaseStaleReservations(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - STALE_RESERVATION_MS);
  const stale = await ctx.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'held'), lt(reservations.createdAt, cutoff), inArray(reservations.sourceType, SWEPT_SOURCES)))
    .orderBy(reservations.createdAt)
    .limit(BATCH);
  for (const { id } of stale) await release(ctx, id);
  if (stale.length) ctx.log.warn({ released: stale.length }, 'released stale credit reservations (a process died mid-call)');
  return stale.length;
}

/** Runs the sweep every minute in this process; answers the function that stops it. */
export function startReservationSweeper(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    releaseStaleReservations(ctx).catch((err: unknown) => ctx.log.warn({ err: (err as Error).message }, 'reservation sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
