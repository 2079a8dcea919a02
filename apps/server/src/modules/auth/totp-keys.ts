import { and, eq, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { isSealed } from '../../shared/crypto/secret-box';

/**
 * TOTP keys are stored sealed (ctx.secrets, AES-256-GCM) and bound to their user: a database dump alone does
 * not give anyone a second step. The pending key of a setup and the enabled key use the same binding, so
 * turning two-step on moves the sealed value from one column to the other unchanged.
 */
const where = (userId: string) => `totp:${userId}`;

export const sealTotpKey = (ctx: Pick<AppContext, 'secrets'>, userId: string, secret: string): string =>
  ctx.secrets.seal(secret, where(userId));
export const openTotpKey = (ctx: Pick<AppContext, 'secrets'>, userId: string, sealed: string): string =>
  ctx.secrets.open(sealed, where(userId));

/**
 * At start: seals keys stored in clear before sealing existed (migration of old rows) and re-seals keys
 * sealed with ENCRYPTION_KEY_PREVIOUS. Only rows needing it are read; each update is conditional on the
 * value read, so two processes starting together do not undo each other.
 */
export async function resealTotpKeys(ctx: Pick<AppContext, 'db' | 'secrets' | 'log'>): Promise<number> {
  const current = `sb1.${ctx.secrets.keyId}.%`;
  const needsWork = (column: typeof users.totpSecret | typeof users.totpPendingSecret): SQL =>
    and(isNotNull(column), not(sql`${column} LIKE ${current}`))!;
  const rows = await ctx.db
    .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(needsWork(users.totpSecret), needsWork(users.totpPendingSecret)));
  const reseal = (userId: string, value: string | null) => {
    if (value === null || (isSealed(value) && !ctx.secrets.isStale(value))) return value;
    return sealTotpKey(ctx, userId, isSealed(value) ? openTotpKey(ctx, userId, value) : value);
  };
  for (const row of rows) {
    await ctx.db
      .update(users)
      .set({ totpSecret: reseal(row.id, row.secret), totpPendingSecret: reseal(row.id, row.pending) })
      .where(
        and(
          eq(users.id, row.id),
          sql`${users.totpSecret} IS NOT DISTINCT FROM ${row.secret}`,
          sql`${users.totpPendingSecret} IS NOT DISTINCT FROM ${row.pending}`,
        ),
      );
  }
  if (rows.length)
    ctx.log.info({ count: rows.length }, 'sealed stored TOTP keys with the current encryption key');
  return rows.length;
}
