import type { Language } from '@yumi/core';
import type { AppContext } from '../../context';
import { publicOrigin } from './email-verification';
import { renderAccountMail, type AccountNotice } from './mail-messages';

/**
 * Tells the owner by mail that something that matters changed on the account (password, two-step sign-in,
 * a data export, deletion), so a change made by someone else does not go unnoticed. In the background.
 */
export function sendAccountNotice(
  ctx: AppContext,
  user: { email: string; username: string },
  kind: AccountNotice,
  language: Language,
): void {
  const link = `${publicOrigin(ctx)}${kind === 'accountDeleted' ? '/' : '/account'}`;
  ctx.mailer.send(
    renderAccountMail(kind, language, { to: user.email, username: user.username, email: user.email, link }),
  );
}
