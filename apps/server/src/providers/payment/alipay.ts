import { AlipaySdk } from 'alipay-sdk';
import type { Config } from '../../config';

export const ALIPAY_PAID_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED'] as const;

function sdk(config: Config): AlipaySdk {
  if (!config.ALIPAY_APP_ID || !config.ALIPAY_PRIVATE_KEY || !config.ALIPAY_PUBLIC_KEY) throw new Error('Alipay is not configured');
  const privateKey = config.ALIPAY_PRIVATE_KEY.replace(/\\n/g, '\n');
  return new AlipaySdk({
    appId: config.ALIPAY_APP_ID,
    privateKey,
    keyType: privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
    alipayPublicKey: config.ALIPAY_PUBLIC_KEY.replace(/\\n/g, '\n'),
    signType: 'RSA2',
    ...(config.ALIPAY_GATEWAY ? { gateway: config.ALIPAY_GATEWAY } : {}),
  });
}

export interface AlipayPageInput {
  purchaseId: string;
  subject: string;
  /** "11.00": price x 1.1, computed by the server. */
  totalAmount: string;
  returnUrl: string;
  notifyUrl: string;
}

/** The signed alipay.trade.page.pay URL the browser is sent to. */
export function alipayPageUrl(config: Config, input: AlipayPageInput): string {
  return sdk(config).pageExecute('alipay.trade.page.pay', 'GET', {
    bizContent: {
      out_trade_no: input.purchaseId,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: input.totalAmount,
      subject: input.subject,
      trans_currency: 'USD',
      settle_currency: 'USD',
    },
    returnUrl: input.returnUrl,
    notifyUrl: input.notifyUrl,
  });
}

/** RSA2 signature check of an asynchronous notify (all posted fields except sign and sign_type). */
export function verifyAlipayNotify(config: Config, params: Record<string, string>): boolean {
  try {
    return sdk(config).checkNotifySignV2(params);
  } catch {
    return false;
  }
}
