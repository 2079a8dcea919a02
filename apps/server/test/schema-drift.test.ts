import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/db/connection';
import { latestSnapshot, renameFailure, renameQuestions } from '../src/db/generate';
import { migrate, migrationFiles } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { fkey } from '../src/db/schema/keys';
import { migrationsDir } from '../src/lib/paths';
import { createThrowawayDatabase } from './helpers';

/**
 * The Drizzle schema (src/db/schema) is the one source of the database's shape; drizzle-kit's state in
 * migrations/meta says what the migrations build. Three things keep them together:
 * - `drizzle-kit generate` has nothing to write: the schema equals the newest snapshot;
 * - every migration file is in drizzle-kit's journal (none written beside it), and the newest has its snapshot;
 * - a database made by the hand-written baseline (0001-0028, as every installation before drizzle-kit has it),
 *   holding data, upgrades with the migrator to exactly what the snapshot describes (PostgreSQL's own catalogue
 *   compared with a database built from drizzle-kit's DDL for the snapshot), and keeps every row.
 * Runs on PGlite, and on PostgreSQL under scripts/test-api.mjs.
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}
const metaDir = join(migrationsDir, 'meta');
const journal = JSON.parse(readFileSync(join(metaDir, '_journal.json'), 'utf8')) as Journal;
// drizzle-kit diffs against the last snapshot in file-name order; the first one describes the baseline.
const snapshotFiles = readdirSync(metaDir)
  .filter((f) => f.endsWith('_snapshot.json'))
  .sort();
const latest = latestSnapshot(metaDir);
const baselineHead = snapshotFiles[0]!.slice(0, 4);

const databases: Array<{ database: Database; drop?: () => Promise<void> }> = [];
async function freshDatabase() {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) databases.push({ database: await openDatabase({ dataDir: 'memory://' }) });
  else {
    const throwaway = await createThrowawayDatabase(admin, 'yumi_drift');
    databases.push({ database: await openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused' }), drop: throwaway.drop });
  }
  return databases.at(-1)!.database;
}

/** A query's rows, each one text column named `line` (checked, not cast), sorted. */
const lineRows = z.object({ rows: z.array(z.object({ line: z.string() })) });
const lines = async (database: Database, query: SQL) => lineRows.parse(await database.db.execute(query)).rows.map((r) => r.line).sort();

/** The shape of the public schema as PostgreSQL itself prints it (both sides normalized the same way). */
const catalogue = (database: Database) =>
  lines(
    database,
    sql`SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
          || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
          || CASE a.attidentity WHEN 'a' THEN ' identity always' WHEN 'd' THEN ' identity by default' ELSE '' END AS line
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v') AND a.attnum > 0 AND NOT a.attisdropped AND c.relname <> 'schema_migrations'
      UNION ALL
      SELECT 'constraint ' || c.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid)
        FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname <> 'schema_migrations'
      UNION ALL
      SELECT 'index ' || pg_get_indexdef(i.indexrelid)
        FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname <> 'schema_migrations'
      UNION ALL
      SELECT 'view ' || c.relname || ' ' || pg_get_viewdef(c.oid)
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'v'
      UNION ALL
      SELECT 'sequence ' || c.relname
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S'`,
  );

const tableNames = async (database: Database) =>
  lines(database, sql`SELECT table_name::text AS line FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);

/** Every row of every table, as JSON objects. */
async function allRows(database: Database) {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const table of await tableNames(database)) {
    out[table] = (await lines(database, sql`SELECT row_to_json(x)::text AS line FROM ${sql.identifier(table)} x`)).map((r) => JSON.parse(r) as Record<string, unknown>);
  }
  return out;
}

// A little of everything the baseline holds, written as the baseline's own SQL (the Drizzle schema may move on).
const BASELINE_ROWS = `
  INSERT INTO users (id, email, username, password_hash, email_verified_at, totp_last_step)
    VALUES ('00000000-0000-4000-8000-000000000001', 'Ann@Example.com', 'ann', 'hash', '2026-01-02T03:04:05Z', 12345);
  INSERT INTO sessions (user_id, token_hash, expires_at, ip) VALUES ('00000000-0000-4000-8000-000000000001', 'tok', '2027-01-01T00:00:00Z', '192.0.2.7');
  INSERT INTO documents (id, user_id, kind, title, content, words, hashtags, client_id)
    VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'report', 'Report', '# Hi #tag', 2, '{tag}', '00000000-0000-4000-8000-000000000003');
  INSERT INTO report_meta (document_id, user_id, meta) VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '{"style":"apa"}');
  INSERT INTO credit_balances (user_id, balance) VALUES ('00000000-0000-4000-8000-000000000001', 40);
  INSERT INTO credit_ledger (user_id, delta, reason, source_type, source_id, test) VALUES ('00000000-0000-4000-8000-000000000001', 40, 'grant', 'test', 'g1', true);
  INSERT INTO credit_reservations (user_id, amount, reason, source_type, source_id) VALUES ('00000000-0000-4000-8000-000000000001', 5, 'chat', 'chat', 'c1');
  INSERT INTO blobs (key, size, created_at, touched_at) VALUES (repeat('ab', 32), 10, now(), now());
  INSERT INTO image_jobs (user_id, provider, prompt, params, payment, created_at, reference_key)
    VALUES ('00000000-0000-4000-8000-000000000001', 'offline', 'a cat', '{}', 'trial', now(), repeat('ab', 32));
  INSERT INTO characters (id, user_id, name, brief, created_at, last_modified)
    VALUES ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', 'Yumi', '{"role":"lead"}', now(), now());
  INSERT INTO plagiarism_sources (owner_id, kind, ref_key, title, content_hash, body, words, fingerprint_count)
    VALUES (NULL, 'reference', 'r1', 'Ref', 'h', 'body text', 2, 1);
  INSERT INTO plagiarism_fingerprints (source_id, hash, pos) SELECT id, 42, 0 FROM plagiarism_sources;
  INSERT INTO ai_usage_daily (subject, provider, day, tokens) VALUES ('ip:192.0.2.7', 'offline', '2026-03-01', 12);
  INSERT INTO admin_audit (at, actor, action, target_type, target_id) VALUES (now(), 'command line', 'grant', 'user', 'ann');
  INSERT INTO llm_connections (id, kind, name, models, created_at, updated_at)
    VALUES ('00000000-0000-4000-8000-000000000005', 'ollama', 'Local', '["llama3"]', now(), now());
`;

let upgraded: Database;
let applied: string[];
let before: Awaited<ReturnType<typeof allRows>>;
const baselineDir = mkdtempSync(join(tmpdir(), 'yumi-baseline-'));
const nextDir = mkdtempSync(join(tmpdir(), 'yumi-next-'));

beforeAll(async () => {
  // The hand-written files up to the first snapshot: the database every older installation has.
  for (const file of migrationFiles().filter((f) => f.slice(0, 4) <= baselineHead)) copyFileSync(join(migrationsDir, file), join(baselineDir, file));
  upgraded = await freshDatabase();
  await migrate(upgraded, baselineDir);
  await upgraded.exec(BASELINE_ROWS);
  before = await allRows(upgraded);
  applied = await migrate(upgraded);
});
afterAll(async () => {
  for (const { database, drop } of databases) {
    await database.close();
    await drop?.();
  }
  for (const dir of [baselineDir, nextDir]) rmSync(dir, { recursive: true, force: true });
});

describe('Drizzle schema, drizzle-kit snapshot and migrations', () => {
  it('drizzle-kit generate finds nothing to write: the schema is what the newest snapshot says', async () => {
    const current = generateDrizzleJson(schema, latest.id);
    // A possible rename would stop drizzle-kit at its prompt: fail with what to run instead.
    const questions = renameQuestions(latest, current);
    if (questions.length > 0) throw new Error(renameFailure(questions));
    expect(await generateMigration(latest, current)).toEqual([]);
  });

  it("every migration file is in drizzle-kit's journal, in order, and the newest has its snapshot", () => {
    const files = migrationFiles().map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((f) => Number(f.slice(0, 4))));
    expect(snapshotFiles.at(-1)).toBe(`${files.at(-1)!.slice(0, 4)}_snapshot.json`);
  });

  it('a baseline database upgrades to exactly what the snapshot describes', async () => {
    expect(applied).toEqual(migrationFiles().filter((f) => f.slice(0, 4) > baselineHead).map((f) => f.replace(/\.sql$/, '')));
    // The reference: drizzle-kit's own DDL for the newest snapshot, run on an empty database.
    const reference = await freshDatabase();
    await reference.exec((await generateMigration(generateDrizzleJson({}), latest)).join('\n'));
    expect(await catalogue(upgraded)).toEqual(await catalogue(reference));
  });

  it('the upgrade keeps every row and value', async () => {
    const after = await allRows(upgraded);
    for (const [table, rows] of Object.entries(before)) {
      // Columns a later migration added are not the baseline's data; everything that was there stays as it was.
      const kept = (after[table] ?? []).map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !rows[0] || k in rows[0])));
      // The migrator's own book gains a row per newer migration (checked above); the others stay exactly.
      expect(kept, table).toEqual(table === 'schema_migrations' ? expect.arrayContaining(rows) : rows);
    }
    expect(Object.values(before).flat().length).toBeGreaterThanOrEqual(15);
  });

  it('the next migration drizzle-kit generates runs in our migrator, on the upgraded database', async () => {
    // A new table with a key into the baseline, as `npm run db:generate` would write it (statement breakpoints included).
    const probe = pgTable('drift_probe', { id: uuid('id').primaryKey(), userId: uuid('user_id').notNull(), note: text('note') }, (t) => [
      fkey(t.userId, schema.users.id, 'cascade'),
      index('drift_probe_user_idx').on(t.userId),
    ]);
    const statements = await generateMigration(latest, generateDrizzleJson({ ...schema, probe }, latest.id));
    for (const file of migrationFiles()) copyFileSync(join(migrationsDir, file), join(nextDir, file));
    writeFileSync(join(nextDir, '9999_drift_probe.sql'), statements.join('\n--> statement-breakpoint\n'));
    expect(await migrate(upgraded, nextDir)).toEqual(['9999_drift_probe']);
    expect(await catalogue(upgraded)).toEqual(
      expect.arrayContaining([
        'column drift_probe.user_id uuid not null',
        'constraint drift_probe drift_probe_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE',
        'index CREATE INDEX drift_probe_user_idx ON public.drift_probe USING btree (user_id)',
      ]),
    );
    await upgraded.exec(`INSERT INTO drift_probe (id, user_id) VALUES (gen_random_uuid(), '00000000-0000-4000-8000-000000000001')`);
  });
});
