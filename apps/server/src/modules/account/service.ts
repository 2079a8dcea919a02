import type { ChangePasswordRequest, User } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError, unauthorized } from '../../lib/http-error';
import { checkPassword, endOtherSessions, forgetCachedUser, hashPassword, setPasswordHash, setUsername, toUser } from '../auth';
import { ACCOUNT_MESSAGES } from './messages';

/** Sets a new password after checking the current one, and ends every other session. */
export async function changePassword(ctx: AppContext, userId: string, token: string, input: ChangePasswordRequest) {
  await checkPassword(ctx, userId, input.currentPassword);
  if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC')) {
    throw new HttpError(400, 'SAME_PASSWORD', ACCOUNT_MESSAGES.samePassword, [{ path: 'newPassword', message: 'same' }]);
  }
  await setPasswordHash(ctx.db, userId, await hashPassword(input.newPassword));
  return { success: true as const, endedSessions: await endOtherSessions(ctx, userId, token) };
}

export async function rename(ctx: AppContext, userId: string, username: string): Promise<User> {
  const row = await setUsername(ctx.db, userId, username);
  if (row === 'taken') throw new HttpError(409, 'USERNAME_TAKEN', ACCOUNT_MESSAGES.usernameTaken);
  if (!row) throw unauthorized();
  await forgetCachedUser(ctx, userId);
  return toUser(row);
}
