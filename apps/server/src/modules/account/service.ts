import type { ChangePasswordRequest, User } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError, unauthorized } from '../../lib/http-error';
import { forgetCachedUser, hashPassword, toUser, verifyPassword } from '../auth';
import { ACCOUNT_MESSAGES } from './messages';
import * as repo from './repository';
import { endOtherSessions } from './sessions';

/** Password checks per user per window: a stolen session cannot guess the password quickly. */
const PASSWORD_CHECKS = { limit: 10, windowSeconds: 900 } as const;

/**
 * Re-authentication for account changes: the user's current password, limited per user.
 * A wrong one is 400 (not 401: the session itself is fine; not 403: the client treats that as "pay first").
 */
export async function checkPassword(ctx: AppContext, userId: string, password: string) {
  await ctx.rateLimits.hit(`password-check:${userId}`, PASSWORD_CHECKS.limit, PASSWORD_CHECKS.windowSeconds);
  const row = await repo.findUser(ctx.db, userId);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new HttpError(400, 'WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword, [{ path: 'currentPassword', message: 'wrong' }]);
  }
  return row;
}

/** Sets a new password after checking the current one, and ends every other session. */
export async function changePassword(ctx: AppContext, userId: string, token: string, input: ChangePasswordRequest) {
  await checkPassword(ctx, userId, input.currentPassword);
  if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC')) {
    throw new HttpError(400, 'SAME_PASSWORD', ACCOUNT_MESSAGES.samePassword, [{ path: 'newPassword', message: 'same' }]);
  }
  await repo.setPasswordHash(ctx.db, userId, await hashPassword(input.newPassword));
  return { success: true as const, endedSessions: await endOtherSessions(ctx, userId, token) };
}

export async function rename(ctx: AppContext, userId: string, username: string): Promise<User> {
  const row = await repo.setUsername(ctx.db, userId, username);
  if (row === 'taken') throw new HttpError(409, 'USERNAME_TAKEN', ACCOUNT_MESSAGES.usernameTaken);
  if (!row) throw unauthorized();
  await forgetCachedUser(ctx, userId);
  return toUser(row);
}
