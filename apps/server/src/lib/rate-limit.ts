import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { rateLimits } from '../db/schema';
import type { Clock } from './clock';
import { HttpError } from './http-error';

/** Fixed-window counters: `hit` counts one attempt under `key` and throws 429 with Retry-After past `limit`. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<void>;
}

interface Window {
  count: number;
  startedAt: number;
}

const TOO_MANY = {
  en: 'Too many attempts. Please wait {seconds} s and try again.',
  ja: '試行回数が多すぎます。{seconds} 秒待ってからもう一度お試しください。',
  zh: '尝试次数过多，请等待 {seconds} 秒后再试。',
  ko: '시도가 너무 많습니다. {seconds}초 후에 다시 시도해 주세요.',
} as const;

function refuseIfOver(window: Window, limit: number, windowSeconds: number, now: number): void {
  if (window.count <= limit) return;
  const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowSeconds * 1000 - now) / 1000));
  throw new HttpError(429, 'RATE_LIMITED', TOO_MANY, { retryAfter }, { 'retry-after': String(retryAfter) }, { seconds: retryAfter });
}

/**
 * Counters in the database, so every server process behind a load balancer shares them (DESIGN.md:
 * stateless servers). One conditional upsert per attempt.
 */
export function databaseLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now();
      const floor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
      // The window has ended when it started at or before `floor`: the attempt opens a new one.
      const ended = sql`${rateLimits.windowStart} <= ${floor}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${ended} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      if (row) refuseIfOver({ count: row.count, startedAt: row.windowStart.getTime() }, limit, windowSeconds, now.getTime());
    },
  };
}

/** Above this many keys, windows that have ended are swept before a new key is added. */
const SWEEP_AT = 50_000;

/**
 * Counters in process memory, for the embedded database: PGlite belongs to exactly one process, so this
 * process is the whole deployment and its memory is the shared state. Saves a database write (about a
 * millisecond of the event loop on PGlite) on every limited call, such as each chat message.
 */
export interface MemoryLimiter extends RateLimiter {
  /** `hit` without the promise, for a hook that runs on every request. */
  hitNow(key: string, limit: number, windowSeconds: number): void;
}

export function memoryLimiter(clock: Clock): MemoryLimiter {
  const windows = new Map<string, Window & { endsAt: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.endsAt <= now) windows.delete(key);
  };
  const hitNow = (key: string, limit: number, windowSeconds: number) => {
    const now = clock.now().getTime();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      if (!window && windows.size >= SWEEP_AT) sweep(now);
      window = { count: 0, startedAt: now, endsAt: now + windowSeconds * 1000 };
      windows.set(key, window);
    }
    window.count += 1;
    refuseIfOver(window, limit, windowSeconds, now);
  };
  return {
    hitNow,
    async hit(key, limit, windowSeconds) {
      hitNow(key, limit, windowSeconds);
    },
  };
}

export function createRateLimiter(database: Database, clock: Clock): RateLimiter {
  return database.kind === 'pglite' ? memoryLimiter(clock) : databaseLimiter(database.db, clock);
}
