import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { Clock } from './clock';
import { HttpError } from './http-error';

/**
 * Fixed-window counters kept in the database, so every server process behind a load balancer
 * shares them (nothing that matters lives in process memory).
 */
export async function hitRateLimit(
  db: Db,
  clock: Clock,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const now = clock.now();
  const windowStartFloor = new Date(now.getTime() - windowSeconds * 1000);
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${windowStartFloor.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${windowStartFloor.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = (result as unknown as { rows: Array<{ count: number; window_start: string | Date }> }).rows[0];
  if (!row) return;
  if (Number(row.count) > limit) {
    const resetAt = new Date(row.window_start).getTime() + windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
    throw new HttpError(429, 'RATE_LIMITED', 'Too many attempts. Please wait and try again.', { retryAfter }, {
      'retry-after': String(retryAfter),
    });
  }
}
