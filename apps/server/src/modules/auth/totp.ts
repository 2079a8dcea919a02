import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@yumi/core';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { createHash, randomInt } from 'node:crypto';

const ISSUER = 'Yumi Studio';
/** RFC 6238's defaults, which every authenticator app assumes: HMAC-SHA1, 30-second steps. */
const PERIOD = 30;

/** A fresh 160-bit key, base32 (RFC 4226 recommends at least 128 bits). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export async function totpSetup(secret: string, accountName: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = generateURI({ issuer: ISSUER, label: accountName, secret, digits: TOTP_DIGITS, period: PERIOD });
  return { otpauthUri, qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
}

/**
 * The time step of `code` when it is valid at `nowMs` (one step of clock drift either way) and newer than
 * `afterStep`, the last step accepted: a code works once. Null otherwise.
 */
export function verifyTotp(secret: string, code: string, nowMs: number, afterStep: number | null, digits = TOTP_DIGITS): number | null {
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    digits: digits as 6,
    period: PERIOD,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: PERIOD,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** RFC 4648 base32 letters: no 0/1/8/9 to mistake for O/I/B/g. */
const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes of 16 random base32 letters (80 bits), shown in groups of four. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** The stored form of a recovery code as typed: case, spaces and dashes do not matter. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^a-z2-7]/g, '')).digest('hex');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return code.toLowerCase().replace(/[\s-]/g, '').length === 16;
}
