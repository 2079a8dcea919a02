import type { AppContext } from '../../context';
import { HttpError, unauthorized } from '../../lib/http-error';
import { ACCOUNT_AUTH_MESSAGES } from './messages';
import { verifyPassword } from './password';
import * as repo from './repository';

/** Password checks per user per window: a stolen session cannot guess the password quickly. */
const PASSWORD_CHECKS = { limit: 10, windowSeconds: 900 } as const;

/**
 * Re-authentication for account changes: the user's current password, limited per user.
 * A wrong one is 400 (not 401: the session itself is fine; not 403: the client treats that as "pay first").
 */
export async function checkPassword(ctx: AppContext, userId: string, password: string): Promise<repo.UserRow> {
  await ctx.rateLimits.hit(`password-check:${userId}`, PASSWORD_CHECKS.limit, PASSWORD_CHECKS.windowSeconds);
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new HttpError(400, 'WRONG_PASSWORD', ACCOUNT_AUTH_MESSAGES.wrongPassword, [{ path: 'currentPassword', message: 'wrong' }]);
  }
  return row;
}
