import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A local stand-in for api.stripe.com that answers Checkout Session creates like Stripe does. */
export async function startFakeStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const requests: Array<{ path: string; idempotencyKey?: string; params: URLSearchParams }> = [];
  // The next `left` requests answer `status`: 400 as Stripe refuses a request, 5xx as its edge fails.
  const failing = { status: 400, left: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      requests.push({ path: req.url ?? '', idempotencyKey: req.headers['idempotency-key'] as string | undefined, params });
      res.setHeader('content-type', 'application/json');
      if (failing.left > 0) {
        failing.left -= 1;
        res.statusCode = failing.status;
        res.end(JSON.stringify({ error: { type: failing.status >= 500 ? 'api_error' : 'invalid_request_error', message: 'Fake failure' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of params) {
          const m = /^metadata\[(\w+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
          currency: params.get('line_items[0][price_data][currency]'),
          client_reference_id: params.get('client_reference_id'),
          metadata,
          payment_status: 'unpaid',
          status: 'open',
          success_url: params.get('success_url'),
          cancel_url: params.get('cancel_url'),
        };
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    /** The next `times` requests fail with `status`. */
    fail: (status = 400, times = 1) => Object.assign(failing, { status, left: times }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const WEBHOOK_SECRET = 'whsec_test_secret_for_yumi';

/** A signed Stripe delivery, as Stripe would POST it. */
export function stripeDelivery(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}

let eventCounter = 0;
export function stripeEvent(type: string, object: Record<string, unknown>) {
  eventCounter += 1;
  return { id: `evt_test_${eventCounter}_${randomBytes(4).toString('hex')}`, object: 'event', type, api_version: '2025-01-01', data: { object } };
}

/** A merchant key pair and an "Alipay platform" key pair, generated locally for the tests. */
export function alipayKeys() {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    appPrivateKey: app.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    appPublicKey: app.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    platformPrivateKey: platform.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Signs notify fields the way Alipay does (RSA2 over the sorted key=value pairs without sign and sign_type). */
export function signAlipayNotify(fields: Record<string, string>, platformPrivateKey: string): Record<string, string> {
  const content = Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(platformPrivateKey, 'base64');
  return { ...fields, sign_type: 'RSA2', sign };
}
