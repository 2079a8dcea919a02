import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { migrationsDir } from '../src/lib/paths';
import { FileBlobStore } from '../src/providers/blob';
import { createThrowawayDatabase, errorBody, signUp } from './helpers';
import { canRunPostgres, startCluster } from './pg-cluster';

// PostgreSQL going away and coming back, and servers starting together on an empty database.
// It starts its own cluster, so it runs once (in the PGlite pass), not again in the PostgreSQL pass.
describe.skipIf(!canRunPostgres || !!process.env.TEST_DATABASE_URL)('PostgreSQL outages', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(() => cluster?.destroy());

  it('eight servers migrating one empty database at once all succeed, each migration applied once', async () => {
    const { url, drop } = await createThrowawayDatabase(cluster.url, 'yumi_race');
    const databases: Database[] = await Promise.all(Array.from({ length: 8 }, () => openDatabase({ databaseUrl: url, dataDir: 'unused' })));
    try {
      const applied = await Promise.all(databases.map((d) => migrate(d)));
      const files = readdirSync(migrationsDir).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f));
      expect(applied.flat().sort()).toEqual(files.map((f) => f.replace(/\.sql$/, '')).sort());
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await drop();
    }
  });

  it('answers 503 while the database is down, without crashing, and recovers by itself', async () => {
    const { url, drop } = await createThrowawayDatabase(cluster.url, 'yumi_outage');
    const blobDir = mkdtempSync(join(tmpdir(), 'yumi-outage-blobs-'));
    const app = await buildApp(testConfig({ DATABASE_URL: url }), { serveWeb: false, blobs: new FileBlobStore(blobDir) });
    const listener = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
    const heard: string[] = [];
    await listener.listen('yumi_outage_test', (p) => heard.push(p));
    try {
      const u = await signUp(app, 'outage');
      expect((await app.inject({ url: '/api/documents', headers: u.auth })).statusCode).toBe(200);

      await cluster.stop();
      const down = await app.inject({ url: '/api/documents', headers: { ...u.auth, 'accept-language': 'ja' } });
      expect(down.statusCode).toBe(503);
      expect(errorBody(down)).toMatchObject({ code: 'DATABASE_UNAVAILABLE', error: expect.stringContaining('データベース') });
      expect(down.headers['retry-after']).toBeDefined();
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
      const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'down@example.com', username: 'downuser', password: 'secret123' } });
      expect(signup.statusCode).toBe(503);

      await cluster.start();
      await expect.poll(async () => (await app.inject({ url: '/api/documents', headers: u.auth })).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      // Cross-process signals resume: the LISTEN connection came back on its own.
      await expect
        .poll(
          async () => {
            await listener.notify('yumi_outage_test', 'back').catch(() => undefined);
            return heard.includes('back');
          },
          { timeout: 40_000, interval: 500 },
        )
        .toBe(true);
    } finally {
      await listener.close();
      await app.close();
      await drop().catch(() => undefined);
      rmSync(blobDir, { recursive: true, force: true });
    }
  }, 90_000);
});
