import type { RecoveryCodes, TwoStepSetup, TwoStepStatus } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError, unauthorized } from '../../lib/http-error';
import {
  checkPassword,
  checkSecondStep,
  disableTwoStep,
  enableTotp,
  findUserById,
  newTotpSecret,
  openTotpKey,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  sealTotpKey,
  SECOND_STEP_LIMIT,
  setPendingTotpKey,
  totpSetup,
  twoStepOn,
  verifyTotp,
} from '../auth';
import { ACCOUNT_MESSAGES } from './messages';

const alreadyOn = () => new HttpError(409, 'TWO_STEP_ALREADY_ON', ACCOUNT_MESSAGES.twoStepAlreadyOn);
const notOn = () => new HttpError(409, 'TWO_STEP_OFF', ACCOUNT_MESSAGES.twoStepOff);

export async function status(ctx: AppContext, userId: string): Promise<TwoStepStatus> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  const on = twoStepOn(row);
  return { enabled: on, enabledAt: on ? row.totpEnabledAt!.toISOString() : null, recoveryCodesLeft: on ? await recoveryCodesLeft(ctx.db, userId) : 0 };
}

/** Step 1 (password required): a new key offered as a QR code; nothing changes until a code confirms it. */
export async function beginSetup(ctx: AppContext, userId: string, password: string): Promise<TwoStepSetup> {
  const row = await checkPassword(ctx, userId, password);
  if (twoStepOn(row)) throw alreadyOn();
  const secret = newTotpSecret();
  await setPendingTotpKey(ctx.db, userId, sealTotpKey(ctx, userId, secret));
  return { secret, ...(await totpSetup(secret, row.email)) };
}

/** Step 2: a code from the app proves it holds the key; two-step sign-in is on and ten recovery codes exist. */
export async function enable(ctx: AppContext, userId: string, code: string): Promise<RecoveryCodes> {
  await ctx.rateLimits.hit(`second-step:${userId}`, SECOND_STEP_LIMIT.attempts, SECOND_STEP_LIMIT.windowSeconds);
  const row = await findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  if (twoStepOn(row)) throw alreadyOn();
  if (!row.totpPendingSecret) throw new HttpError(409, 'TWO_STEP_NO_SETUP', ACCOUNT_MESSAGES.twoStepNoSetup);
  const now = ctx.clock.now();
  const step = verifyTotp(openTotpKey(ctx, userId, row.totpPendingSecret), code, now.getTime(), null);
  if (step === null) {
    throw new HttpError(400, 'TWO_STEP_INVALID', ACCOUNT_MESSAGES.twoStepWrongCode, [{ path: 'code', message: 'wrong' }]);
  }
  // Only the pending key the user just saw turns on (a second setup in another tab replaced it: 409).
  if (!(await enableTotp(ctx.db, userId, { pendingKey: row.totpPendingSecret, step, now }))) {
    throw new HttpError(409, 'TWO_STEP_NO_SETUP', ACCOUNT_MESSAGES.twoStepNoSetup);
  }
  return { recoveryCodes: await replaceRecoveryCodes(ctx.db, userId, now) };
}

/** Password and a second step (code or recovery code), then the account's current two-step state. */
async function confirm(ctx: AppContext, userId: string, password: string, code: string) {
  const row = await checkPassword(ctx, userId, password);
  if (!twoStepOn(row)) throw notOn();
  await checkSecondStep(ctx, row, code);
  return row;
}

export async function disable(ctx: AppContext, userId: string, password: string, code: string): Promise<TwoStepStatus> {
  await confirm(ctx, userId, password, code);
  await disableTwoStep(ctx.db, userId);
  return status(ctx, userId);
}

export async function regenerateRecoveryCodes(ctx: AppContext, userId: string, password: string, code: string): Promise<RecoveryCodes> {
  await confirm(ctx, userId, password, code);
  return { recoveryCodes: await replaceRecoveryCodes(ctx.db, userId, ctx.clock.now()) };
}
