import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { ManualClock } from '../src/lib/clock';
import { FileBlobStore, type BlobStore } from '../src/providers/blob';
import { openS3Store } from '../src/providers/blob/open';

/** A fresh database on the PostgreSQL server of `adminUrl`, and how to drop it. */
export async function createThrowawayDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** The app's blob folder (a FileBlobStore root; unused when S3_BUCKET selects a bucket). */
  blobDir: string;
  blobStore: BlobStore;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or a throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL (scripts/test-api.mjs starts one when postgres is installed).
 */
export async function createTestApp(overrides: Parameters<typeof testConfig>[0] = {}): Promise<TestApp> {
  const config = testConfig({
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000',
    ...overrides,
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const throwaway = await createThrowawayDatabase(adminUrl, 'yumi_test');
    database = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused' });
    dropDb = throwaway.drop;
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  await migrate(database);
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  // Each app gets its own blob folder, removed on close.
  const blobDir = mkdtempSync(join(tmpdir(), 'yumi-test-blobs-'));
  const blobStore: BlobStore = openS3Store(config) ?? new FileBlobStore(blobDir);
  const app = await buildApp(config, { database, clock, serveWeb: false, blobs: blobStore });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    blobDir,
    blobStore,
    close: async () => {
      await app.close();
      blobStore.close?.();
      await database.close();
      await dropDb?.();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** Signs up a new user and answers its token. */
export async function signUp(app: FastifyInstance, prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${counter}${randomBytes(3).toString('hex')}`;
  const body = { email: `${tag}@example.com`, username: tag, password: 'secret123' };
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: string; email: string } };
  return { ...body, token: json.token, user: json.user, auth: { authorization: `Bearer ${json.token}` } };
}

/** Asserts the API's JSON error shape and answers the body. */
export function errorBody(res: LightMyRequestResponse): { error: string; code: string; details?: unknown } {
  const body = res.json() as { error?: unknown; code?: unknown };
  if (typeof body.error !== 'string' || typeof body.code !== 'string') {
    throw new Error(`not an error body: ${res.body}`);
  }
  if (/at .*\.(ts|js):\d+/.test(res.body)) throw new Error('stack trace leaked');
  return body as { error: string; code: string };
}

export const BOUNDARY = '----yumitestboundary';
/** A multipart/form-data body for inject(). */
export function multipart(parts: Array<{ name: string; value?: string; file?: Buffer; filename?: string; type?: string }>) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.file) head += `; filename="${p.filename ?? 'art.png'}"\r\nContent-Type: ${p.type ?? 'image/png'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), p.file ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}
