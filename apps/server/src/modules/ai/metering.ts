import { priceOf, type ModelInfo } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { countTokens, dayOf, freeTokensUsed, holdFreeTokens, recordTokenUsage, release, reserve, settle, settleFreeTokens } from '../billing';

/** Smallest answer worth starting; below it the call is refused instead of cut off mid-word. */
const MIN_OUTPUT_TOKENS = 32;

interface MeterUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Holds a call's worst-case cost before it starts and turns it into the real cost after. */
export interface Meter {
  /** The answer is capped here so it never costs more than what was held. */
  maxOutputTokens: number;
  settle(usage: MeterUsage): Promise<{ charged: number; freeTokensRemaining: number | null }>;
  /** A failed call costs nothing: give back everything held. */
  release(): Promise<void>;
}

export interface MeterRequest {
  subject: string;
  userId: string | null;
  model: ModelInfo;
  inputTokens: number;
  /** A caller's own cap (e.g. a short edit), never above the model's. */
  maxOutputTokens?: number;
  /** Unique per call: the ledger's idempotency key. */
  callId: string;
}

const outOfAllowance = (model: ModelInfo) =>
  new HttpError(
    403,
    'INSUFFICIENT_CREDITS',
    `Today's free allowance for ${model.name} is used up. It renews at midnight UTC; paid models use timeshards.`,
  );

/** Per-model usage for the billing page's token usage view (signed-in users); never fails a chat. */
export async function recordUsage(ctx: AppContext, req: { userId: string | null; provider: string; model: string }, tokens: number, freeTokens: number, timeshards: number) {
  if (!req.userId) return;
  await recordTokenUsage(ctx, { userId: req.userId, provider: req.provider, model: req.model, tokens, freeTokens, timeshards }).catch((err: unknown) =>
    ctx.log.warn({ err: (err as Error).message }, 'token usage not recorded'),
  );
}

export async function openMeter(ctx: AppContext, req: MeterRequest): Promise<Meter> {
  const { model } = req;
  const cap = Math.min(model.maxOutputTokens, req.maxOutputTokens ?? model.maxOutputTokens);
  const day = dayOf(ctx.clock.now());
  const usageKey = { userId: req.userId, provider: model.provider, model: model.id };
  let done = false;
  const once = async <T>(fn: () => Promise<T>, fallback: T): Promise<T> => {
    if (done) return fallback;
    done = true;
    return fn();
  };

  if (model.type === 'free' && model.dailyFreeTokens !== null) {
    const allowance = model.dailyFreeTokens;
    const used = await freeTokensUsed(ctx.db, req.subject, model.provider, day);
    const maxOutputTokens = Math.min(cap, allowance - used - req.inputTokens);
    if (maxOutputTokens < MIN_OUTPUT_TOKENS) throw outOfAllowance(model);
    const held = req.inputTokens + maxOutputTokens;
    if (!(await holdFreeTokens(ctx.db, req.subject, model.provider, day, held, allowance))) throw outOfAllowance(model);
    return {
      maxOutputTokens,
      settle: (usage) =>
        once(async () => {
          const total = usage.inputTokens + usage.outputTokens;
          const nowUsed = await settleFreeTokens(ctx.db, req.subject, model.provider, day, held, total);
          await recordUsage(ctx, usageKey, total, total, 0);
          return { charged: 0, freeTokensRemaining: Math.max(0, allowance - nowUsed) as number | null };
        }, { charged: 0, freeTokensRemaining: null }),
      release: () => once(async () => void (await settleFreeTokens(ctx.db, req.subject, model.provider, day, held, 0)), undefined),
    };
  }

  if (model.type === 'free') {
    // Unmetered (offline or self-hosted): counted for the usage view, never limited by an allowance.
    return {
      maxOutputTokens: cap,
      settle: (usage) =>
        once(async () => {
          await countTokens(ctx.db, req.subject, model.provider, day, usage.inputTokens + usage.outputTokens);
          await recordUsage(ctx, usageKey, usage.inputTokens + usage.outputTokens, 0, 0);
          return { charged: 0, freeTokensRemaining: null };
        }, { charged: 0, freeTokensRemaining: null }),
      release: async () => undefined,
    };
  }

  if (!req.userId) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in to use paid models.');
  const userId = req.userId;
  // The worst case (the whole answer) is held up front; only what is used is charged afterwards.
  const maxOutputTokens = cap;
  const amount = Math.max(1, priceOf(model, req.inputTokens + maxOutputTokens));
  // The reservation is the concurrency guard: it is a conditional update that never goes below zero.
  const { reservationId } = await reserve(ctx, {
    userId,
    amount,
    reason: `AI: ${model.name}`,
    sourceType: 'ai-call',
    sourceId: req.callId,
  });
  return {
    maxOutputTokens,
    settle: (usage) =>
      once(async () => {
        const total = usage.inputTokens + usage.outputTokens;
        const charged = Math.min(amount, priceOf(model, total));
        await settle(ctx, reservationId, charged);
        await countTokens(ctx.db, req.subject, model.provider, day, total);
        await recordUsage(ctx, usageKey, total, 0, charged);
        return { charged, freeTokensRemaining: null };
      }, { charged: 0, freeTokensRemaining: null }),
    release: () => once(async () => void (await release(ctx, reservationId)), undefined),
  };
}
