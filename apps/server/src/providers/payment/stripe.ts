import Stripe from 'stripe';
import type { Config } from '../../config';

/** Seconds a signed webhook stays valid (Stripe's default). */
const STRIPE_WEBHOOK_TOLERANCE = 300;

function client(config: Config): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured');
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export interface StripeCheckoutInput {
  purchaseId: string;
  userId: string;
  itemId: string;
  kind: 'package' | 'subscription';
  name: string;
  description: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
  email?: string;
}

/** A hosted Checkout Session for one purchase; the amount comes from our catalogue, never from the client. */
export async function createStripeCheckout(config: Config, input: StripeCheckoutInput): Promise<{ id: string; url: string }> {
  const metadata = { purchaseId: input.purchaseId, userId: input.userId, itemId: input.itemId, kind: input.kind };
  const session = await client(config).checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: input.purchaseId,
      customer_email: input.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: input.amountCents,
            product_data: { name: input.name, description: input.description },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    // A retried create for the same purchase answers the same session.
    { idempotencyKey: `checkout-${input.purchaseId}` },
  );
  if (!session.url) throw new Error('Stripe answered a session without a URL');
  return { id: session.id, url: session.url };
}

/** Verifies the signature of a raw webhook body against our secret and the clock's time; throws when it does not match. */
export function verifyStripeEvent(config: Config, rawBody: Buffer, signature: string, nowMs: number): Stripe.Event {
  if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('Stripe webhooks are not configured');
  return Stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_TOLERANCE, undefined, nowMs);
}

export type StripeEvent = Stripe.Event;
export type StripeCheckoutSession = Stripe.Checkout.Session;
