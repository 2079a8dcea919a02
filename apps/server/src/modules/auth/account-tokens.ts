import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { accountTokens } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { hashToken, newSessionToken } from './tokens';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** How long each kind of link works. */
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 3_600_000,
  'change-email': 24 * 3_600_000,
  'password-reset': 30 * 60_000,
};

export const LINK_MESSAGES = {
  invalid: {
    en: 'This link is not valid. Please ask for a new one.',
    ja: 'このリンクは無効です。新しいリンクをリクエストしてください。',
    zh: '此链接无效，请重新申请一个新链接。',
    ko: '유효하지 않은 링크입니다. 새 링크를 요청해 주세요.',
  },
  used: {
    en: 'This link has already been used. Please ask for a new one.',
    ja: 'このリンクはすでに使用されています。新しいリンクをリクエストしてください。',
    zh: '此链接已被使用，请重新申请一个新链接。',
    ko: '이미 사용된 링크입니다. 새 링크를 요청해 주세요.',
  },
  expired: {
    en: 'This link has expired. Please ask for a new one.',
    ja: 'このリンクの有効期限が切れています。新しいリンクをリクエストしてください。',
    zh: '此链接已过期，请重新申请一个新链接。',
    ko: '만료된 링크입니다. 새 링크를 요청해 주세요.',
  },
} as const;

/**
 * A new single-use link for `purpose`. Earlier unused links of the same purpose stop working (only the
 * newest mail counts), and long-expired rows are swept on the way.
 */
export async function issueAccountToken(
  db: Db,
  input: { userId: string; purpose: TokenPurpose; email: string; now: Date },
): Promise<string> {
  const token = newSessionToken();
  const { userId, purpose, email, now } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await tx.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(now.getTime() - 7 * 86_400_000)));
    await tx.insert(accountTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    });
  });
  return token;
}

/** Which kind of link `token` is (null: none). */
export async function tokenPurpose(db: Pick<Db, 'select'>, token: string): Promise<TokenPurpose | null> {
  const [row] = await db.select({ purpose: accountTokens.purpose }).from(accountTokens).where(eq(accountTokens.tokenHash, hashToken(token))).limit(1);
  return row?.purpose ?? null;
}

/** The live link behind `token`, without using it; a localized 400 says whether it is unknown, used or expired. */
export async function peekAccountToken(
  db: Pick<Db, 'select'>,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: string; email: string }> {
  const [row] = await db
    .select({ userId: accountTokens.userId, email: accountTokens.email, usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) throw new HttpError(400, 'LINK_INVALID', LINK_MESSAGES.invalid);
  if (row.usedAt) throw new HttpError(400, 'LINK_USED', LINK_MESSAGES.used);
  if (row.expiresAt <= now) throw new HttpError(400, 'LINK_EXPIRED', LINK_MESSAGES.expired);
  return { userId: row.userId, email: row.email };
}

/**
 * Uses a link once: the conditional UPDATE lets exactly one request win; the loser gets the same localized
 * 400 as `peekAccountToken` (unknown, used or replaced by a newer one, expired).
 */
export async function consumeAccountToken(
  db: Pick<Db, 'update' | 'select'>,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: string; email: string }> {
  const [won] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return won ?? peekAccountToken(db, token, purpose, now);
}

/** Ends every outstanding link of a user (after the address or the password changed). */
export async function dropAccountTokens(db: Pick<Db, 'update'>, userId: string, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}
