import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { killableDatabase, runChild } from './kill-child';

describe('kill the server during fulfilment', () => {
  it('after a SIGKILL mid-fulfilment the purchase is still pending, and the retry grants exactly once', async () => {
    const { env, reopen, cleanup } = await killableDatabase('yumi_kill');
    try {
      const { out, signal } = await runChild('kill-fulfilment.child.ts', env);
      expect(signal).toBe('SIGKILL');
      expect(out).not.toContain('not killed');
      const { token, purchaseId } = JSON.parse(out.trim().split('\n')[0]!) as { token: string; purchaseId: string };

      // Restart: a new server process on the same database.
      const database = await reopen();
      await migrate(database);
      const app = await buildApp(testConfig(), { database, serveWeb: false });
      try {
        const auth = { authorization: `Bearer ${token}` };
        const status = await database.db.execute(sql`SELECT status FROM purchases WHERE id = ${purchaseId}`);
        expect((status as unknown as { rows: Array<{ status: string }> }).rows[0]!.status).toBe('pending');
        expect((await app.inject({ url: '/api/billing/info', headers: auth })).json().balance).toBe(0);
        // The provider retries: granted once, however many retries arrive.
        const retries = await Promise.all(
          [1, 2, 3].map(() => app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: auth, payload: { action: 'pay' } })),
        );
        expect(retries.every((r) => r.json().status === 'paid')).toBe(true);
        const balance = (await app.inject({ url: '/api/billing/info', headers: auth })).json().balance;
        expect(balance).toBe(4_500_000);
        const entries = await database.db.execute(sql`SELECT count(*)::int AS n FROM credit_ledger WHERE source_type = 'purchase' AND source_id = ${purchaseId}`);
        expect(Number((entries as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(1);
        console.log(`[kill] ${database.kind}: SIGKILL during fulfilment -> pending, balance 0; after restart 3 retries -> balance ${balance} (one ledger entry)`);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await cleanup();
    }
  });
});
