import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import {
  billingInfoSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  claimBlessingRequestSchema,
  claimBlessingResponseSchema,
  contributionsResponseSchema,
  packagesResponseSchema,
  purchaseSchema,
  purchasesResponseSchema,
  reviewQueueResponseSchema,
  reviewRequestSchema,
  reviewResponseSchema,
  testCheckoutActionSchema,
  testGrantsResponseSchema,
  tokenUsageResponseSchema,
  uploadResponseSchema,
} from '../billing-schemas';
import { imageGenStatusSchema } from '../images';
import { defineEndpoint } from './define';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });
const secured = { access: 'user', tag: 'billing' } as const;

const info = { ...secured, method: 'GET', summary: 'Balance and billing info (spec §3)', responses: { 200: billingInfoSchema, ...errors } } as const;
const checkout = (method: 'stripe' | 'alipay') =>
  ({
    ...secured,
    method: 'POST',
    path: `/api/billing/checkout/${method}`,
    summary: `Start a ${method === 'stripe' ? 'card (Stripe)' : 'Alipay'} checkout; the server prices it`,
    body: checkoutRequestSchema,
    responses: { 200: checkoutResponseSchema, 502: apiErrorSchema, ...errors },
  }) as const;

/** /api/billing: timeshards, purchases, the Yumi Blessing (the provider webhooks are the server's own). */
export const creditsApi = {
  packages: defineEndpoint({
    method: 'GET',
    path: '/api/billing/packages',
    access: 'public',
    tag: 'billing',
    summary: 'Timeshard packages and the Yumi Blessing',
    responses: { 200: packagesResponseSchema },
  }),
  info: defineEndpoint({ ...info, path: '/api/billing/info' }),
  userInfo: defineEndpoint({ ...info, path: '/api/billing/user-info' }),
  tokenUsage: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/billing/token-usage',
    summary: 'Tokens per day, provider and model, last 30 days',
    responses: { 200: tokenUsageResponseSchema, ...errors },
  }),
  imageGenStatus: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/billing/image-gen-status',
    summary: 'Premium image access and free trials used (of 3)',
    responses: { 200: imageGenStatusSchema, 401: apiErrorSchema },
  }),
  checkoutStripe: defineEndpoint(checkout('stripe')),
  checkoutAlipay: defineEndpoint(checkout('alipay')),
  purchases: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/billing/purchases',
    summary: 'Purchase history',
    responses: { 200: purchasesResponseSchema, ...errors },
  }),
  purchase: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/billing/purchases/:id',
    summary: 'One purchase (the return page polls it)',
    params: idParams,
    responses: { 200: purchaseSchema, ...errors },
  }),
  cancelPurchase: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/billing/purchases/:id/cancel',
    summary: 'The user left the provider without paying',
    params: idParams,
    responses: { 200: purchaseSchema, ...errors },
  }),
  testCheckout: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/billing/test-checkout/:id',
    summary: 'TEST MODE checkout: pay or cancel',
    params: idParams,
    body: testCheckoutActionSchema,
    responses: { 200: purchaseSchema, ...errors },
  }),
  testGrants: defineEndpoint({
    method: 'GET',
    path: '/api/billing/admin/test-grants',
    access: 'admin',
    tag: 'billing',
    summary: 'Admins: timeshards granted by the TEST MODE checkout',
    responses: { 200: testGrantsResponseSchema, ...errors },
  }),
  claimBlessing: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/billing/claim-blessing-tokens',
    summary: "Claim today's Yumi Blessing (or, from day 11, every remaining day)",
    body: claimBlessingRequestSchema.nullish(),
    responses: { 200: claimBlessingResponseSchema, ...errors },
  }),
  // Provider callbacks: the server reads their raw body (signature checks), so no body schema here.
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/billing/webhooks/stripe',
    access: 'public',
    tag: 'billing',
    summary: 'Stripe webhook (signed)',
    responses: { 200: z.object({ received: z.literal(true), result: z.string() }) },
  }),
  alipayNotify: defineEndpoint({
    method: 'POST',
    path: '/api/billing/webhooks/alipay',
    access: 'public',
    tag: 'billing',
    summary: 'Alipay asynchronous notify (RSA2); answers the text `success`',
    responses: { 200: z.literal('success') },
  }),
};

const artErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema };

/** /api/art: contributed artwork, its review, and the references shown from it. */
export const artApi = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/art/upload',
    access: 'user',
    tag: 'art',
    summary: 'Upload artwork for review (multipart field `artwork`; optional title, tags, consent)',
    body: 'multipart',
    responses: { 201: uploadResponseSchema, ...artErrors },
  }),
  contributions: defineEndpoint({
    method: 'GET',
    path: '/api/art/contributions',
    access: 'user',
    tag: 'art',
    summary: 'My contributions: stats and list with statuses',
    responses: { 200: contributionsResponseSchema, ...artErrors },
  }),
  reviewQueue: defineEndpoint({
    method: 'GET',
    path: '/api/art/review',
    access: 'admin',
    tag: 'art',
    summary: 'Admin: the review queue',
    query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
    responses: { 200: reviewQueueResponseSchema, ...artErrors },
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/art/review/:id',
    access: 'admin',
    tag: 'art',
    summary: 'Admin: approve (optionally exceptional) or reject with a reason',
    params: z.object({ id: z.uuid() }),
    body: reviewRequestSchema,
    responses: { 200: reviewResponseSchema, ...artErrors },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/art/files/:key',
    // Files are addressed by their content hash: the unguessable key is the capability.
    access: 'public',
    tag: 'art',
    summary: 'An artwork image or thumbnail (capability URL)',
    params: z.object({ key: z.string().regex(/^[0-9a-f]{64}$/) }),
    responses: { 200: z.unknown().describe('The image'), 404: apiErrorSchema },
  }),
  references: defineEndpoint({
    method: 'GET',
    path: '/api/art/references',
    access: 'public',
    tag: 'art',
    summary: 'Approved contributions shown as references (authors agreed)',
    query: z.object({ q: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
    responses: {
      200: z.object({ results: z.array(z.object({ id: z.string(), title: z.string(), tags: z.array(z.string()), imageUrl: z.string(), width: z.number(), height: z.number() })) }),
    },
  }),
};
