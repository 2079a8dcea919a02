import { describe, expect, it } from 'vitest';
import { DAILY_FREE_TOKENS, MODEL_TOKEN_PRICES, alipayPriceCents, centsToAmount, formatShards, PACKAGES, tokenCost, YUMI_BLESSING } from './billing';

describe('timeshard catalogue', () => {
  it('has the seven packages of the spec, 10 USD recommended', () => {
    expect(PACKAGES.map((p) => [p.price, formatShards(p.tokens)])).toEqual([
      [1, '100K'],
      [5, '300K'],
      [10, '700K'],
      [15, '1.3M'],
      [20, '1.9M'],
      [50, '4.5M'],
      [100, '10M'],
    ]);
    expect(PACKAGES.filter((p) => p.recommended).map((p) => p.price)).toEqual([10]);
  });
  it('the Blessing is 35K a day for 30 days, 1.1M in total, 700K after 10 days', () => {
    expect(YUMI_BLESSING.dailyTokens * YUMI_BLESSING.durationDays).toBe(YUMI_BLESSING.totalTokens);
    expect(formatShards(YUMI_BLESSING.totalTokens)).toBe('1.1M');
    expect(formatShards(YUMI_BLESSING.dailyTokens * (YUMI_BLESSING.durationDays - 10))).toBe('700K');
  });
  it('adds 10 % to Alipay prices, rounded to cents', () => {
    expect(alipayPriceCents(100)).toBe(110);
    expect(alipayPriceCents(1000)).toBe(1100);
    expect(alipayPriceCents(1499)).toBe(1649);
    expect(alipayPriceCents(1)).toBe(1);
    expect(alipayPriceCents(5)).toBe(6);
    expect(centsToAmount(1649)).toBe('16.49');
    expect(centsToAmount(110)).toBe('1.10');
  });
  it('formats K and M', () => {
    expect(formatShards(0)).toBe('0');
    expect(formatShards(999)).toBe('999');
    expect(formatShards(1000)).toBe('1K');
    expect(formatShards(35_000)).toBe('35K');
    expect(formatShards(999_999)).toBe('1M');
    expect(formatShards(1_250)).toBe('1.3K');
    expect(formatShards(-2_000)).toBe('-2K');
  });
  it('prices tokens per model, rounding up', () => {
    expect(tokenCost('qwen', 'qwen-turbo', 5000)).toBe(0);
    const paid = Object.entries(MODEL_TOKEN_PRICES).find(([, p]) => p > 0)!;
    const [provider, model] = paid[0].split(':') as [string, string];
    expect(tokenCost(provider, model, 1)).toBe(1);
    expect(tokenCost(provider, model, 2000)).toBe(paid[1] * 2);
    expect(DAILY_FREE_TOKENS.qwen).toBeGreaterThan(0);
  });
});
