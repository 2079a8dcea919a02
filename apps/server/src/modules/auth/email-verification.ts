import type { Language, User, VerifyEmailResponse } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { consumeAccountToken, issueAccountToken, LINK_MESSAGES, tokenPurpose } from './account-tokens';
import { applyEmailChange } from './change-email';
import { renderAccountMail } from './mail-messages';
import * as repo from './repository';
import { syncRole } from './roles';
import { forgetCachedUser } from './service';

/** Where mailed links point: PUBLIC_URL, never the request's Host header (anyone can send any Host). */
export function publicOrigin(ctx: AppContext): string {
  return (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
}

/** Mails a fresh verification link for the account's current address (older links stop working). */
export async function sendVerificationMail(ctx: AppContext, row: Pick<repo.UserRow, 'id' | 'email' | 'username'>, language: Language): Promise<void> {
  const token = await issueAccountToken(ctx.db, { userId: row.id, purpose: 'verify-email', email: row.email, now: ctx.clock.now() });
  const link = `${publicOrigin(ctx)}/verify-email?token=${token}`;
  ctx.mailer.send(renderAccountMail('verifyEmail', language, { to: row.email, username: row.username, email: row.email, link }));
}

const ALREADY_VERIFIED = {
  en: 'Your email address is already confirmed.',
  ja: 'メールアドレスはすでに確認済みです。',
  zh: '您的邮箱地址已确认。',
  ko: '이메일 주소가 이미 확인되었습니다.',
};

/** "Send again": a few per hour per account and per IP, so the button cannot be used to flood a mailbox. */
export async function resendVerification(ctx: AppContext, user: User, meta: { ip: string; language: Language }): Promise<void> {
  const row = await repo.findUserById(ctx.db, user.id);
  if (!row) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in required');
  if (row.emailVerifiedAt) throw new HttpError(409, 'ALREADY_VERIFIED', ALREADY_VERIFIED);
  await ctx.rateLimits.hit(`verify-resend:user:${row.id}`, 3, 3600);
  await ctx.rateLimits.hit(`verify-resend:ip:${meta.ip}`, 20, 3600);
  await sendVerificationMail(ctx, row, meta.language);
}

/**
 * Opens a link from /verify-email: a sign-up verification (the address is proven, and the admin role follows
 * if ADMIN_EMAILS lists it) or a change of address (the account moves to the new, proven address).
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<VerifyEmailResponse> {
  const now = ctx.clock.now();
  if ((await tokenPurpose(ctx.db, token)) === 'change-email') {
    return applyEmailChange(ctx, await consumeAccountToken(ctx.db, token, 'change-email', now), now);
  }
  const { userId, email } = await consumeAccountToken(ctx.db, token, 'verify-email', now);
  const row = await repo.markEmailVerified(ctx.db, userId, email, now);
  // The account moved to another address since the mail went out: this link proves nothing any more.
  if (!row) throw new HttpError(400, 'LINK_INVALID', LINK_MESSAGES.invalid);
  await syncRole({ config: ctx.config, db: ctx.db, now }, row);
  // Every process drops its cached copy: emailVerified (and maybe the role) changed.
  await forgetCachedUser(ctx, row.id);
  return { emailVerified: true, email: row.email, changed: false };
}
