// Zod-free on purpose: the top bar's balance badge imports these; schemas are in billing-schemas.ts.
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
