import type { Config } from '../../config';

export type CheckoutMethod = 'stripe' | 'alipay';

const stripeConfigured = (c: Config) => !!(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET);
const alipayConfigured = (c: Config) => !!(c.ALIPAY_APP_ID && c.ALIPAY_PRIVATE_KEY && c.ALIPAY_PUBLIC_KEY);

/**
 * TEST MODE is one switch for the whole server, never a per-method fallback: it is on only while no real
 * provider is configured (and PAYMENTS_TEST_MODE is not `off`). Otherwise a test checkout would grant real
 * timeshards next to a real provider.
 */
export function testModeOn(config: Config): boolean {
  return !stripeConfigured(config) && !alipayConfigured(config) && config.PAYMENTS_TEST_MODE !== 'off';
}

/** Which provider each checkout button uses: its real provider, the TEST MODE page, or none (`off`: hidden). */
export function paymentModes(config: Config): { stripe: 'stripe' | 'test' | 'off'; alipay: 'alipay' | 'test' | 'off' } {
  const test = testModeOn(config);
  return {
    stripe: stripeConfigured(config) ? 'stripe' : test ? 'test' : 'off',
    alipay: alipayConfigured(config) ? 'alipay' : test ? 'test' : 'off',
  };
}
