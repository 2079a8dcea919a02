import { creditsApi } from '@yumi/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { imageGenStatus } from './access';
import { claimBlessing } from './blessing';
import { startCheckout } from './checkout';
import * as billing from './service';
import { tokenUsageByDay } from './usage';
import { handleAlipayNotify, handleStripeWebhook } from './webhooks';
import { testModeOn } from '../../providers/payment';
import { startReservationSweeper } from './reservation-sweeper';

/** The origin the browser should come back to: PUBLIC_URL, or this request's own origin. */
function originOf(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

export const billingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** The user's artwork contributions for the billing info: the art module counts its own table (art depends on billing, so app.ts hands it in). */
  artworkCount: (db: Db, userId: string) => Promise<number>;
}> = async (app, { ctx, artworkCount }) => {
  // Every process sweeps: reservations left by a process that died mid-call are given back.
  const stopSweeper = startReservationSweeper(ctx);
  app.addHook('onClose', async () => stopSweeper());
  if (testModeOn(ctx.config)) {
    ctx.log.warn('Payments are in TEST MODE: the in-app checkout grants timeshards without payment. Configure Stripe or Alipay, or set PAYMENTS_TEST_MODE=off.');
  }
  route(app, creditsApi.packages, async () => billing.packagesResponse(ctx));
  route(app, creditsApi.info, async (request) => billing.billingInfo(ctx, currentUser(request).id, artworkCount));
  route(app, creditsApi.userInfo, async (request) => billing.billingInfo(ctx, currentUser(request).id, artworkCount));
  route(app, creditsApi.tokenUsage, async (request) => tokenUsageByDay(ctx, currentUser(request).id));
  route(app, creditsApi.imageGenStatus, async (request) => imageGenStatus(ctx, currentUser(request).id));

  route(app, creditsApi.checkoutStripe, async (request) => startCheckout(ctx, currentUser(request), 'stripe', request.body, originOf(ctx, request)));
  route(app, creditsApi.checkoutAlipay, async (request) => startCheckout(ctx, currentUser(request), 'alipay', request.body, originOf(ctx, request)));

  route(app, creditsApi.purchases, async (request) => ({ purchases: await billing.listPurchases(ctx, currentUser(request).id) }));
  route(app, creditsApi.purchase, async (request) => billing.toPurchase(await billing.ownPurchase(ctx, currentUser(request).id, request.params.id)));
  route(app, creditsApi.cancelPurchase, async (request) => billing.cancelPurchase(ctx, currentUser(request).id, request.params.id));
  route(app, creditsApi.testCheckout, async (request) =>
    billing.completeTestCheckout(ctx, currentUser(request).id, request.params.id, request.body.action),
  );
  route(app, creditsApi.testGrants, async () => billing.testGrants(ctx));
  route(app, creditsApi.claimBlessing, async (request) => claimBlessing(ctx, currentUser(request).id, request.body?.mode ?? 'daily'));

  // Provider callbacks: their own body parsers, scoped to this plugin, so the signature is checked on the raw bytes.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    route(hooks, creditsApi.stripeWebhook, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const result = await handleStripeWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const, result };
    });
    route(hooks, creditsApi.alipayNotify, async (request, reply) => {
      const body = request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? (request.body as Record<string, string>) : {};
      await handleAlipayNotify(ctx, body);
      // Alipay stops retrying only on exactly this answer.
      return reply.type('text/plain').send('success');
    });
  });
};
