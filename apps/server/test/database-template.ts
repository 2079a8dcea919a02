// The API project's globalSetup (vitest.config.ts): migrates ONE database per run, which createTestApp
// copies for every app instead of running every migration again (most of an app's start-up before).
// PostgreSQL: a template database (CREATE DATABASE … TEMPLATE). PGlite: a tarball of the migrated data
// directory, loaded with PGlite's `loadDataDir` (what its clone() does). Tests of migrating itself
// (schema-drift, kill-*, db-to-postgres…) open empty databases and migrate for real.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';

type DatabaseTemplate = { kind: 'postgres'; adminUrl: string; name: string } | { kind: 'pglite'; tarball: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl` (empty, or a copy of `template`), and how to drop it. */
export async function createThrowawayDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { name, url: url.toString(), drop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createThrowawayDatabase(adminUrl, 'yumi_template');
    const database = await openDatabase({ databaseUrl: template.url, dataDir: 'unused' });
    try {
      await migrate(database);
    } finally {
      // Copying refuses while anyone is connected to the template.
      await database.close();
    }
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, name: template.name });
    return template.drop;
  }
  const dir = mkdtempSync(join(tmpdir(), 'yumi-test-template-'));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  const client = await PGlite.create();
  try {
    await migrate(pgliteDatabase(client));
    // Everything into the data files, so a copy starts without replaying the write-ahead log.
    await client.exec('CHECKPOINT');
    const tarball = join(dir, 'pgdata.tar');
    writeFileSync(tarball, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('databaseTemplate', { kind: 'pglite', tarball });
  } catch (err) {
    await removeDir();
    throw err;
  } finally {
    await client.close();
  }
  return removeDir;
}
