import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { purchases } from '../../db/schema';

/** Premium image generation: any completed (paid, not refunded) purchase grants it. */
export async function hasImageGenAccess(ctx: AppContext, userId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'paid')))
    .limit(1);
  return rows.length > 0;
}
