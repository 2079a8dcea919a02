import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/connection';
import { copyDatabase, TargetNotEmptyError, type CopyProgress } from '../src/db/copy-to-postgres';
import { migrate } from '../src/db/migrate';
import { ManualClock } from '../src/lib/clock';
import { grant } from '../src/modules/billing/ledger';
import type { AppContext } from '../src/context';
import { FileBlobStore } from '../src/providers/blob';
import { fillAccount } from './account-fixtures';
import { createThrowawayDatabase, signUp, type TestApp } from './helpers';

// `npm run db:to-postgres`: an embedded installation moves into PostgreSQL with every row, and keeps working
// there (people stay signed in; new rows do not collide with copied ids). The target is the PostgreSQL of the
// API run on PostgreSQL, and a second PGlite on the PGlite run (the same SQL either way).

const dataDir = mkdtempSync(join(tmpdir(), 'yumi-to-pg-'));
const config = testConfig({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' });
const blobs = new FileBlobStore(join(dataDir, 'blobs'));
const targets: Array<{ database: Database; drop?: () => Promise<void>; url?: string }> = [];

async function newTarget() {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const database = await openDatabase({ dataDir: 'memory://' });
    targets.push({ database });
    return targets.at(-1)!;
  }
  const throwaway = await createThrowawayDatabase(admin, 'yumi_topg');
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused' });
  targets.push({ database, drop: throwaway.drop, url: throwaway.url });
  return targets.at(-1)!;
}

const appOn = async (database: Database) => {
  const app = await buildApp(config, { database, serveWeb: false, blobs });
  await app.ready();
  return { app } as Pick<TestApp, 'app'> as TestApp;
};

const ctxOf = (database: Database) => ({ db: database.db, clock: new ManualClock(new Date('2026-03-01T09:00:00Z')), config }) as unknown as AppContext;

/** Every row of every table as PostgreSQL prints it, sorted: equal sets mean an exact copy. */
async function snapshot(database: Database, tables: string[]) {
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    const res = (await database.db.execute(sql.raw(`SELECT row_to_json(x)::text AS r FROM "${t}" x`))) as unknown as { rows: { r: string }[] };
    out[t] = res.rows.map((row) => row.r).sort();
  }
  return out;
}

let source: Database;
let user: Awaited<ReturnType<typeof signUp>>;
let filled: Awaited<ReturnType<typeof fillAccount>>;
beforeAll(async () => {
  // On disk, as `npm start` keeps it (DATA_DIR/pg).
  source = await openDatabase({ dataDir });
  await migrate(source);
  const t = await appOn(source);
  user = await signUp(t.app, 'mover');
  filled = await fillAccount(t, user.auth);
  await grant(ctxOf(source), { userId: user.user.id, amount: 500, reason: 'test', sourceType: 'test', sourceId: `before-${user.user.id}` });
  await t.app.close();
}, 120_000);
afterAll(async () => {
  await source?.close();
  for (const t of targets) {
    await t.database.close();
    await t.drop?.();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('db:to-postgres', () => {
  it('copies every row exactly, with progress, and the app carries on there', async () => {
    const { database: target } = await newTarget();
    const seen: CopyProgress[] = [];
    const result = await copyDatabase(source, target, (p) => seen.push(p));
    const tables = result.tables.map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'documents', 'characters', 'character_versions', 'credit_ledger']));
    // Parents before children.
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('documents'));
    expect(tables.indexOf('characters')).toBeLessThan(tables.indexOf('character_versions'));
    expect(seen.at(-1)).toMatchObject({ done: result.rows, total: result.rows });
    expect(await snapshot(target, tables)).toEqual(await snapshot(source, tables));

    const t = await appOn(target);
    try {
      // Signed in before the move, still signed in after it; the password works too.
      const me = await t.app.inject({ url: '/api/auth/me', headers: user.auth });
      expect(me.statusCode, me.body).toBe(200);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
      expect(login.statusCode, login.body).toBe(200);
      const docs = (await t.app.inject({ url: '/api/documents', headers: user.auth })).json() as { documents?: { id: string }[] } | { id: string }[];
      const ids = (Array.isArray(docs) ? docs : (docs.documents ?? [])).map((d) => d.id);
      expect(ids).toEqual(expect.arrayContaining([filled.doc.id, filled.report.id]));
      const character = await t.app.inject({ url: `/api/anime-helper/characters/${filled.character.id}`, headers: user.auth });
      expect(character.statusCode, character.body).toBe(200);
      // Counters continue after the copied ids: a newcomer's rows and ledger entries insert cleanly.
      const newcomer = await signUp(t.app, 'after');
      await grant(ctxOf(target), { userId: newcomer.user.id, amount: 500, reason: 'test', sourceType: 'test', sourceId: `after-${newcomer.user.id}` });
      const balance = await t.app.inject({ url: '/api/auth/me', headers: user.auth });
      expect(balance.statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  }, 120_000);

  it('refuses a database that already has accounts, and writes nothing', async () => {
    const target = targets[0]!.database;
    const before = await snapshot(target, ['users', 'documents']);
    await expect(copyDatabase(source, target)).rejects.toBeInstanceOf(TargetNotEmptyError);
    expect(await snapshot(target, ['users', 'documents'])).toEqual(before);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)('npm run db:to-postgres copies DATA_DIR/pg into DATABASE_URL, and explains what it needs', async () => {
    const { url } = await newTarget();
    // The command opens DATA_DIR/pg itself: PGlite has one writer.
    await source.close();
    const run = promisify(execFile);
    const cli = (env: Record<string, string>) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/src/db/to-postgres-cli.ts'], {
        cwd: join(import.meta.dirname, '../../..'),
        env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
      }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    try {
      const noUrl = await cli({ DATA_DIR: dataDir });
      expect(noUrl.code).toBe(2);
      expect(noUrl.stderr).toContain('needs DATABASE_URL');
      const empty = mkdtempSync(join(tmpdir(), 'yumi-to-pg-empty-'));
      const noSource = await cli({ DATA_DIR: empty, DATABASE_URL: url! });
      rmSync(empty, { recursive: true, force: true });
      expect(noSource.code).toBe(2);
      expect(noSource.stderr).toContain('No embedded database');

      const ok = await cli({ DATA_DIR: dataDir, DATABASE_URL: url! });
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/Copied \d+ rows in \d+ tables/);
      const again = await cli({ DATA_DIR: dataDir, DATABASE_URL: url! });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has 1 account');
    } finally {
      source = await openDatabase({ dataDir });
    }
  }, 180_000);
});
