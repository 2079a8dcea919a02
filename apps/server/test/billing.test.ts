import { DAILY_FREE_TOKENS } from '@yumi/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { recordTokenUsage } from '../src/modules/billing/usage';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';
import { alipayKeys, signAlipayNotify, startFakeStripe, stripeDelivery, stripeEvent, WEBHOOK_SECRET } from './payment-fakes';

let offline: TestApp;
let live: TestApp;
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
const keys = alipayKeys();
const ALIPAY_APP_ID = '2021000000000001';
const ALIPAY_SELLER_ID = '2088000000000001';

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  offline = await createTestApp();
  live = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fakeStripe.base,
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: keys.appPrivateKey,
    ALIPAY_PUBLIC_KEY: keys.platformPublicKey,
    ALIPAY_SELLER_ID,
    ALIPAY_GATEWAY: 'https://openapi.alipay.test/gateway.do',
    PUBLIC_URL: 'https://studio.example.com',
  });
});
afterAll(async () => {
  await offline?.close();
  await live?.close();
  await fakeStripe?.close();
});

const info = async (t: TestApp, auth: Record<string, string>) => (await t.app.inject({ url: '/api/billing/info', headers: auth })).json();
const shuffle = <T>(xs: T[]) => xs.map((x) => [Math.random(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);

describe('catalogue', () => {
  it('answers the seven packages and the Blessing, with the Alipay price x 1.1', async () => {
    const res = await offline.app.inject({ url: '/api/billing/packages' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.packages.map((p: { price: number; tokens: number }) => [p.price, p.tokens])).toEqual([
      [1, 100_000],
      [5, 300_000],
      [10, 700_000],
      [15, 1_300_000],
      [20, 1_900_000],
      [50, 4_500_000],
      [100, 10_000_000],
    ]);
    expect(body.packages.find((p: { recommended: boolean }) => p.recommended).price).toBe(10);
    expect(body.packages[3].alipayPriceCents).toBe(1650);
    expect(body.subscription).toMatchObject({ dailyTokens: 35_000, durationDays: 30, popular: true, price: 10, alipayPriceCents: 1100 });
    expect(body.providers).toEqual({ stripe: 'test', alipay: 'test' });
  });
});

describe('billing info', () => {
  it('answers every field of spec §3 for a new user, and 401 without a token', async () => {
    const u = await signUp(offline.app);
    const body = await info(offline, u.auth);
    expect(body).toMatchObject({
      balance: 0,
      freeTokensRemaining: { openai: expect.any(Number), claude: expect.any(Number), qwen: expect.any(Number) },
      totalTokensUsed: { openai: 0, claude: 0, qwen: 0 },
      dailyTokensRemaining: 0,
      premiumPlanId: null,
      totalAmountSpent: 0,
      contributionRewards: 0,
      artworkContributions: 0,
      hasAccessToImageGen: false,
    });
    const same = await offline.app.inject({ url: '/api/billing/user-info', headers: u.auth });
    expect(same.json()).toEqual(body);
    const anon = await offline.app.inject({ url: '/api/billing/info' });
    expect(anon.statusCode).toBe(401);
    expect(errorBody(anon).code).toBe('UNAUTHORIZED');
    const usage = await offline.app.inject({ url: '/api/billing/token-usage', headers: u.auth });
    expect(usage.json()).toEqual({ days: 30, usage: [], totals: { tokens: 0, timeshards: 0 } });
  });
});

describe('token usage', () => {
  it('reads per-model usage and the AI module counters, and the free allowance left today', async () => {
    const u = await signUp(offline.app);
    const ctx = { db: offline.database.db, clock: offline.clock } as unknown as AppContext;
    await recordTokenUsage(ctx, { userId: u.user.id, provider: 'openai', model: 'gpt-4o', tokens: 1200, timeshards: 960 });
    await recordTokenUsage(ctx, { userId: u.user.id, provider: 'openai', model: 'gpt-4o', tokens: 800, timeshards: 640 });
    await recordTokenUsage(ctx, { userId: u.user.id, provider: 'qwen', model: 'qwen-turbo', tokens: 3000, freeTokens: 3000 });
    await expect(recordTokenUsage(ctx, { userId: u.user.id, provider: 'qwen', model: 'qwen-turbo', tokens: -5 })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    // The AI module counts per provider and day; days without per-model rows come from there.
    const today = offline.clock.now().toISOString().slice(0, 10);
    await offline.database.db.execute(sql`INSERT INTO ai_usage_daily (subject, provider, day, tokens, free_tokens) VALUES (${`user:${u.user.id}`}, 'claude', ${today}::date, 700, 700)`);
    const usage = (await offline.app.inject({ url: '/api/billing/token-usage', headers: u.auth })).json();
    expect(usage.usage).toEqual([
      { day: today, provider: 'claude', model: '', tokens: 700, timeshards: 0 },
      { day: today, provider: 'openai', model: 'gpt-4o', tokens: 2000, timeshards: 1600 },
      { day: today, provider: 'qwen', model: 'qwen-turbo', tokens: 3000, timeshards: 0 },
    ]);
    expect(usage.totals).toEqual({ tokens: 5700, timeshards: 1600 });
    const body = await info(offline, u.auth);
    expect(body.totalTokensUsed).toEqual({ openai: 2000, claude: 700, qwen: 3000 });
    expect(body.freeTokensRemaining.qwen).toBe(DAILY_FREE_TOKENS.qwen - 3000);
    expect(body.freeTokensRemaining.claude).toBe(DAILY_FREE_TOKENS.claude - 700);
    // Tomorrow the allowance is whole again, and usage older than 30 days drops out of the modal.
    offline.clock.advance(86_400_000);
    expect((await info(offline, u.auth)).freeTokensRemaining.qwen).toBe(DAILY_FREE_TOKENS.qwen);
    offline.clock.advance(30 * 86_400_000);
    const login = await offline.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    const fresh = { authorization: `Bearer ${login.json().token}` };
    expect((await offline.app.inject({ url: '/api/billing/token-usage', headers: fresh })).json().usage).toEqual([]);
    expect((await info(offline, fresh)).totalTokensUsed.openai).toBe(2000);
    offline.clock.advance(-31 * 86_400_000);
  });
});

describe('TEST MODE checkout', () => {
  it('prices on the server, pays through the fulfilment path once, and grants image access', async () => {
    const u = await signUp(offline.app);
    const res = await offline.app.inject({ method: 'POST', url: '/api/billing/checkout/alipay', headers: u.auth, payload: { packageId: 'artist' } });
    expect(res.statusCode).toBe(200);
    const { url, purchaseId } = res.json();
    expect(url).toBe(`/charge/test-checkout/${purchaseId}`);
    const pending = (await offline.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: u.auth })).json();
    expect(pending).toMatchObject({ status: 'pending', provider: 'test', method: 'alipay', amountCents: 1650, tokens: 1_300_000 });

    const pays = await Promise.all(
      [1, 2, 3].map(() => offline.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } })),
    );
    expect(pays.map((p) => p.statusCode)).toEqual([200, 200, 200]);
    const after = await info(offline, u.auth);
    expect(after.balance).toBe(1_300_000);
    expect(after.hasAccessToImageGen).toBe(true);
    expect(after.totalAmountSpent).toBe(16.5);
    const history = (await offline.app.inject({ url: '/api/billing/purchases', headers: u.auth })).json();
    expect(history.purchases).toHaveLength(1);
    expect(history.purchases[0]).toMatchObject({ status: 'paid', label: 'Artist' });
    // Cancel after paying changes nothing.
    await offline.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'cancel' } });
    expect((await info(offline, u.auth)).balance).toBe(1_300_000);
  });

  it('caps checkout attempts per user (429 with Retry-After)', async () => {
    const u = await signUp(offline.app);
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      codes.push((await offline.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: u.auth, payload: { packageId: 'taster' } })).statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    const last = await offline.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: u.auth, payload: { packageId: 'taster' } });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('cancel marks the purchase failed and grants nothing', async () => {
    const u = await signUp(offline.app);
    const { purchaseId } = (await offline.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: u.auth, payload: { packageId: 'taster' } })).json();
    const res = await offline.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'cancel' } });
    expect(res.json()).toMatchObject({ status: 'failed', amountCents: 100 });
    expect((await info(offline, u.auth)).balance).toBe(0);
  });

  it('refuses bad input: client prices, unknown items, both ids, another user’s purchase, bad ids', async () => {
    const u = await signUp(offline.app);
    const other = await signUp(offline.app);
    const post = (payload: unknown, path = '/api/billing/checkout/stripe') =>
      offline.app.inject({ method: 'POST', url: path, headers: u.auth, payload: payload as object });
    const withPrice = await post({ packageId: 'taster', price: 0.01 });
    expect(withPrice.statusCode).toBe(422);
    expect((await post({ packageId: 'nope' })).json().code).toBe('UNKNOWN_PACKAGE');
    expect((await post({ planId: 'gold' })).json().code).toBe('UNKNOWN_PLAN');
    expect((await post({ packageId: 'taster', planId: 'yumi-blessing' })).statusCode).toBe(422);
    expect((await post({})).statusCode).toBe(422);
    expect((await post({ packageId: 5 })).statusCode).toBe(422);
    expect((await offline.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', payload: { packageId: 'taster' } })).statusCode).toBe(401);

    const { purchaseId } = (await post({ packageId: 'taster' })).json();
    const peek = await offline.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: other.auth });
    expect(peek.statusCode).toBe(404);
    const steal = await offline.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: other.auth, payload: { action: 'pay' } });
    expect(steal.statusCode).toBe(404);
    expect((await info(offline, other.auth)).balance).toBe(0);
    expect((await info(offline, u.auth)).balance).toBe(0);
    expect((await offline.app.inject({ url: '/api/billing/purchases/not-a-uuid', headers: u.auth })).statusCode).toBe(422);
    const badAction = await offline.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'refund' } });
    expect(badAction.statusCode).toBe(422);
  });
});

describe('Stripe', () => {
  async function checkout(auth: Record<string, string>, payload: object = { packageId: 'creator' }) {
    const res = await live.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: auth, payload });
    expect(res.statusCode).toBe(200);
    const { url, purchaseId } = res.json();
    const session = [...fakeStripe.sessions.values()].find((s) => s.client_reference_id === purchaseId)!;
    return { url, purchaseId, session };
  }
  const completed = (session: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid', status: 'complete', payment_intent: `pi_${session.id}`, ...extra });
  const deliver = (event: Record<string, unknown>, opts?: Parameters<typeof stripeDelivery>[1]) => {
    const d = stripeDelivery(event, { timestamp: Math.floor(live.clock.now().getTime() / 1000), ...opts });
    return live.app.inject({ method: 'POST', url: '/api/billing/webhooks/stripe', headers: d.headers, payload: d.payload });
  };

  it('creates a Checkout Session with the server price and metadata, and redirects to it', async () => {
    const u = await signUp(live.app);
    const { url, purchaseId, session } = await checkout(u.auth);
    expect(url).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 1000, currency: 'usd', metadata: { purchaseId, userId: u.user.id, itemId: 'creator' } });
    expect(session.success_url).toBe(`https://studio.example.com/charge/return?purchase=${purchaseId}&session_id={CHECKOUT_SESSION_ID}`);
    const req = fakeStripe.requests.find((r) => r.params.get('client_reference_id') === purchaseId)!;
    expect(req.idempotencyKey).toBe(`checkout-${purchaseId}`);
  });

  const checkoutTries = async (payload: object, failures: { status: number; times: number }) => {
    const u = await signUp(live.app);
    const before = fakeStripe.requests.length;
    fakeStripe.fail(failures.status, failures.times);
    const res = await live.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: u.auth, payload });
    const history = (await live.app.inject({ url: '/api/billing/purchases', headers: u.auth })).json();
    return { res, tries: fakeStripe.requests.slice(before), purchase: history.purchases[0] };
  };

  it('a provider answering 502 is asked twice more with the same idempotency key, then the checkout answers 502 and the purchase is failed', async () => {
    const { res, tries, purchase } = await checkoutTries({ packageId: 'taster' }, { status: 502, times: 3 });
    expect(res.statusCode).toBe(502);
    expect(errorBody(res).code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(tries.map((r) => r.idempotencyKey)).toEqual(Array(3).fill(`checkout-${purchase.id}`));
    expect(purchase.status).toBe('failed');
  });

  it('a provider back after one 502 opens the session on the retry; a refused request (400) is not retried', async () => {
    const recovered = await checkoutTries({ packageId: 'creator' }, { status: 502, times: 1 });
    expect(recovered.res.statusCode).toBe(200);
    expect(recovered.tries).toHaveLength(2);
    expect(recovered.res.json().url).toBe([...fakeStripe.sessions.values()].find((s) => s.client_reference_id === recovered.purchase.id)!.url);
    expect(recovered.purchase.status).toBe('pending');

    const refused = await checkoutTries({ packageId: 'taster' }, { status: 400, times: 1 });
    expect(refused.res.statusCode).toBe(502);
    expect(errorBody(refused.res).code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(refused.tries).toHaveLength(1);
    expect(refused.purchase.status).toBe('failed');
  });

  it('replays of every webhook, shuffled and concurrent: exactly one grant each', async () => {
    const users = await Promise.all([1, 2, 3].map(() => signUp(live.app)));
    const events: Array<Record<string, unknown>> = [];
    for (const u of users) {
      const { session } = await checkout(u.auth);
      const c = completed(session);
      // Stripe may send completed and async_payment_succeeded for the same session: still one grant.
      events.push(c, c, c, { ...completed(session), type: 'checkout.session.async_payment_succeeded' });
    }
    const responses = await Promise.all(shuffle(events).map((e) => deliver(e)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    for (const u of users) expect((await info(live, u.auth)).balance).toBe(700_000);
    const results = responses.map((r) => r.json().result);
    console.log(`[webhooks] ${live.database.kind}: ${events.length} deliveries -> ${results.filter((r) => r === 'fulfilled').length} fulfilled, ${results.filter((r) => r !== 'fulfilled').length} deduplicated`);
    expect(results.filter((r) => r === 'fulfilled')).toHaveLength(3);
  });

  it('rejects a tampered body, a wrong secret, a stale timestamp and a missing signature; nothing granted', async () => {
    const u = await signUp(live.app);
    const { session } = await checkout(u.auth);
    const event = completed(session);
    const good = stripeDelivery(event, { timestamp: Math.floor(live.clock.now().getTime() / 1000) });
    const tampered = good.payload.replace('"amount_total":1000', '"amount_total":1');
    const attempts = [
      live.app.inject({ method: 'POST', url: '/api/billing/webhooks/stripe', headers: good.headers, payload: tampered }),
      deliver(event, { secret: 'whsec_wrong' }),
      deliver(event, { timestamp: Math.floor(live.clock.now().getTime() / 1000) - 3600 }),
      live.app.inject({ method: 'POST', url: '/api/billing/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: good.payload }),
    ];
    for (const [i, res] of (await Promise.all(attempts)).entries()) {
      expect(res.statusCode, `attempt ${i}`).toBe(400);
      expect(errorBody(res).code).toBe('INVALID_SIGNATURE');
    }
    expect((await info(live, u.auth)).balance).toBe(0);
    // A correctly signed event whose amount differs from ours is ignored too.
    const wrongAmount = await deliver(completed({ ...session, amount_total: 1 }));
    expect(wrongAmount.json().result).toBe('ignored');
    expect((await info(live, u.auth)).balance).toBe(0);
    // The genuine one still works afterwards.
    expect((await deliver(event)).json().result).toBe('fulfilled');
    expect((await info(live, u.auth)).balance).toBe(700_000);
  });

  it('waits for async payments, and reverses on refund and dispute (never below zero)', async () => {
    const u = await signUp(live.app);
    const { session, purchaseId } = await checkout(u.auth, { packageId: 'taster' });
    expect((await deliver(completed(session, { payment_status: 'unpaid' }))).json().result).toBe('awaiting-payment');
    expect((await info(live, u.auth)).balance).toBe(0);
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid', payment_intent: `pi_${session.id}` }));
    expect((await info(live, u.auth)).balance).toBe(100_000);
    const refund = stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: `pi_${session.id}` });
    await Promise.all([deliver(refund), deliver(refund), deliver(stripeEvent('charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: `pi_${session.id}` }))]);
    expect((await info(live, u.auth)).balance).toBe(0);
    const p = (await live.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: u.auth })).json();
    expect(p.status).toBe('refunded');
    expect((await info(live, u.auth)).hasAccessToImageGen).toBe(false);
  });

  it('partial refunds take back timeshards in proportion, cumulatively, rounded down, never more than granted', async () => {
    const u = await signUp(live.app);
    // Creator: $10.00 for 700,000 timeshards.
    const { session, purchaseId } = await checkout(u.auth, { packageId: 'creator' });
    await deliver(completed(session));
    expect((await info(live, u.auth)).balance).toBe(700_000);
    const refunded = (id: string, cents: number) => ({
      ...stripeEvent('charge.refunded', { id: `ch_${session.id}`, object: 'charge', amount: 1000, amount_refunded: cents, refunded: cents >= 1000, payment_intent: `pi_${session.id}` }),
      id,
    });
    // $3.33 refunded: floor(700,000 x 333 / 1000) = 233,100 taken, the purchase stays paid.
    const first = refunded('evt_r1', 333);
    await Promise.all([deliver(first), deliver(first)]);
    expect((await info(live, u.auth)).balance).toBe(700_000 - 233_100);
    let p = (await live.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: u.auth })).json();
    expect(p.status).toBe('paid');
    // Another $3.34 (cumulative $6.67): floor(700,000 x 667 / 1000) = 466,900 in all.
    await deliver(refunded('evt_r2', 667));
    expect((await info(live, u.auth)).balance).toBe(700_000 - 466_900);
    // An older event arriving late changes nothing.
    await deliver(refunded('evt_r0', 100));
    expect((await info(live, u.auth)).balance).toBe(700_000 - 466_900);
    // The rest: the whole package is back, not a timeshard more, and the purchase is refunded.
    await deliver(refunded('evt_r3', 1000));
    await deliver(refunded('evt_r4', 1000));
    expect((await info(live, u.auth)).balance).toBe(0);
    p = (await live.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: u.auth })).json();
    expect(p.status).toBe('refunded');
    const taken = await live.database.db.execute(sql`SELECT coalesce(sum(-delta), 0)::bigint AS n FROM credit_ledger WHERE source_type = 'purchase-reversal' AND source_id LIKE ${`${purchaseId}%`}`);
    expect(Number((taken as unknown as { rows: Array<{ n: string }> }).rows[0]!.n)).toBe(700_000);
  });

  it('refunds and disputes give the same balance whatever order Stripe delivers them in, the completed event included', async () => {
    // Creator: $10.00 for 700,000 timeshards. Refunds carry the charge's cumulative amount_refunded.
    const scenario = fc.record({
      refunds: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 0, maxLength: 3 }),
      dispute: fc.boolean(),
      duplicate: fc.nat(5),
      seed: fc.nat(),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ refunds, dispute, duplicate, seed }) => {
        runs += 1;
        const u = await signUp(live.app, 'order');
        const { session, purchaseId } = await checkout(u.auth);
        const intent = `pi_${session.id}`;
        const events = [
          completed(session),
          ...refunds.map((cents, i) => ({ ...stripeEvent('charge.refunded', { id: `ch_${session.id}`, object: 'charge', amount: 1000, amount_refunded: cents, payment_intent: intent }), id: `evt_${session.id}_r${i}` })),
          ...(dispute ? [stripeEvent('charge.dispute.created', { id: `dp_${session.id}`, object: 'dispute', payment_intent: intent })] : []),
        ];
        // Some event delivered twice, and the whole lot in an order chosen by the seed.
        const all = [...events, events[duplicate % events.length]!];
        const order = all.map((e, i) => ({ e, k: (seed * 7919 + i * 104729) % 1000003 })).sort((a, b) => a.k - b.k).map((x) => x.e);
        for (const e of order) expect((await deliver(e)).statusCode).toBe(200);
        const refundedCents = dispute ? 1000 : Math.max(0, ...refunds);
        const expected = 700_000 - Math.floor((700_000 * refundedCents) / 1000);
        expect((await info(live, u.auth)).balance).toBe(expected);
        const p = (await live.app.inject({ url: `/api/billing/purchases/${purchaseId}`, headers: u.auth })).json();
        expect(p.status).toBe(refundedCents >= 1000 ? 'refunded' : 'paid');
      }),
      { numRuns: 30, seed: 38 },
    );
    console.log(`[webhooks] ${live.database.kind}: ${runs} orders of completed, refunds and disputes all end at the in-order balance`);
  });

  it('a payment intent pays one purchase: another purchase naming it, or an event naming another user, is refused', async () => {
    const a = await signUp(live.app, 'owner');
    const b = await signUp(live.app, 'thief');
    const first = await checkout(a.auth);
    expect((await deliver(completed(first.session))).json().result).toBe('fulfilled');
    const intent = `pi_${first.session.id}`;
    // b's own session, completed with a's payment intent: refused, nothing granted.
    const second = await checkout(b.auth);
    const stolen = await deliver(completed(second.session, { payment_intent: intent }));
    expect(stolen.json().result).toBe('payment-of-another-purchase');
    expect((await info(live, b.auth)).balance).toBe(0);
    // A refund whose charge names b as its owner does not reverse a's purchase.
    const forged = stripeEvent('charge.refunded', { id: 'ch_forged', object: 'charge', amount: 1000, amount_refunded: 1000, payment_intent: intent, metadata: { userId: b.user.id } });
    expect((await deliver(forged)).json().result).toBe('refused');
    expect((await info(live, a.auth)).balance).toBe(700_000);
    // The database holds the rule too.
    await expect(live.database.db.execute(sql`UPDATE purchases SET payment_ref = ${intent} WHERE id = ${second.purchaseId}`)).rejects.toThrow();
  });

  it('expiry marks the purchase expired; a cancelled return marks it failed', async () => {
    const u = await signUp(live.app);
    const a = await checkout(u.auth, { packageId: 'taster' });
    await deliver(stripeEvent('checkout.session.expired', { ...a.session, status: 'expired' }));
    expect((await live.app.inject({ url: `/api/billing/purchases/${a.purchaseId}`, headers: u.auth })).json().status).toBe('expired');
    const b = await checkout(u.auth, { packageId: 'taster' });
    const cancel = await live.app.inject({ method: 'POST', url: `/api/billing/purchases/${b.purchaseId}/cancel`, headers: u.auth });
    expect(cancel.json().status).toBe('failed');
    // With a real provider configured there is no test checkout at all.
    const fake = await live.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${b.purchaseId}`, headers: u.auth, payload: { action: 'pay' } });
    expect(fake.statusCode).toBe(404);
    expect((await info(live, u.auth)).balance).toBe(0);
  });
});

describe('Alipay', () => {
  function notify(purchaseId: string, overrides: Record<string, string> = {}, key = keys.platformPrivateKey) {
    const fields = {
      notify_id: `n_${Math.random().toString(36).slice(2)}`,
      notify_time: '2026-03-01 09:00:00',
      notify_type: 'trade_status_sync',
      app_id: ALIPAY_APP_ID,
      seller_id: ALIPAY_SELLER_ID,
      out_trade_no: purchaseId,
      trade_no: `2026${purchaseId.slice(0, 8)}`,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '11.00',
      charset: 'utf-8',
      version: '1.0',
      ...overrides,
    };
    return signAlipayNotify(fields, key);
  }
  const post = (fields: Record<string, string>) =>
    live.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('builds a signed page-pay URL with price x 1.1 and fulfils a verified notify once, answering success', async () => {
    const u = await signUp(live.app);
    const res = await live.app.inject({ method: 'POST', url: '/api/billing/checkout/alipay', headers: u.auth, payload: { packageId: 'creator' } });
    const { url, purchaseId } = res.json();
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://openapi.alipay.test/gateway.do');
    expect(parsed.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(parsed.searchParams.get('sign_type')).toBe('RSA2');
    const biz = JSON.parse(parsed.searchParams.get('biz_content')!);
    expect(biz).toMatchObject({ out_trade_no: purchaseId, total_amount: '11.00', product_code: 'FAST_INSTANT_TRADE_PAY' });

    const good = notify(purchaseId);
    const finished = notify(purchaseId, { trade_status: 'TRADE_FINISHED' });
    const replies = await Promise.all(shuffle([good, good, good, finished, finished, finished]).map(post));
    for (const r of replies) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('success');
    }
    expect((await info(live, u.auth)).balance).toBe(700_000);
  });

  it('rejects a wrong signature, amount, app id, seller or trade number; nothing granted', async () => {
    const u = await signUp(live.app);
    const { purchaseId } = (await live.app.inject({ method: 'POST', url: '/api/billing/checkout/alipay', headers: u.auth, payload: { packageId: 'creator' } })).json();
    const forged = notify(purchaseId, {}, keys.appPrivateKey);
    const tampered = { ...notify(purchaseId), total_amount: '0.01' };
    const cases = [
      forged,
      tampered,
      notify(purchaseId, { total_amount: '10.00' }),
      notify(purchaseId, { app_id: '2021999999999999' }),
      notify(purchaseId, { seller_id: '2088999999999999' }),
      notify('00000000-0000-4000-8000-000000000000'),
      {},
    ];
    for (const fields of cases) {
      const r = await post(fields);
      expect(r.statusCode).toBe(400);
      expect(r.body).not.toBe('success');
    }
    expect((await info(live, u.auth)).balance).toBe(0);
  });
});
