import { z } from 'zod';
import { MODEL_CATALOGUE } from './ai/models';

/*
 * Timeshards: the catalogue (second document §9), the K/M formatter and the billing contract.
 * Prices are kept in integer cents so no float ever decides what a user pays.
 */

export interface CreditPackage {
  id: string;
  label: string;
  /** USD. */
  price: number;
  priceCents: number;
  tokens: number;
  description: string;
  recommended: boolean;
}

const pkg = (id: string, label: string, usd: number, tokens: number, description: string, recommended = false): CreditPackage => ({
  id,
  label,
  price: usd,
  priceCents: usd * 100,
  tokens,
  description,
  recommended,
});

/** The seven packages, price in USD to timeshards. */
export const PACKAGES: readonly CreditPackage[] = [
  pkg('taster', 'Taster', 1, 100_000, 'Try a paid model or a few images.'),
  pkg('starter', 'Starter', 5, 300_000, 'A week of everyday writing help.'),
  pkg('creator', 'Creator', 10, 700_000, 'The best value for regular creators.', true),
  pkg('artist', 'Artist', 15, 1_300_000, 'For frequent image generation.'),
  pkg('studio', 'Studio', 20, 1_900_000, 'Long reports and many characters.'),
  pkg('pro', 'Pro', 50, 4_500_000, 'Heavy use of premium models.'),
  pkg('master', 'Master', 100, 10_000_000, 'The largest bundle for power users.'),
];

/** The Yumi Blessing subscription: 35,000 a day for 30 days; after day 10 the rest can be claimed at once. */
export const YUMI_BLESSING = {
  id: 'yumi-blessing',
  label: 'Yumi Blessing',
  price: 10,
  priceCents: 1000,
  dailyTokens: 35_000,
  durationDays: 30,
  totalTokens: 1_050_000,
  /** The lump-sum claim opens on this day of the subscription (day 11, i.e. after 10 days). */
  claimAllFromDay: 11,
  popular: true,
  description: 'Claim 35K timeshards every day for 30 days.',
} as const;

export const REWARDS = {
  approvedArtwork: 1000,
  firstContributionBonus: 500,
  exceptionalBonus: 250,
} as const;

/** Alipay adds 10 % Japanese consumption tax; Stripe charges the base price. */
export const ALIPAY_TAX_RATE = 0.1;
export function alipayPriceCents(priceCents: number): number {
  return Math.round((priceCents * 11) / 10);
}
/** Cents as a decimal string with two places ("11.00"), the format payment providers want. */
export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Per-image price of a premium generation. */
export const IMAGE_GENERATION_PRICE = 2_000;

export const METERED_PROVIDERS = ['openai', 'claude', 'qwen'] as const;
export type MeteredProvider = (typeof METERED_PROVIDERS)[number];

/** Daily free token allowance per provider: its free model's allowance in the model catalogue (ai/models.ts). */
export const DAILY_FREE_TOKENS: Record<MeteredProvider, number> = Object.fromEntries(
  METERED_PROVIDERS.map((p) => [p, Math.max(0, ...MODEL_CATALOGUE.filter((m) => m.provider === p).map((m) => m.dailyFreeTokens ?? 0))]),
) as Record<MeteredProvider, number>;

/** Timeshards per 1,000 tokens of each paid model, from the model catalogue (free models are 0). */
export const MODEL_TOKEN_PRICES: Record<string, number> = Object.fromEntries(
  MODEL_CATALOGUE.map((m) => [`${m.provider}:${m.id}`, m.pricePer1kTokens ?? 0]),
);
/** Timeshards for `tokens` tokens of a model, rounded up so a paid call never costs nothing by rounding. */
export function tokenCost(provider: string, model: string, tokens: number): number {
  const per1k = MODEL_TOKEN_PRICES[`${provider}:${model}`] ?? 0;
  return per1k === 0 ? 0 : Math.ceil((Math.max(0, tokens) * per1k) / 1000);
}

/** 100000 -> "100K", 1300000 -> "1.3M", 1050000 -> "1.1M" (one decimal, as the spec writes them), 950 -> "950". */
export function formatShards(n: number): string {
  const sign = n < 0 ? '-' : '';
  const v = Math.abs(Math.trunc(n));
  const trim = (x: number) => String(Math.round(x * 10) / 10);
  if (v < 1000) return `${sign}${v}`;
  if (Math.round((v / 1000) * 10) / 10 < 1000) return `${sign}${trim(v / 1000)}K`;
  return `${sign}${trim(v / 1_000_000)}M`;
}

/** USD cents for display: 1100 -> "$11.00". */
export function formatUsd(cents: number): string {
  return `$${centsToAmount(cents)}`;
}

export function findPackage(id: string): CreditPackage | undefined {
  return PACKAGES.find((p) => p.id === id);
}

/** Spec §8 texts the client shows. */
export const BILLING_MESSAGES = {
  loadFailed: 'Failed to load billing information. Please try again.',
  paymentFailed: 'Failed to process payment. Please try again.',
  usageLoadFailed: 'Failed to load billing information',
  insufficientCredits: 'Insufficient credits. Please check your balance.',
  selectImage: 'Please select an image file.',
  fileTooLarge: 'File size must be less than 10MB.',
  uploadFailed: 'Upload failed. Please try again later.',
} as const;

/** Uploaded artwork: at most 10 MB. */
export const ARTWORK_MAX_BYTES = 10 * 1024 * 1024;

// ---- Contract ----

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
  /** Which checkout each button uses: the real provider, or the built-in TEST MODE page when it has no keys. */
  providers: z.object({ stripe: z.enum(['stripe', 'test']), alipay: z.enum(['alipay', 'test']) }),
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
