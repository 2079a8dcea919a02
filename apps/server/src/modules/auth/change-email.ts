import type { ChangeEmailRequest, Language, VerifyEmailResponse } from '@yumi/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { checkPassword } from './reauth';
import { dropAccountTokens, issueAccountToken, LINK_MESSAGES } from './account-tokens';
import { publicOrigin } from './email-verification';
import { renderAccountMail } from './mail-messages';
import * as repo from './repository';
import { syncRole } from './roles';
import { forgetCachedUser } from './service';

const CHANGE_EMAIL_MESSAGES = {
  same: {
    en: 'This is already your email address.',
    ja: 'これはすでにあなたのメールアドレスです。',
    zh: '这已经是您的邮箱地址。',
    ko: '이미 사용 중인 이메일 주소입니다.',
  },
  taken: {
    en: 'This email is already registered',
    ja: 'このメールアドレスはすでに登録されています',
    zh: '该邮箱已被注册',
    ko: '이미 등록된 이메일입니다',
  },
} as const;

/**
 * Asks to move the account to a new address: the current password first, then a link to the new address
 * (the change happens when it is opened) and a notice to the old one. A few per hour per account.
 */
export async function requestEmailChange(ctx: AppContext, userId: string, input: ChangeEmailRequest, language: Language): Promise<void> {
  await ctx.rateLimits.hit(`change-email:user:${userId}`, 5, 3600);
  const row = await checkPassword(ctx, userId, input.password);
  const email = input.email.trim();
  if (email.toLowerCase() === row.email.toLowerCase()) throw new HttpError(400, 'SAME_EMAIL', CHANGE_EMAIL_MESSAGES.same, [{ path: 'email', message: 'same' }]);
  if (await repo.findUserByEmail(ctx.db, email)) throw new HttpError(409, 'EMAIL_TAKEN', CHANGE_EMAIL_MESSAGES.taken, [{ path: 'email', message: 'taken' }]);
  const token = await issueAccountToken(ctx.db, { userId, purpose: 'change-email', email, now: ctx.clock.now() });
  const link = `${publicOrigin(ctx)}/verify-email?token=${token}`;
  ctx.mailer.send(renderAccountMail('changeEmail', language, { to: email, username: row.username, email, link }));
  ctx.mailer.send(renderAccountMail('emailChangeNotice', language, { to: row.email, username: row.username, email, link: `${publicOrigin(ctx)}/account` }));
}

/** Opens a change-of-address link: the account takes the new (now proven) address; older links end. */
export async function applyEmailChange(ctx: AppContext, link: { userId: string; email: string }, now: Date): Promise<VerifyEmailResponse> {
  let row: repo.UserRow | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [u] = await tx.update(users).set({ email: link.email, emailVerifiedAt: now }).where(eq(users.id, link.userId)).returning();
      if (u) await dropAccountTokens(tx, u.id, now);
      return u;
    });
  } catch (err) {
    const text = String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
    if (text.includes('users_email_lower_key')) throw new HttpError(409, 'EMAIL_TAKEN', CHANGE_EMAIL_MESSAGES.taken);
    throw err;
  }
  if (!row) throw new HttpError(400, 'LINK_INVALID', LINK_MESSAGES.invalid);
  await syncRole({ config: ctx.config, db: ctx.db, now }, row);
  await forgetCachedUser(ctx, row.id);
  return { emailVerified: true, email: row.email, changed: true };
}
