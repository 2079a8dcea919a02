import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './connection';
import { migrationsDir } from '../lib/paths';

/**
 * Applies migrations/NNNN_name.sql in order, each in its own transaction, once.
 * Plain SQL files so PGlite and PostgreSQL run exactly the same statements.
 * An advisory lock keeps two starting servers from migrating at once.
 */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
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
      SELECT pg_advisory_xact_lock(7355608);
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
