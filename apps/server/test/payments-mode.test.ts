import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { FileBlobStore } from '../src/providers/blob';
import { createTestApp, errorBody, openMigratedCopy, signUp, signUpVerified } from './helpers';
import { alipayKeys, startFakeStripe, WEBHOOK_SECRET } from './payment-fakes';

// TEST MODE is one switch for the whole server: the in-app checkout exists only while no real provider is
// configured, and PAYMENTS_TEST_MODE=off removes it even then. Every combination, end to end.
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
const keys = alipayKeys();
beforeAll(async () => {
  fakeStripe = await startFakeStripe();
});
afterAll(() => fakeStripe?.close());

const stripe = () => ({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fakeStripe.base });
const alipay = { ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: keys.appPrivateKey, ALIPAY_PUBLIC_KEY: keys.platformPublicKey, ALIPAY_GATEWAY: 'https://openapi.alipay.test/gateway.do' };

const CASES = [
  { name: 'no provider', config: () => ({}), expect: { stripe: 'test', alipay: 'test' } },
  { name: 'no provider, PAYMENTS_TEST_MODE=off', config: () => ({ PAYMENTS_TEST_MODE: 'off' }), expect: { stripe: 'off', alipay: 'off' } },
  { name: 'Stripe only', config: () => stripe(), expect: { stripe: 'stripe', alipay: 'off' } },
  { name: 'Stripe only, switch off', config: () => ({ ...stripe(), PAYMENTS_TEST_MODE: 'off' }), expect: { stripe: 'stripe', alipay: 'off' } },
  { name: 'Alipay only', config: () => alipay, expect: { stripe: 'off', alipay: 'alipay' } },
  { name: 'Alipay only, switch off', config: () => ({ ...alipay, PAYMENTS_TEST_MODE: 'off' }), expect: { stripe: 'off', alipay: 'alipay' } },
  { name: 'both', config: () => ({ ...stripe(), ...alipay }), expect: { stripe: 'stripe', alipay: 'alipay' } },
  { name: 'both, switch off', config: () => ({ ...stripe(), ...alipay, PAYMENTS_TEST_MODE: 'off' }), expect: { stripe: 'stripe', alipay: 'alipay' } },
] as const;

describe('payment modes', () => {
  it.each(CASES)('$name', async ({ config, expect: modes }) => {
    const t = await createTestApp({ ...config(), PUBLIC_URL: 'https://studio.example.com' });
    try {
      const u = await signUp(t.app, 'pay');
      expect((await t.app.inject({ url: '/api/billing/packages' })).json().providers).toEqual(modes);
      for (const method of ['stripe', 'alipay'] as const) {
        const res = await t.app.inject({ method: 'POST', url: `/api/billing/checkout/${method}`, headers: { ...u.auth, 'accept-language': 'zh' }, payload: { packageId: 'taster' } });
        if (modes[method] === 'off') {
          expect(res.statusCode, method).toBe(503);
          expect(errorBody(res)).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', error: expect.stringContaining('支付方式') });
          continue;
        }
        expect(res.statusCode, `${method}: ${res.body}`).toBe(200);
        const { url, purchaseId } = res.json() as { url: string; purchaseId: string };
        const pay = await t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } });
        if (modes[method] === 'test') {
          expect(url).toBe(`/charge/test-checkout/${purchaseId}`);
          expect(pay.statusCode).toBe(200);
        } else {
          expect(url).not.toContain('test-checkout');
          expect(pay.statusCode).toBe(404);
        }
      }
      // Whatever was granted here came from the test checkout, and the ledger says so.
      const rows = (await t.database.db.execute(sql`SELECT delta, test FROM credit_ledger WHERE user_id = ${u.user.id}`)) as unknown as { rows: Array<{ delta: string; test: boolean }> };
      const testModeOn = modes.stripe === 'test';
      expect(rows.rows.map((r) => [Number(r.delta), r.test])).toEqual(testModeOn ? [[100_000, true], [100_000, true]] : []);
      const history = (await t.app.inject({ url: '/api/billing/purchases', headers: u.auth })).json().purchases as Array<{ provider: string; status: string }>;
      if (testModeOn) expect(history.every((p) => p.provider === 'test' && p.status === 'paid')).toBe(true);
      else expect(history.every((p) => p.provider !== 'test')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('admins see the grants of the TEST MODE checkout; nobody else does', async () => {
    const t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    try {
      const u = await signUp(t.app, 'tester');
      const { purchaseId } = (await t.app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: u.auth, payload: { packageId: 'creator' } })).json() as { purchaseId: string };
      await t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } });
      const adminAuth = (await signUpVerified(t, 'boss@example.com')).auth;
      const seen = await t.app.inject({ url: '/api/billing/admin/test-grants', headers: adminAuth });
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ total: 700_000, grants: [{ username: u.username, amount: 700_000 }] });
      expect((await t.app.inject({ url: '/api/billing/admin/test-grants', headers: u.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/billing/admin/test-grants' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('a test purchase started before keys were configured cannot be paid once they are (same database)', async () => {
    const { database, drop } = await openMigratedCopy();
    const blobDir = mkdtempSync(join(tmpdir(), 'yumi-paymode-'));
    const serve = (overrides: Record<string, string>) =>
      buildApp(testConfig({ API_RATE_LIMIT_PER_MINUTE: '100000', ...overrides }), { database, serveWeb: false, blobs: new FileBlobStore(blobDir) });
    try {
      const before = await serve({});
      const u = await signUp(before, 'late');
      const started = await before.inject({ method: 'POST', url: '/api/billing/checkout/alipay', headers: u.auth, payload: { packageId: 'taster' } });
      const { purchaseId } = started.json() as { purchaseId: string };
      await before.close();
      // The operator configures Stripe and restarts: the old test purchase must not become free timeshards.
      const after = await serve(stripe());
      const pay = await after.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } });
      expect(pay.statusCode).toBe(404);
      expect((await after.inject({ url: '/api/billing/info', headers: u.auth })).json().balance).toBe(0);
      await after.close();
    } finally {
      await database.close();
      await drop?.();
      rmSync(blobDir, { recursive: true, force: true });
    }
  });
});
