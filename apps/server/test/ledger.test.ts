import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import { getBalance, grant, release, reserve, settle, spend } from '../src/modules/billing/ledger';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestApp();
  // The services take the app's context; tests build the same one around the test database.
  ctx = { config: t.config, database: t.database, db: t.database.db, clock: t.clock, log: t.app.log } as unknown as AppContext;
});
afterAll(() => t.close());

async function ledgerSum(userId: string) {
  const r = await t.database.db.execute(sql`SELECT coalesce(sum(delta), 0)::bigint AS s, count(*)::int AS n FROM credit_ledger WHERE user_id = ${userId}`);
  const row = (r as unknown as { rows: Array<{ s: string; n: number }> }).rows[0]!;
  return { sum: Number(row.s), entries: Number(row.n) };
}

describe('credit ledger', () => {
  it('grants once per source, and the balance is the sum of the ledger', async () => {
    const u = await signUp(t.app);
    expect(await getBalance(ctx, u.user.id)).toBe(0);
    const e = { userId: u.user.id, amount: 500, reason: 'test', sourceType: 'test-grant', sourceId: `g-${u.user.id}` };
    expect(await grant(ctx, e)).toEqual({ applied: true, balance: 500 });
    expect(await grant(ctx, e)).toEqual({ applied: false, balance: 500 });
    const parallel = await Promise.all([1, 2, 3, 4, 5].map(() => grant(ctx, { ...e, sourceId: `p-${u.user.id}` })));
    expect(parallel.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(ctx, u.user.id)).toBe(1000);
    expect((await ledgerSum(u.user.id)).sum).toBe(1000);
  });

  it('refuses negative, zero, fractional and huge amounts', async () => {
    const u = await signUp(t.app);
    for (const amount of [-1, 0, 1.5, Number.NaN, 1e16]) {
      await expect(grant(ctx, { userId: u.user.id, amount, reason: 'x', sourceType: 't', sourceId: `bad-${amount}` })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
      await expect(reserve(ctx, { userId: u.user.id, amount, reason: 'x', sourceType: 't', sourceId: `bad-r-${amount}` })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    }
    expect(await getBalance(ctx, u.user.id)).toBe(0);
    expect((await ledgerSum(u.user.id)).entries).toBe(0);
  });

  it('reserves, settles part and returns the rest, idempotently; release returns everything', async () => {
    const u = await signUp(t.app);
    await grant(ctx, { userId: u.user.id, amount: 1000, reason: 'seed', sourceType: 'seed', sourceId: u.user.id });
    const r = await reserve(ctx, { userId: u.user.id, amount: 300, reason: 'chat', sourceType: 'chat-call', sourceId: `c1-${u.user.id}` });
    expect(r.balance).toBe(700);
    // Reserving the same cause again answers the same hold.
    const again = await reserve(ctx, { userId: u.user.id, amount: 300, reason: 'chat', sourceType: 'chat-call', sourceId: `c1-${u.user.id}` });
    expect(again.reservationId).toBe(r.reservationId);
    expect(await getBalance(ctx, u.user.id)).toBe(700);
    await expect(settle(ctx, r.reservationId, 301)).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    expect((await settle(ctx, r.reservationId, 120)).balance).toBe(880);
    expect((await settle(ctx, r.reservationId, 120)).balance).toBe(880);
    expect((await release(ctx, r.reservationId)).balance).toBe(880);

    const r2 = await reserve(ctx, { userId: u.user.id, amount: 80, reason: 'img', sourceType: 'image', sourceId: `i1-${u.user.id}` });
    expect(r2.balance).toBe(800);
    const releases = await Promise.all([release(ctx, r2.reservationId), release(ctx, r2.reservationId), release(ctx, r2.reservationId)]);
    expect(releases.map((x) => x.balance).sort()).toEqual([880, 880, 880]);
    expect(await getBalance(ctx, u.user.id)).toBe(880);
    expect((await ledgerSum(u.user.id)).sum).toBe(880);
  });

  it('answers 403 INSUFFICIENT_CREDITS and changes nothing when the balance cannot cover it', async () => {
    const u = await signUp(t.app);
    await grant(ctx, { userId: u.user.id, amount: 50, reason: 'seed', sourceType: 'seed', sourceId: u.user.id });
    await expect(reserve(ctx, { userId: u.user.id, amount: 51, reason: 'x', sourceType: 'x', sourceId: `x-${u.user.id}` })).rejects.toMatchObject({
      statusCode: 403,
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await getBalance(ctx, u.user.id)).toBe(50);
    const fresh = await signUp(t.app);
    await expect(spend(ctx, { userId: fresh.user.id, amount: 1, reason: 'x', sourceType: 'x', sourceId: `x-${fresh.user.id}` })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('200 concurrent spends against a balance that affords 37: exactly 37 succeed', async () => {
    const u = await signUp(t.app);
    const price = 1000;
    await grant(ctx, { userId: u.user.id, amount: 37 * price + 999, reason: 'seed', sourceType: 'seed', sourceId: u.user.id });
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? reserve(ctx, { userId: u.user.id, amount: price, reason: 'race', sourceType: 'race', sourceId: `${u.user.id}-${i}` })
          : spend(ctx, { userId: u.user.id, amount: price, reason: 'race', sourceType: 'race', sourceId: `${u.user.id}-${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'INSUFFICIENT_CREDITS').length;
    console.log(`[ledger] ${t.database.kind}: 200 concurrent spends -> ${ok} succeeded, ${refused} refused, ${Math.round(performance.now() - started)} ms`);
    expect(ok).toBe(37);
    expect(refused).toBe(163);
    expect(await getBalance(ctx, u.user.id)).toBe(999);
    expect((await ledgerSum(u.user.id)).sum).toBe(999);
  });
});
