import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { queryRows } from '../db/rows';
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
      const [row] = await queryRows<{ count: number; window_start: string | Date }>(
        db,
        sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= ${floor} THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${floor} THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
        RETURNING count, window_start`,
      );
      if (row) refuseIfOver({ count: Number(row.count), startedAt: new Date(row.window_start).getTime() }, limit, windowSeconds, now.getTime());
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
export function memoryLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, Window & { endsAt: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.endsAt <= now) windows.delete(key);
  };
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (!window && windows.size >= SWEEP_AT) sweep(now);
        window = { count: 0, startedAt: now, endsAt: now + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      refuseIfOver(window, limit, windowSeconds, now);
    },
  };
}

export function createRateLimiter(database: Database, clock: Clock): RateLimiter {
  return database.kind === 'pglite' ? memoryLimiter(clock) : databaseLimiter(database.db, clock);
}
