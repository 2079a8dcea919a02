import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShards } from '@yumi/core';
import { fulfilmentFaults } from '../src/modules/billing/fulfilment';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const balance = async (auth: Record<string, string>) => (await t.app.inject({ url: '/api/billing/info', headers: auth })).json().balance as number;
const claim = (auth: Record<string, string>, mode?: 'daily' | 'all') =>
  t.app.inject({ method: 'POST', url: '/api/billing/claim-blessing-tokens', headers: auth, ...(mode ? { payload: { mode } } : {}) });

async function relogin(u: { email: string; password: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
  return { authorization: `Bearer ${res.json().token}` };
}

async function buyBlessing(auth: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: auth, payload: { planId: 'yumi-blessing' } });
  expect(res.statusCode).toBe(200);
  const { purchaseId } = res.json();
  const paid = await t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: auth, payload: { action: 'pay' } });
  expect(paid.json().status).toBe('paid');
  return purchaseId as string;
}

describe('Yumi Blessing', () => {
  it('claims 35,000 once a day for 30 days, then the subscription ends', async () => {
    t.clock.set('2026-03-01T09:00:00Z');
    const u = await signUp(t.app);
    await buyBlessing(u.auth);
    const info = (await t.app.inject({ url: '/api/billing/info', headers: u.auth })).json();
    expect(info).toMatchObject({ premiumPlanId: 'yumi-blessing', dailyTokensRemaining: 35_000, hasAccessToImageGen: true, totalAmountSpent: 10 });
    expect(info.subscription).toMatchObject({ dayIndex: 1, remainingTokens: 1_050_000, canClaimAll: false, endsOn: '2026-03-30' });
    for (let day = 1; day <= 30; day += 1) {
      const twice = await Promise.all([claim(u.auth), claim(u.auth)]);
      expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      if (day === 10) expect(formatShards((await t.app.inject({ url: '/api/billing/info', headers: u.auth })).json().subscription.remainingTokens)).toBe('700K');
      const again = await claim(u.auth);
      expect(errorBody(again).code).toBe('ALREADY_CLAIMED');
      expect(await balance(u.auth)).toBe(35_000 * day);
      t.clock.advance(DAY);
      // Sessions last 30 days: sign in again half way, as a real user would have.
      if (day === 15) Object.assign(u.auth, await relogin(u));
    }
    expect(await balance(u.auth)).toBe(1_050_000);
    const after = await claim(u.auth);
    expect(after.statusCode).toBe(404);
    expect(errorBody(after).code).toBe('NO_SUBSCRIPTION');
    expect((await t.app.inject({ url: '/api/billing/info', headers: u.auth })).json().premiumPlanId).toBeNull();
  });

  it('claim daily for 10 days and 700K remain, claimable at once from day 11, ending it', async () => {
    t.clock.set('2026-04-01T23:59:00Z');
    const u = await signUp(t.app);
    await buyBlessing(u.auth);
    for (let day = 1; day <= 10; day += 1) {
      expect((await claim(u.auth)).statusCode).toBe(200);
      if (day === 10) break;
      const early = await claim(u.auth, 'all');
      expect(errorBody(early).code).toBe(day === 1 ? 'CLAIM_ALL_NOT_YET' : 'CLAIM_ALL_NOT_YET');
      t.clock.advance(DAY);
    }
    t.clock.advance(DAY);
    const status = (await t.app.inject({ url: '/api/billing/info', headers: u.auth })).json().subscription;
    expect(status).toMatchObject({ dayIndex: 11, claimedDays: 10, remainingTokens: 700_000, canClaimAll: true });
    const all = await Promise.all([claim(u.auth, 'all'), claim(u.auth, 'all'), claim(u.auth, 'all')]);
    const won = all.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json()).toMatchObject({ granted: 700_000, subscription: null });
    expect(await balance(u.auth)).toBe(350_000 + 700_000);
    expect((await claim(u.auth)).statusCode).toBe(404);
  });

  it('does not carry missed days over', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const u = await signUp(t.app);
    await buyBlessing(u.auth);
    expect((await claim(u.auth)).statusCode).toBe(200);
    t.clock.advance(19 * DAY); // day 20: days 2-19 were missed
    const res = await claim(u.auth, 'all');
    expect(res.json()).toMatchObject({ granted: 11 * 35_000, subscription: null });
    expect(await balance(u.auth)).toBe(12 * 35_000);
  });

  it('refuses a second Blessing while one runs, bad bodies and anonymous claims', async () => {
    t.clock.set('2026-08-01T12:00:00Z');
    const u = await signUp(t.app);
    expect(errorBody(await claim(u.auth)).code).toBe('NO_SUBSCRIPTION');
    await buyBlessing(u.auth);
    const second = await t.app.inject({ method: 'POST', url: '/api/billing/checkout/alipay', headers: u.auth, payload: { planId: 'yumi-blessing' } });
    expect(second.statusCode).toBe(409);
    expect(errorBody(second).code).toBe('SUBSCRIPTION_ACTIVE');
    const bad = await t.app.inject({ method: 'POST', url: '/api/billing/claim-blessing-tokens', headers: u.auth, payload: { mode: 'everything' } });
    expect(bad.statusCode).toBe(422);
    const extra = await t.app.inject({ method: 'POST', url: '/api/billing/claim-blessing-tokens', headers: u.auth, payload: { mode: 'daily', amount: 999999 } });
    expect(extra.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/claim-blessing-tokens' })).statusCode).toBe(401);
    expect(await balance(u.auth)).toBe(0);
  });
});

describe('crash during fulfilment', () => {
  it('a crash before commit leaves the purchase pending; the retry grants exactly once', async () => {
    t.clock.set('2026-09-01T12:00:00Z');
    const u = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: u.auth, payload: { packageId: 'studio' } });
    const { purchaseId } = res.json();
    let crashes = 0;
    // The process dies after the credit is written but before COMMIT: the transaction never commits.
    fulfilmentFaults.beforeCommit = async () => {
      crashes += 1;
      throw new Error('simulated crash');
    };
    try {
      const crashed = await t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } });
      expect(crashed.statusCode).toBe(500);
    } finally {
      fulfilmentFaults.beforeCommit = undefined;
    }
    expect(crashes).toBe(1);
    const p = await t.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: u.auth });
    expect(p.json().status).toBe('pending');
    expect(await balance(u.auth)).toBe(0);
    const retries = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } })),
    );
    expect(retries.every((r) => r.json().status === 'paid')).toBe(true);
    expect(await balance(u.auth)).toBe(1_900_000);
    console.log(`[crash] ${t.database.kind}: crash before commit -> pending, balance 0; 3 retries -> balance ${await balance(u.auth)} (granted once)`);
  });
});
