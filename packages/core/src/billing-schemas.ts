import { z } from 'zod';

export const packageSchema = z.object({
  id: z.string(),
  label: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  alipayPriceCents: z.number().int(),
  tokens: z.number().int(),
  description: z.string(),
  recommended: z.boolean(),
});
export const subscriptionPlanSchema = z.object({
  id: z.string(),
  label: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  alipayPriceCents: z.number().int(),
  dailyTokens: z.number().int(),
  durationDays: z.number().int(),
  totalTokens: z.number().int(),
  claimAllFromDay: z.number().int(),
  popular: z.boolean(),
  description: z.string(),
});
export const packagesResponseSchema = z.object({
  packages: z.array(packageSchema),
  subscription: subscriptionPlanSchema,
  /**
   * Which checkout each button uses: the real provider, the built-in TEST MODE page (only while no real
   * provider is configured), or `off` (not available on this server: the button is hidden).
   */
  providers: z.object({ stripe: z.enum(['stripe', 'test', 'off']), alipay: z.enum(['alipay', 'test', 'off']) }),
  alipayTaxRate: z.number(),
});
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;

const tokensByProvider = z.object({ openai: z.number().int(), claude: z.number().int(), qwen: z.number().int() });

export const subscriptionStatusSchema = z.object({
  id: z.string(),
  planId: z.string(),
  /** 1-based day of the subscription today (UTC days). */
  dayIndex: z.number().int(),
  durationDays: z.number().int(),
  dailyTokens: z.number().int(),
  claimedDays: z.number().int(),
  claimedToday: z.boolean(),
  /** Timeshards still claimable from today to the last day (missed days are gone). */
  remainingTokens: z.number().int(),
  canClaimAll: z.boolean(),
  startedOn: z.string(),
  endsOn: z.string(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const billingInfoSchema = z.object({
  balance: z.number().int(),
  freeTokensRemaining: tokensByProvider,
  totalTokensUsed: tokensByProvider,
  /** Blessing timeshards the user can still claim today (0 without an active subscription). */
  dailyTokensRemaining: z.number().int(),
  premiumPlanId: z.string().nullable(),
  /** USD, sum of paid purchases (at the price charged). */
  totalAmountSpent: z.number(),
  contributionRewards: z.number().int(),
  artworkContributions: z.number().int(),
  hasAccessToImageGen: z.boolean(),
  subscription: subscriptionStatusSchema.nullable(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export const checkoutRequestSchema = z.union([
  z.strictObject({ packageId: z.string().min(1).max(64) }),
  z.strictObject({ planId: z.string().min(1).max(64) }),
]);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.object({ url: z.string(), purchaseId: z.string() });

export const PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'alipay', 'test'] as const;
export const purchaseSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The button used (test checkout stands in for either). */
  method: z.enum(['stripe', 'alipay']),
  kind: z.enum(['package', 'subscription']),
  itemId: z.string(),
  label: z.string(),
  tokens: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchasesResponseSchema = z.object({ purchases: z.array(purchaseSchema) });

/** Admins: timeshards granted by the TEST MODE checkout (marked in the ledger), newest first. */
export const testGrantsResponseSchema = z.object({
  total: z.number().int(),
  grants: z.array(z.object({ id: z.uuid(), username: z.string(), amount: z.number().int(), reason: z.string(), createdAt: z.string() })),
});
export type TestGrantsResponse = z.infer<typeof testGrantsResponseSchema>;

export const testCheckoutActionSchema = z.strictObject({ action: z.enum(['pay', 'cancel']) });

/** Body optional: no body (or `{}`) claims today's share; `{ mode: 'all' }` claims every remaining day from day 11. */
export const claimBlessingRequestSchema = z.strictObject({ mode: z.enum(['daily', 'all']).optional() });
export const claimBlessingResponseSchema = z.object({
  granted: z.number().int(),
  balance: z.number().int(),
  subscription: subscriptionStatusSchema.nullable(),
});

export const tokenUsageRowSchema = z.object({
  day: z.string(),
  provider: z.string(),
  model: z.string(),
  tokens: z.number().int(),
  timeshards: z.number().int(),
});
export const tokenUsageResponseSchema = z.object({
  days: z.number().int(),
  usage: z.array(tokenUsageRowSchema),
  totals: z.object({ tokens: z.number().int(), timeshards: z.number().int() }),
});
export type TokenUsageResponse = z.infer<typeof tokenUsageResponseSchema>;

// ---- Artwork contributions ----

export const CONTRIBUTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const contributionSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(CONTRIBUTION_STATUSES),
  exceptional: z.boolean(),
  consentToShow: z.boolean(),
  rejectionReason: z.string().nullable(),
  reward: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  imageUrl: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Contribution = z.infer<typeof contributionSchema>;
export const contributionStatsSchema = z.object({
  pendingContributions: z.number().int(),
  approvedContributions: z.number().int(),
  totalRewardsEarned: z.number().int(),
});
export const contributionsResponseSchema = z.object({
  stats: contributionStatsSchema,
  contributions: z.array(contributionSchema),
});
export type ContributionsResponse = z.infer<typeof contributionsResponseSchema>;
export const uploadResponseSchema = z.object({ success: z.literal(true), contribution: contributionSchema });

export const reviewItemSchema = contributionSchema.extend({
  userId: z.string(),
  username: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQueueResponseSchema = z.object({ items: z.array(reviewItemSchema) });
export const REJECTION_REASON_MAX = 500;
export const reviewRequestSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve'), exceptional: z.boolean().default(false) }),
  z.strictObject({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(REJECTION_REASON_MAX) }),
]);
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;
export const reviewResponseSchema = z.object({ item: reviewItemSchema, rewardGranted: z.number().int() });

export const referenceArtworkSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReferenceArtwork = z.infer<typeof referenceArtworkSchema>;
