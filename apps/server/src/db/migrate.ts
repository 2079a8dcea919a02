import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './connection';
import { migrationsDir } from '../lib/paths';

const MIGRATION_LOCK = 7355608;

/**
 * Applies migrations/NNNN_name.sql in order, each in its own transaction, once.
 * Plain SQL files so PGlite and PostgreSQL run exactly the same statements.
 * One advisory lock, taken by every step (first statement included), keeps starting servers from migrating
 * at once; each file's guard makes a second migrator's step a no-op.
 */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  // Even the bookkeeping table is created under the lock: two processes racing on an empty database would
  // otherwise collide inside CREATE TABLE IF NOT EXISTS (a unique violation in pg_type).
  await database.exec(`BEGIN;
    SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
    CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    COMMIT;`);
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const name = file.replace(/\.sql$/, '');
    const quoted = name.replace(/'/g, "''");
    const body = readFileSync(join(dir, file), 'utf8');
    // The guard inside the transaction makes a concurrent second migrator a no-op.
    await database.exec(`BEGIN;
      SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
      DO $guard$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${quoted}') THEN
          RAISE EXCEPTION 'already-applied';
        END IF;
      END $guard$;
      ${body}
      INSERT INTO schema_migrations (name) VALUES ('${quoted}');
      COMMIT;`).then(
      () => applied.push(name),
      (err: unknown) => {
        if (!String((err as Error).message).includes('already-applied')) {
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
        }
      },
    );
  }
  return applied;
}
