import { FREE_IMAGE_TRIALS, IMAGE_PRICE_TIMESHARDS, remainingTrials, type ImageGenStatus } from '@yumi/core';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Runner } from '../../db/connection';
import { imageTrials, purchases } from '../../db/schema';

/** Premium image generation: any completed (paid, not refunded) purchase grants it. */
export async function hasImageGenAccess(ctx: AppContext, userId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'paid')))
    .limit(1);
  return rows.length > 0;
}

/** Free image-generation trials used (table image_trials, at most FREE_IMAGE_TRIALS). */
async function imageTrialsUsed(ctx: AppContext, userId: string): Promise<number> {
  const found = await ctx.db.select({ used: imageTrials.used }).from(imageTrials).where(eq(imageTrials.userId, userId));
  return found[0]?.used ?? 0;
}

/**
 * Takes one free trial if any is left, in one conditional statement: concurrent requests queue on the
 * row lock, and the WHERE clause refuses the fourth whatever the interleaving. Answers false when none is left.
 * Runs in the caller's transaction (the images module writes its job row beside it).
 */
export async function takeImageTrialIn(tx: Runner, userId: string, now: Date): Promise<boolean> {
  const taken = await tx
    .insert(imageTrials)
    .values({ userId, used: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: imageTrials.userId,
      set: { used: sql`${imageTrials.used} + 1`, updatedAt: sql`excluded.updated_at` },
      setWhere: lt(imageTrials.used, FREE_IMAGE_TRIALS),
    })
    .returning({ used: imageTrials.used });
  return taken.length > 0;
}

/** Gives one trial back, in the caller's transaction (which has just marked its job's trial returned). */
export async function returnImageTrialIn(tx: Runner, userId: string, now: Date): Promise<void> {
  await tx
    .update(imageTrials)
    .set({ used: sql`${imageTrials.used} - 1`, updatedAt: now })
    .where(and(eq(imageTrials.userId, userId), gt(imageTrials.used, 0)));
}

/** Premium image access and free trials (GET /api/billing/image-gen-status). */
export async function imageGenStatus(ctx: AppContext, userId: string): Promise<ImageGenStatus> {
  const [hasAccess, used] = await Promise.all([hasImageGenAccess(ctx, userId), imageTrialsUsed(ctx, userId)]);
  return {
    hasAccess,
    freeTrialsUsed: used,
    freeTrialsTotal: FREE_IMAGE_TRIALS,
    freeTrialsRemaining: remainingTrials(used),
    pricePerImage: IMAGE_PRICE_TIMESHARDS,
  };
}
