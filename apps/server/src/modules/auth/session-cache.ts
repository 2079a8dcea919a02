import type { User } from '@yumi/core';

interface Entry {
  user: User;
  /** Session expiry; a cached entry never outlives its session. */
  expiresAt: number;
  cachedAt: number;
}

/**
 * A short-lived cache of token hash -> user, so authenticated requests skip a database round trip.
 * It is only a cache: logout deletes the entry here at once, and on PostgreSQL every other server process
 * drops it through LISTEN/NOTIFY (see session-revocations.ts); the TTL bounds any remaining staleness.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, now: number): User | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || now >= entry.expiresAt || now < entry.cachedAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: User, expiresAt: Date, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, expiresAt: expiresAt.getTime(), cachedAt: now });
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Drops every session of a user (role change, account change). */
  deleteUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }
}
