import type { Config } from '../../config';

export type CheckoutMethod = 'stripe' | 'alipay';
export type PaymentProviderName = 'stripe' | 'alipay' | 'test';

/** Which provider each checkout button uses: the real one when its keys are set, otherwise the TEST MODE page. */
export function paymentModes(config: Config): { stripe: 'stripe' | 'test'; alipay: 'alipay' | 'test' } {
  return {
    stripe: config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test',
    alipay: config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY ? 'alipay' : 'test',
  };
}
