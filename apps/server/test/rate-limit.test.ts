import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import type { HttpError } from '../src/lib/http-error';
import { createRateLimiter, databaseLimiter, memoryLimiter, type RateLimiter } from '../src/lib/rate-limit';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The HttpError a hit throws, or null when it is allowed. */
async function attempt(limiter: RateLimiter, key: string, limit = 3, windowSeconds = 60): Promise<HttpError | null> {
  try {
    await limiter.hit(key, limit, windowSeconds);
    return null;
  } catch (err) {
    return err as HttpError;
  }
}

const kinds = {
  database: (clock: ManualClock) => databaseLimiter(t.database.db, clock),
  memory: (clock: ManualClock) => memoryLimiter(clock),
};

describe.each(Object.entries(kinds))('%s rate limiter', (_kind, make) => {
  it('allows the limit, then refuses with 429 and the seconds left in the window', async () => {
    const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
    const limiter = make(clock);
    const key = `test:${Math.random()}`;
    for (let i = 0; i < 3; i += 1) expect(await attempt(limiter, key)).toBeNull();
    clock.advance(20_000);
    const refused = await attempt(limiter, key);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.headers?.['retry-after']).toBe('40');
    // Other keys are counted apart.
    expect(await attempt(limiter, `${key}:other`)).toBeNull();
  });

  it('opens a new window once the old one has ended', async () => {
    const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
    const limiter = make(clock);
    const key = `test:${Math.random()}`;
    for (let i = 0; i < 4; i += 1) await attempt(limiter, key);
    expect((await attempt(limiter, key))?.statusCode).toBe(429);
    clock.advance(60_000);
    expect(await attempt(limiter, key)).toBeNull();
  });
});

it('keeps counters in memory for the embedded database and in the database when processes share it', async () => {
  const limiter = createRateLimiter(t.database, new ManualClock(new Date()));
  const key = `test:${Math.random()}`;
  await limiter.hit(key, 3, 60);
  const rows = await t.database.db.execute(sql`SELECT count FROM rate_limits WHERE key = ${key}`);
  expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(t.database.kind === 'pglite' ? 0 : 1);
});
