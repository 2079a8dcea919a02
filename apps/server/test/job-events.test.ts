import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/connection';
import { systemClock } from '../src/lib/clock';
import { ImageQueue, QUEUE_MOVED } from '../src/modules/images/queue';
import { createThrowawayDatabase } from './helpers';

// Job changes reach the streams of every process through PostgreSQL LISTEN/NOTIFY (the same listening
// connection as session revocations). Runs in the PostgreSQL pass of scripts/test-api.mjs.
describe.skipIf(!process.env.TEST_DATABASE_URL)('job events across processes', () => {
  let drop: () => Promise<void>;
  const databases: Database[] = [];
  const queues: ImageQueue[] = [];
  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'yumi_jobev');
    drop = throwaway.drop;
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused' });
      databases.push(database);
      const ctx = { config: testConfig(), database, db: database.db, clock: systemClock, log: console } as unknown as AppContext;
      const queue = new ImageQueue(ctx, new Set(), async () => undefined, async () => undefined);
      await queue.start();
      queues.push(queue);
    }
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await Promise.all(databases.map((d) => d.close()));
    await drop?.();
  });

  const next = (queue: ImageQueue, event: string) => new Promise<void>((resolve) => {
    const off = queue.subscribe(event, () => {
      off();
      resolve();
    });
  });

  it('a change made in one process wakes the listeners of the other, once in each', async () => {
    const [a, b] = queues as [ImageQueue, ImageQueue];
    const job = randomUUID();
    let seenByA = 0;
    const offA = a.subscribe(job, () => (seenByA += 1));
    const progress = next(b, job);
    a.notify(job);
    await progress;
    const moved = Promise.all([next(b, job), next(b, QUEUE_MOVED)]);
    a.notify(job, true);
    await moved;
    // A's own notifications come back over PostgreSQL too; they are not delivered a second time.
    const marker = next(a, 'marker-job');
    b.notify('marker-job');
    await marker;
    offA();
    expect(seenByA).toBe(2);
  });
});
