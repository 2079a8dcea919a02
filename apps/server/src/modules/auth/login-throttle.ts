import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/connection';
import { loginThrottle } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { LOGIN_THROTTLE_MESSAGES } from './messages';

/**
 * Sign-in throttling that slows guessing without locking the owner out (docs/security.md, "Privacy and
 * sessions"). Failures are counted per (account, address): an attacker's address is slowed down, while the
 * same account from anywhere else still signs in at once. A much higher per-account ceiling slows
 * distributed guessing, and only for addresses the account has never signed in from. Nothing ever locks.
 * Counters live in the database so every server process shares them.
 */
const LOGIN_THROTTLE = {
  /** Failures from one address to one account before any pause. */
  freeFailures: 5,
  /** Then the pause doubles with each failure: 1 s, 2 s, 4 s ... */
  firstDelayMs: 1000,
  /** ... up to this (about four guesses an hour per address and account). */
  maxDelayMs: 15 * 60_000,
  /** An address that stays quiet this long starts again from zero. */
  forgetAfterMs: 24 * 3600_000,
  /** The per-account ceiling (LOGIN_ACCOUNT_FAILURES_PER_HOUR) counts failures over this window. */
  accountWindowMs: 3600_000,
  /** Past the ceiling, untrusted addresses share one attempt per this pause for the account. */
  accountSpacingMs: 5000,
  /** A successful sign-in makes its address trusted for the account this long (exempt from the ceiling). */
  trustMs: 30 * 86_400_000,
  /** Quiet rows are swept at most this often per process. */
  sweepEveryMs: 10 * 60_000,
} as const;

export interface LoginAttempt {
  pairKey: string;
  accountKey: string;
}

/** The account part of the keys: a hash, so attackers' guesses of email addresses are not stored as such. */
const accountHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * The address part of the key: an IPv4 address, or an IPv6 /64 (one subscriber usually holds a whole /64,
 * so rotating addresses inside it is still one attacker). IPv4-mapped IPv6 counts as its IPv4 address.
 */
function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, 100);
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${(addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64`;
}

const pauseAfter = (failures: number) =>
  Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** (failures - LOGIN_THROTTLE.freeFailures), LOGIN_THROTTLE.maxDelayMs);

/**
 * Called before the password is looked at: answers 429 with Retry-After while this address (or, past the
 * account's ceiling, any address it never signed in from) must wait; otherwise counts the attempt as a
 * failure in advance, in one transaction, so parallel guesses cannot slip past the count.
 * `loginSucceeded` takes it back.
 */
export async function beginLoginAttempt(
  db: Db,
  clock: Clock,
  accountCeiling: number,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  const account = accountHash(email);
  const attempt = { pairKey: `pair:${account}:${networkOf(ip)}`, accountKey: `account:${account}` };
  const now = clock.now();
  const t = now.getTime();
  const refusal = await db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values([attempt.pairKey, attempt.accountKey].map((key) => ({ key, failures: 0, windowStart: now, updatedAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [attempt.pairKey, attempt.accountKey]))
      .orderBy(loginThrottle.key)
      .for('update');
    const pair = rows.find((r) => r.key === attempt.pairKey)!;
    const acct = rows.find((r) => r.key === attempt.accountKey)!;

    const pairLast = pair.lastAttemptAt?.getTime() ?? 0;
    const pairFailures = t - pairLast < LOGIN_THROTTLE.forgetAfterMs ? pair.failures : 0;
    const windowOpen = t - acct.windowStart.getTime() < LOGIN_THROTTLE.accountWindowMs;
    const acctFailures = windowOpen ? acct.failures : 0;
    const trusted = (pair.trustedUntil?.getTime() ?? 0) > t;

    const pairWait = pairFailures >= LOGIN_THROTTLE.freeFailures ? pairLast + pauseAfter(pairFailures) - t : 0;
    const acctWait =
      !trusted && acctFailures >= accountCeiling ? (acct.lastAttemptAt?.getTime() ?? 0) + LOGIN_THROTTLE.accountSpacingMs - t : 0;
    if (pairWait > 0 || acctWait > 0) return pairWait >= acctWait ? { waitMs: pairWait, why: 'slowedHere' as const } : { waitMs: acctWait, why: 'slowedAccount' as const };

    await tx
      .update(loginThrottle)
      .set({ failures: pairFailures + 1, lastAttemptAt: now, updatedAt: now })
      .where(eq(loginThrottle.key, attempt.pairKey));
    await tx
      .update(loginThrottle)
      .set({ failures: acctFailures + 1, windowStart: windowOpen ? acct.windowStart : now, lastAttemptAt: now, updatedAt: now })
      .where(eq(loginThrottle.key, attempt.accountKey));
    return null;
  });
  if (refusal) {
    const seconds = Math.max(1, Math.ceil(refusal.waitMs / 1000));
    throw new HttpError(429, 'RATE_LIMITED', LOGIN_THROTTLE_MESSAGES[refusal.why], { retryAfter: seconds }, { 'retry-after': String(seconds) }, { seconds });
  }
  return attempt;
}

/**
 * The password was right: this address starts from zero and is trusted for the account, and the account's
 * count forgets this attempt. The account's other failures stay: an owner signing in says nothing about
 * guesses from elsewhere, and would otherwise reset the ceiling for a distributed attacker.
 */
export async function loginSucceeded(db: Db, clock: Clock, attempt: LoginAttempt): Promise<void> {
  const now = clock.now();
  await db
    .update(loginThrottle)
    .set({ failures: 0, lastAttemptAt: null, trustedUntil: new Date(now.getTime() + LOGIN_THROTTLE.trustMs), updatedAt: now })
    .where(eq(loginThrottle.key, attempt.pairKey));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, updatedAt: now })
    .where(eq(loginThrottle.key, attempt.accountKey));
}

const lastSweep = new WeakMap<Db, number>();

/** Drops rows that have been quiet for a day and hold no live trust; at most every few minutes per process. */
export async function sweepLoginThrottle(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  const last = lastSweep.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < LOGIN_THROTTLE.sweepEveryMs) return;
  lastSweep.set(db, now.getTime());
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.updatedAt, new Date(now.getTime() - LOGIN_THROTTLE.forgetAfterMs)),
        or(isNull(loginThrottle.trustedUntil), lt(loginThrottle.trustedUntil, now)),
      ),
    );
}

/**
 * Forgets every failure and trusted address of an account. For the password reset flow (not built yet):
 * a reset must call this once the new password is set, so the owner starts clean everywhere and addresses
 * trusted under the old password have to sign in again to be trusted.
 */
export async function clearLoginThrottle(db: Db, email: string): Promise<void> {
  const account = accountHash(email);
  // The hash is hex: no LIKE wildcard can come from the email.
  await db.delete(loginThrottle).where(or(eq(loginThrottle.key, `account:${account}`), like(loginThrottle.key, `pair:${account}:%`)));
}
