// The app of the busy-server benchmark in its own process, as deployed (the load generator and the
// measuring client must not share its event loop). Prints its URL on stdout; exits on SIGINT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';

// BUSY_DATABASE_URL: on PostgreSQL, as several processes run it (the embedded PGlite runs queries on the event loop).
const database = await openDatabase({ databaseUrl: process.env.BUSY_DATABASE_URL, dataDir: 'memory://' });
// Stored images go to a throwaway folder, not ./data.
const dataDir = mkdtempSync(join(tmpdir(), 'yumi-busy-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await migrate(database);
const unlimited = '1000000000';
const config = testConfig({
  DATA_DIR: dataDir,
  API_RATE_LIMIT_PER_MINUTE: unlimited,
  EXPENSIVE_RATE_LIMIT_PER_MINUTE: unlimited,
  AUTH_RATE_LIMIT_PER_IP: unlimited,
  AUTH_RATE_LIMIT_PER_EMAIL: unlimited,
  // The four generations of the figure run at once rather than two at a time.
  IMAGE_CONCURRENCY_PROCEDURAL: '4',
});
const app = await buildApp(config, { database, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
