import {
  apiErrorSchema,
  billingInfoSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  claimBlessingRequestSchema,
  claimBlessingResponseSchema,
  imageGenStatusSchema,
  packagesResponseSchema,
  purchaseSchema,
  purchasesResponseSchema,
  testCheckoutActionSchema,
  testGrantsResponseSchema,
  tokenUsageResponseSchema,
} from '@yumi/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { imageGenStatus } from './access';
import { claimBlessing } from './blessing';
import { startCheckout } from './checkout';
import * as billing from './service';
import { tokenUsageByDay } from './usage';
import { handleAlipayNotify, handleStripeWebhook } from './webhooks';
import { testModeOn } from '../../providers/payment';
import { startReservationSweeper } from './reservation-sweeper';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const secured = { tags: ['billing'], security: [{ bearer: [] }] };
const idParams = z.object({ id: z.uuid() });

/** The origin the browser should come back to: PUBLIC_URL, or this request's own origin. */
function originOf(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every process sweeps: reservations left by a process that died mid-call are given back.
  const stopSweeper = startReservationSweeper(ctx);
  app.addHook('onClose', async () => stopSweeper());
  if (testModeOn(ctx.config)) {
    ctx.log.warn('Payments are in TEST MODE: the in-app checkout grants timeshards without payment. Configure Stripe or Alipay, or set PAYMENTS_TEST_MODE=off.');
  }
  app.get('/packages', { schema: { tags: ['billing'], summary: 'Timeshard packages and the Yumi Blessing', response: { 200: packagesResponseSchema } } }, async () =>
    billing.packagesResponse(ctx),
  );

  const infoRoute = { schema: { ...secured, summary: 'Balance and billing info (spec §3)', response: { 200: billingInfoSchema, ...errors } }, onRequest: app.requireUser };
  app.get('/info', infoRoute, async (request) => billing.billingInfo(ctx, currentUser(request).id));
  app.get('/user-info', infoRoute, async (request) => billing.billingInfo(ctx, currentUser(request).id));

  app.get(
    '/token-usage',
    { schema: { ...secured, summary: 'Tokens per day, provider and model, last 30 days', response: { 200: tokenUsageResponseSchema, ...errors } }, onRequest: app.requireUser },
    async (request) => tokenUsageByDay(ctx, currentUser(request).id),
  );

  app.get(
    '/image-gen-status',
    { schema: { ...secured, tags: ['billing', 'images'], summary: 'Premium image access and free trials used (of 3)', response: { 200: imageGenStatusSchema, 401: apiErrorSchema } }, onRequest: app.requireUser },
    async (request) => imageGenStatus(ctx, currentUser(request).id),
  );

  for (const method of ['stripe', 'alipay'] as const) {
    app.post(
      `/checkout/${method}`,
      {
        schema: {
          ...secured,
          summary: `Start a ${method === 'stripe' ? 'card (Stripe)' : 'Alipay'} checkout; the server prices it`,
          body: checkoutRequestSchema,
          response: { 200: checkoutResponseSchema, 502: apiErrorSchema, ...errors },
        },
        onRequest: app.requireUser,
      },
      async (request) => startCheckout(ctx, currentUser(request), method, request.body, originOf(ctx, request)),
    );
  }

  app.get('/purchases', { schema: { ...secured, summary: 'Purchase history', response: { 200: purchasesResponseSchema, ...errors } }, onRequest: app.requireUser }, async (request) => ({
    purchases: await billing.listPurchases(ctx, currentUser(request).id),
  }));
  app.get(
    '/purchases/:id',
    { schema: { ...secured, summary: 'One purchase (the return page polls it)', params: idParams, response: { 200: purchaseSchema, ...errors } }, onRequest: app.requireUser },
    async (request) => billing.toPurchase(await billing.ownPurchase(ctx, currentUser(request).id, request.params.id)),
  );
  app.post(
    '/purchases/:id/cancel',
    { schema: { ...secured, summary: 'The user left the provider without paying', params: idParams, response: { 200: purchaseSchema, ...errors } }, onRequest: app.requireUser },
    async (request) => billing.cancelPurchase(ctx, currentUser(request).id, request.params.id),
  );
  app.post(
    '/test-checkout/:id',
    {
      schema: { ...secured, summary: 'TEST MODE checkout: pay or cancel', params: idParams, body: testCheckoutActionSchema, response: { 200: purchaseSchema, ...errors } },
      onRequest: app.requireUser,
    },
    async (request) => billing.completeTestCheckout(ctx, currentUser(request).id, request.params.id, request.body.action),
  );

  app.get(
    '/admin/test-grants',
    { schema: { ...secured, summary: 'Admins: timeshards granted by the TEST MODE checkout', response: { 200: testGrantsResponseSchema, ...errors } }, onRequest: app.requireAdmin },
    async () => billing.testGrants(ctx),
  );

  app.post(
    '/claim-blessing-tokens',
    {
      schema: { ...secured, summary: "Claim today's Yumi Blessing (or, from day 11, every remaining day)", body: claimBlessingRequestSchema.nullish(), response: { 200: claimBlessingResponseSchema, ...errors } },
      onRequest: app.requireUser,
    },
    async (request) => claimBlessing(ctx, currentUser(request).id, request.body?.mode ?? 'daily'),
  );

  // Provider callbacks: their own body parsers, scoped to this plugin, so the signature is checked on the raw bytes.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    hooks.post(
      '/webhooks/stripe',
      { schema: { tags: ['billing'], summary: 'Stripe webhook (signed)', response: { 200: z.object({ received: z.literal(true), result: z.string() }) } } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const result = await handleStripeWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
        return { received: true as const, result };
      },
    );
    hooks.post(
      '/webhooks/alipay',
      { schema: { tags: ['billing'], summary: 'Alipay asynchronous notify (RSA2); answers the text `success`', response: { 200: z.literal('success') } } },
      async (request, reply) => {
        const body = request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? (request.body as Record<string, string>) : {};
        await handleAlipayNotify(ctx, body);
        // Alipay stops retrying only on exactly this answer.
        return reply.type('text/plain').send('success');
      },
    );
  });
};
