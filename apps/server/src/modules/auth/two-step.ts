import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { recoveryCodes, twoStepChallenges, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { AUTH_TWO_STEP_MESSAGES } from './messages';
import { hashToken, looksLikeToken, newSessionToken } from './tokens';
import { openTotpKey } from './totp-keys';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, verifyTotp } from './totp';

/** Second-step attempts per user per window (sign-in, turning it off, new codes), wherever they come from. */
export const SECOND_STEP_LIMIT = { attempts: 10, windowSeconds: 900 } as const;
/** How long a sign-in waits for its code, and how many codes it accepts before it must start over. */
const CHALLENGE = { ttlMs: 5 * 60_000, attempts: 5 } as const;

export interface TwoStepUser {
  id: string;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
}

export const twoStepOn = (user: TwoStepUser): user is TwoStepUser & { totpSecret: string } => !!user.totpEnabledAt && !!user.totpSecret;

const wrongCode = () => new HttpError(400, 'TWO_STEP_INVALID', AUTH_TWO_STEP_MESSAGES.wrongCode, [{ path: 'code', message: 'wrong' }]);

/**
 * Checks a second step for a user whose two-step sign-in is on: a current authenticator code (each time
 * step accepted once, atomically) or an unused recovery code (used up here). Throws 400 when it is neither.
 */
export async function checkSecondStep(ctx: AppContext, user: TwoStepUser, code: string): Promise<'totp' | 'recovery'> {
  await ctx.rateLimits.hit(`second-step:${user.id}`, SECOND_STEP_LIMIT.attempts, SECOND_STEP_LIMIT.windowSeconds);
  if (!twoStepOn(user)) throw wrongCode();
  const now = ctx.clock.now();
  const trimmed = code.replace(/\s/g, '');
  if (/^\d+$/.test(trimmed)) {
    const step = verifyTotp(openTotpKey(ctx, user.id, user.totpSecret), trimmed, now.getTime(), user.totpLastStep);
    if (step !== null && (await claimStep(ctx.db, user.id, step))) return 'totp';
    throw wrongCode();
  }
  if (looksLikeRecoveryCode(trimmed)) {
    const [used] = await ctx.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashRecoveryCode(trimmed)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (used) return 'recovery';
  }
  throw wrongCode();
}

/** Records `step` as the last accepted one unless a parallel request took it (or a later one) first. */
async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces the user's recovery codes with ten new ones; answers them in clear, the only time they exist so. */
export async function replaceRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  });
  return codes;
}

/** Unused recovery codes the user has left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(left?.n ?? 0);
}

/** Keeps a new (sealed) authenticator key until a code from the app confirms it. */
export async function setPendingTotpKey(db: Db, userId: string, sealedKey: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealedKey }).where(eq(users.id, userId));
}

/**
 * Turns two-step sign-in on with the pending key the user just confirmed (`step` accepted); false when that
 * key is no longer the pending one (a second setup in another tab replaced it) or two-step is already on.
 */
export async function enableTotp(db: Db, userId: string, confirmed: { pendingKey: string; step: number; now: Date }): Promise<boolean> {
  const [updated] = await db
    .update(users)
    .set({ totpSecret: confirmed.pendingKey, totpPendingSecret: null, totpEnabledAt: confirmed.now, totpLastStep: confirmed.step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, confirmed.pendingKey), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return !!updated;
}

/** Turns two-step sign-in off: the keys and every recovery code go, in one transaction. */
export async function disableTwoStep(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

/** A sign-in whose password was right waits here for its second step; answers the challenge token. */
export async function openChallenge(ctx: AppContext, userId: string, userAgent: string | null): Promise<string> {
  const token = newSessionToken();
  const now = ctx.clock.now();
  await ctx.db.delete(twoStepChallenges).where(lt(twoStepChallenges.expiresAt, now));
  await ctx.db.insert(twoStepChallenges).values({
    tokenHash: hashToken(token),
    userId,
    userAgent,
    expiresAt: new Date(now.getTime() + CHALLENGE.ttlMs),
  });
  return token;
}

/**
 * The user and user agent of a live challenge, counting this attempt; 401 when it is unknown, expired or
 * out of attempts (the sign-in starts over with the password).
 */
export async function takeChallengeAttempt(ctx: AppContext, token: string): Promise<{ userId: string; userAgent: string | null }> {
  const expired = () => new HttpError(401, 'TWO_STEP_EXPIRED', AUTH_TWO_STEP_MESSAGES.expired);
  if (!looksLikeToken(token)) throw expired();
  const [row] = await ctx.db
    .update(twoStepChallenges)
    .set({ attempts: sql`${twoStepChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoStepChallenges.tokenHash, hashToken(token)),
        gt(twoStepChallenges.expiresAt, ctx.clock.now()),
        lt(twoStepChallenges.attempts, CHALLENGE.attempts),
      ),
    )
    .returning({ userId: twoStepChallenges.userId, userAgent: twoStepChallenges.userAgent });
  if (!row) throw expired();
  return row;
}

export async function closeChallenge(db: Db, token: string): Promise<void> {
  await db.delete(twoStepChallenges).where(eq(twoStepChallenges.tokenHash, hashToken(token)));
}
