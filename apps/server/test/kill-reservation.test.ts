import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import type { Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { killableDatabase, runChild } from './kill-child';
import { ManualClock } from '../src/lib/clock';
import { getBalance } from '../src/modules/billing/ledger';
import { releaseStaleReservations, STALE_RESERVATION_MS } from '../src/modules/billing/reservation-sweeper';


const held = async (database: Database, userId: string) => {
  const rows = (await database.db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount FROM credit_reservations WHERE user_id = ${userId} AND status = 'held'`)) as unknown as {
    rows: Array<{ n: number; amount: string }>;
  };
  return { count: Number(rows.rows[0]!.n), amount: Number(rows.rows[0]!.amount) };
};

describe('kill the server during a paid chat', () => {
  it('the reservation is released by the sweeper once it is older than the bound, not before, once', async () => {
    const { env, reopen, cleanup } = await killableDatabase('yumi_kres');
    try {
      const { out, signal } = await runChild('kill-reservation.child.ts', env);
      expect(signal).toBe('SIGKILL');
      const { userId } = JSON.parse(out.trim().split('\n')[0]!) as { userId: string };
      const database = await reopen();
      await migrate(database);
      const clock = new ManualClock(new Date());
      const ctx = { db: database.db, clock, log: { warn: () => undefined } } as unknown as AppContext;
      try {
        const stuck = await held(database, userId);
        expect(stuck.count).toBe(1);
        expect(await getBalance(ctx, userId)).toBe(1_000_000 - stuck.amount);
        // Not yet: a call may legitimately still be running.
        clock.advance(STALE_RESERVATION_MS - 60_000);
        expect(await releaseStaleReservations(ctx)).toBe(0);
        expect((await held(database, userId)).count).toBe(1);
        // Past the bound: given back in full, by two sweepers racing, exactly once.
        clock.advance(2 * 60_000);
        const released = await Promise.all([releaseStaleReservations(ctx), releaseStaleReservations(ctx)]);
        expect(released.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
        expect((await held(database, userId)).count).toBe(0);
        expect(await getBalance(ctx, userId)).toBe(1_000_000);
        console.log(`[kill] ${database.kind}: SIGKILL mid-stream held ${stuck.amount} timeshards; released after ${STALE_RESERVATION_MS / 60_000} min`);
      } finally {
        await database.close();
      }
    } finally {
      await cleanup();
    }
  }, 60_000);
});
