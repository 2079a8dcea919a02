// Ledger cost: grant, spend and reserve+settle on PGlite, each beside a bare one-UPDATE transaction on
// the same database (the physical floor of "change a balance atomically"), same run.
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { systemClock } from '../apps/server/src/lib/clock';
import { grant, reserve, settle, spend } from '../apps/server/src/modules/billing/ledger';
import type { BenchResult } from './types';

const N = 2000;

async function opsPerSecond(n: number, op: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i += 1) await op(i);
  return (n / (performance.now() - started)) * 1000;
}

export default async function run(): Promise<BenchResult[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const ctx = { config: testConfig(), database, db: database.db, clock: systemClock } as unknown as AppContext;
  const rows = await database.db.execute(
    sql`INSERT INTO users (email, username, password_hash) VALUES ('bench@example.com', 'bench', 'x') RETURNING id`,
  );
  const userId = (rows as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
  await grant(ctx, { userId, amount: 1_000_000_000, reason: 'bench', sourceType: 'bench', sourceId: 'seed' });

  const bare = await opsPerSecond(N, () =>
    database.db.transaction((tx) => tx.execute(sql`UPDATE credit_balances SET balance = balance + 0 WHERE user_id = ${userId}`)),
  );
  const granted = await opsPerSecond(N, (i) => grant(ctx, { userId, amount: 1, reason: 'bench', sourceType: 'bench-grant', sourceId: String(i) }));
  const spent = await opsPerSecond(N, (i) => spend(ctx, { userId, amount: 1, reason: 'bench', sourceType: 'bench-spend', sourceId: String(i) }));
  const reserved = await opsPerSecond(N / 2, async (i) => {
    const r = await reserve(ctx, { userId, amount: 10, reason: 'bench', sourceType: 'bench-reserve', sourceId: String(i) });
    await settle(ctx, r.reservationId, 4);
  });
  await database.close();
  const baseline = { name: 'bare one-UPDATE transaction (PGlite)', value: Math.round(bare) };
  return [
    { name: 'ledger grant (PGlite)', value: Math.round(granted), unit: 'ops/s', baseline },
    { name: 'ledger spend, conditional (PGlite)', value: Math.round(spent), unit: 'ops/s', baseline },
    { name: 'ledger reserve + settle (PGlite)', value: Math.round(reserved), unit: 'ops/s', baseline },
  ];
}
