import { SESSIONS_LIST_MAX, type SessionList } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { maskedIp } from './client-ip';
import { ACCOUNT_AUTH_MESSAGES } from './messages';
import * as repo from './repository';
import { forgetCachedUser, SESSION_REVOKED_CHANNEL } from './service';
import { hashToken } from './tokens';
import { describeUserAgent } from './user-agent';

/** The user's live sessions, newest activity first, the asking one marked `current`. */
export async function listSessions(ctx: AppContext, userId: string, token: string): Promise<SessionList> {
  const currentHash = hashToken(token);
  const { rows, total } = await repo.listLiveSessions(ctx.db, userId, ctx.clock.now(), SESSIONS_LIST_MAX);
  return {
    total,
    sessions: rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      ip: maskedIp(row.ip),
      current: row.tokenHash === currentHash,
    })),
  };
}

/** Ends one session of this user (the current one too: that is signing out). Another user's id is a 404. */
export async function endSession(ctx: AppContext, userId: string, id: string): Promise<void> {
  const tokenHash = await repo.revokeSessionById(ctx.db, userId, id, ctx.clock.now());
  if (!tokenHash) throw new HttpError(404, 'SESSION_NOT_FOUND', ACCOUNT_AUTH_MESSAGES.sessionNotFound);
  ctx.sessions.delete(tokenHash);
  await ctx.database.notify(SESSION_REVOKED_CHANNEL, tokenHash);
}

/** Ends every session of this user but the one of `token` (after a password change, or on request). */
export async function endOtherSessions(ctx: AppContext, userId: string, token: string): Promise<number> {
  const ended = await repo.revokeOtherSessions(ctx.db, userId, hashToken(token), ctx.clock.now());
  if (ended > 0) await forgetCachedUser(ctx, userId);
  return ended;
}
