import { AUTH_MESSAGES, SESSION_DAYS, type Language, type LoginRequest, type SignupRequest, type User } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { beginLoginAttempt, loginSucceeded, sweepLoginThrottle } from './login-throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { sendVerificationMail } from './email-verification';
import { storedIp } from './client-ip';
import * as repo from './repository';
import { syncRole } from './roles';
import { hashToken, looksLikeToken, newSessionToken } from './tokens';
import { checkSecondStep, closeChallenge, openChallenge, takeChallengeAttempt, twoStepOn } from './two-step';

export function toUser(row: repo.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}


/** Attempts per IP (across all accounts), and for sign-up per email. */
async function limitAttempts(ctx: AppContext, action: string, ip: string, email: string | null): Promise<void> {
  const { AUTH_RATE_LIMIT_PER_IP, AUTH_RATE_LIMIT_PER_EMAIL, AUTH_RATE_LIMIT_WINDOW_SECONDS } = ctx.config;
  await ctx.rateLimits.hit(`${action}:ip:${ip}`, AUTH_RATE_LIMIT_PER_IP, AUTH_RATE_LIMIT_WINDOW_SECONDS);
  if (email) await ctx.rateLimits.hit(`${action}:email:${email.toLowerCase()}`, AUTH_RATE_LIMIT_PER_EMAIL, AUTH_RATE_LIMIT_WINDOW_SECONDS);
}

/** Who opened a session: the User-Agent (cut to 300 characters) and the client address (request.ip). */
export interface SessionClient {
  userAgent: string | null;
  ip: string;
}

export async function startSession(ctx: AppContext, userId: string, client: SessionClient): Promise<string> {
  const token = newSessionToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + SESSION_DAYS * 86_400_000);
  await repo.insertSession(ctx.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: client.userAgent,
    lastSeenAt: ctx.clock.now(),
    ip: storedIp(client.ip),
  });
  return token;
}

export async function signup(
  ctx: AppContext,
  input: SignupRequest,
  meta: { ip: string; userAgent: string | null; language: Language },
): Promise<{ user: User; token: string }> {
  await limitAttempts(ctx, 'signup', meta.ip, input.email);
  const passwordHash = await hashPassword(input.password);
  const row = await repo.insertUser(ctx.db, {
    email: input.email,
    username: input.username,
    passwordHash,
    // Never admin at sign-up, whatever ADMIN_EMAILS says: the address is not proven yet (roles.ts).
    role: 'user',
  });
  if (row === 'email-taken') throw new HttpError(409, 'EMAIL_TAKEN', 'This email is already registered');
  if (row === 'username-taken') throw new HttpError(409, 'USERNAME_TAKEN', 'This username is already taken');
  await sendVerificationMail(ctx, row, meta.language);
  return { user: toUser(row), token: await startSession(ctx, row.id, meta) };
}

export async function login(
  ctx: AppContext,
  input: LoginRequest,
  meta: { ip: string; userAgent: string | null },
): Promise<{ user: User; token: string } | { challenge: string }> {
  // No per-email limit here: it let anyone lock the owner out. Failures count per (account, IP) instead,
  // before the password is looked at, the same way for unknown emails (login-throttle.ts).
  await limitAttempts(ctx, 'login', meta.ip, null);
  const attempt = await beginLoginAttempt(ctx.db, ctx.clock, ctx.config.LOGIN_ACCOUNT_FAILURES_PER_HOUR, input.email, meta.ip);
  const row = await repo.findUserByEmail(ctx.db, input.email);
  // Always run one scrypt verification so unknown emails and wrong passwords take the same time.
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !ok) {
    await sweepLoginThrottle(ctx.db, ctx.clock);
    throw new HttpError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.loginFailed);
  }
  await loginSucceeded(ctx.db, ctx.clock, attempt);
  // ADMIN_EMAILS may have changed since the last sign-in: the stored role follows the rule (roles.ts).
  if (await syncRole({ config: ctx.config, db: ctx.db, now: ctx.clock.now() }, row)) await forgetCachedUser(ctx, row.id);
  // The password was right; with two-step sign-in on, the session waits for the code (login/two-step).
  if (twoStepOn(row)) return { challenge: await openChallenge(ctx, row.id, meta.userAgent) };
  return { user: toUser(row), token: await startSession(ctx, row.id, meta) };
}

/** The second step of a sign-in: the challenge from `login` and an authenticator or recovery code. */
export async function completeTwoStepLogin(
  ctx: AppContext,
  input: { challenge: string; code: string },
  meta: { ip: string; userAgent: string | null },
): Promise<{ user: User; token: string }> {
  await limitAttempts(ctx, 'two-step', meta.ip, null);
  const { userId, userAgent } = await takeChallengeAttempt(ctx, input.challenge);
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw new HttpError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.loginFailed);
  await checkSecondStep(ctx, row, input.code);
  await closeChallenge(ctx.db, input.challenge);
  return { user: toUser(row), token: await startSession(ctx, row.id, { userAgent: userAgent ?? meta.userAgent, ip: meta.ip }) };
}

export const SESSION_REVOKED_CHANNEL = 'session_revoked';
/** A SESSION_REVOKED_CHANNEL payload that drops every cached session of one user (password or name change). */
const USER_PREFIX = 'user:';

/** Every process's handler of SESSION_REVOKED_CHANNEL: a token hash, or `user:<id>`. */
export function onSessionRevoked(ctx: AppContext, payload: string): void {
  if (payload.startsWith(USER_PREFIX)) ctx.sessions.deleteUser(payload.slice(USER_PREFIX.length));
  else ctx.sessions.delete(payload);
}

/** Forget the cached sessions of a user in every process (after revoking some, or changing the user). */
export async function forgetCachedUser(ctx: AppContext, userId: string): Promise<void> {
  ctx.sessions.deleteUser(userId);
  await ctx.database.notify(SESSION_REVOKED_CHANNEL, USER_PREFIX + userId);
}

/** How stale a session's last_seen_at may get before a database look-up moves it. */
const LAST_SEEN_STEP_MS = 60_000;

/**
 * The hash of the bearer token last sent on each connection (held no longer than the connection): a client
 * sends the same token with every request of a keep-alive connection, so sha256 runs once per connection.
 */
const connectionTokens = new WeakMap<object, { token: string; hash: string }>();

/** The token's hash, or null when it is not a token at all (a token memoized for the connection passed that check). */
function hashOnConnection(token: string, connection: object | undefined): string | null {
  const last = connection && connectionTokens.get(connection);
  if (last?.token === token) return last.hash;
  if (!looksLikeToken(token)) return null;
  const hash = hashToken(token);
  if (connection) connectionTokens.set(connection, { token, hash });
  return hash;
}

/**
 * The user of a bearer token; `ip` (request.ip) is recorded when last_seen_at moves; `connection` (the
 * request's socket) lets a keep-alive connection hash its token once. A cached session answers
 * synchronously (no promise on the path of every signed-in request); otherwise the database does.
 */
export function userForToken(ctx: AppContext, token: string, ip?: string, connection?: object): User | null | Promise<User | null> {
  const tokenHash = hashOnConnection(token, connection);
  if (tokenHash === null) return null;
  const now = ctx.clock.now();
  return ctx.sessions.get(tokenHash, now.getTime()) ?? storedSessionUser(ctx, tokenHash, now, ip);
}

async function storedSessionUser(ctx: AppContext, tokenHash: string, now: Date, ip: string | undefined): Promise<User | null> {
  const row = await repo.findSessionUser(ctx.db, tokenHash, now);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) await repo.touchSession(ctx.db, row.sessionId, now, storedIp(ip));
  const user = toUser(row.user);
  ctx.sessions.set(tokenHash, user, row.expiresAt, now.getTime());
  return user;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  if (!looksLikeToken(token)) return;
  const tokenHash = hashToken(token);
  await repo.revokeSession(ctx.db, tokenHash, ctx.clock.now());
  ctx.sessions.delete(tokenHash);
  await ctx.database.notify(SESSION_REVOKED_CHANNEL, tokenHash);
}
