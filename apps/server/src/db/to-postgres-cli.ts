/**
 * Operator command: copy the embedded database (DATA_DIR/pg) into the PostgreSQL named by DATABASE_URL.
 *   DATABASE_URL=postgres://… npm run db:to-postgres
 * Stop the server first (PGlite has one writer). The target must have no accounts; the copy is one
 * transaction, so a failure leaves it as it was and the command can be run again.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { loadConfig } from '../config';
import { openDatabase } from './connection';
import { copyDatabase, TargetNotEmptyError } from './copy-to-postgres';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('db:to-postgres needs DATABASE_URL: the PostgreSQL database to copy into (postgres://user:password@host:5432/yumi).');
  process.exit(2);
}
const embedded = resolve(config.DATA_DIR, 'pg');
if (!existsSync(join(embedded, 'PG_VERSION'))) {
  console.error(`No embedded database at ${embedded} (DATA_DIR=${config.DATA_DIR}).`);
  process.exit(2);
}
const source = await openDatabase({ dataDir: config.DATA_DIR });
const target = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
if (!(await target.ping())) {
  console.error('Cannot reach the PostgreSQL database named by DATABASE_URL.');
  process.exit(1);
}
const bar = new SingleBar({ format: 'rows {bar} {percentage}% | {value}/{total} | {table}' }, Presets.shades_classic);
let started = false;
let code = 0;
try {
  const result = await copyDatabase(source, target, (p) => {
    if (!started) bar.start(p.total, 0, { table: p.table });
    started = true;
    bar.update(p.done, { table: p.table });
  });
  bar.stop();
  console.log(`Copied ${result.rows} rows in ${result.tables.length} tables from ${embedded}.`);
  console.log('Start the servers with this DATABASE_URL. Files stay under DATA_DIR/blobs: keep DATA_DIR, or move them with npm run blobs:migrate.');
} catch (err) {
  bar.stop();
  console.error(err instanceof TargetNotEmptyError ? err.message : `Copy failed, nothing was written: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  await source.close();
  await target.close();
}
process.exit(code);
