import type { Language, PasswordResetConfirm, User } from '@yumi/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { consumeAccountToken, issueAccountToken, LINK_MESSAGES, peekAccountToken } from './account-tokens';
import { publicOrigin } from './email-verification';
import { clearLoginThrottle } from './login-throttle';
import { renderAccountMail } from './mail-messages';
import { AUTH_TWO_STEP_MESSAGES } from './messages';
import { hashPassword } from './password';
import * as repo from './repository';
import { syncRole } from './roles';
import { forgetCachedUser, startSession, toUser, type SessionClient } from './service';
import { checkSecondStep, twoStepOn } from './two-step';

/** Requests per address and per IP in an hour: enough for a person, too few to flood a mailbox or probe. */
const RESET_LIMITS = { perEmail: 5, perIp: 30, windowSeconds: 3600 } as const;

/**
 * Mails a reset link when the address has an account. Before the answer only the rate limits run, the same
 * for every address; looking the account up and issuing its link happen afterwards, in the mailer's
 * background work, so neither the answer nor its timing tells whether the account exists.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: { ip: string; language: Language }): Promise<void> {
  await ctx.rateLimits.hit(`reset:ip:${meta.ip}`, RESET_LIMITS.perIp, RESET_LIMITS.windowSeconds);
  await ctx.rateLimits.hit(`reset:email:${email.toLowerCase()}`, RESET_LIMITS.perEmail, RESET_LIMITS.windowSeconds);
  ctx.mailer.send(async () => {
    const row = await repo.findUserByEmail(ctx.db, email);
    if (!row || row.deletedAt) return null;
    const token = await issueAccountToken(ctx.db, { userId: row.id, purpose: 'password-reset', email: row.email, now: ctx.clock.now() });
    const link = `${publicOrigin(ctx)}/reset-password?token=${token}`;
    return renderAccountMail('passwordReset', meta.language, { to: row.email, username: row.username, email: row.email, link });
  });
}

/**
 * Sets a new password from a mailed link: the second step first when two-step sign-in is on (the link is not
 * used up by a missing or wrong code), then the link once; every session ends, sign-in slow-downs for the
 * address are cleared, and a new session starts. Opening the link also proves the address.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: PasswordResetConfirm,
  meta: SessionClient,
): Promise<{ user: User; token: string }> {
  const now = ctx.clock.now();
  const link = await peekAccountToken(ctx.db, input.token, 'password-reset', now);
  const row = await repo.findUserById(ctx.db, link.userId);
  if (!row || row.deletedAt) throw new HttpError(400, 'LINK_INVALID', LINK_MESSAGES.invalid);
  if (twoStepOn(row)) {
    if (!input.code) throw new HttpError(400, 'TWO_STEP_REQUIRED', AUTH_TWO_STEP_MESSAGES.required, [{ path: 'code', message: 'required' }]);
    await checkSecondStep(ctx, row, input.code);
  }
  const passwordHash = await hashPassword(input.password);
  const updated = await ctx.db.transaction(async (tx) => {
    await consumeAccountToken(tx, input.token, 'password-reset', now);
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt)));
    const sameAddress = link.email.toLowerCase() === row.email.toLowerCase();
    const [u] = await tx
      .update(users)
      .set({ passwordHash, ...(sameAddress && !row.emailVerifiedAt ? { emailVerifiedAt: now } : {}) })
      .where(eq(users.id, row.id))
      .returning();
    return u!;
  });
  await forgetCachedUser(ctx, row.id);
  await clearLoginThrottle(ctx.db, row.email);
  await syncRole({ config: ctx.config, db: ctx.db, now }, updated);
  return { user: toUser(updated), token: await startSession(ctx, row.id, meta) };
}
