import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openDatabase, pgliteDatabase, type Database } from '../src/db/connection';
import { ManualClock } from '../src/lib/clock';
import { FileBlobStore, type BlobStore } from '../src/providers/blob';
import { openS3Store } from '../src/providers/blob/open';

import { createThrowawayDatabase } from './database-template';

export { createThrowawayDatabase };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** The app's blob folder (a FileBlobStore root; unused when S3_BUCKET selects a bucket). */
  blobDir: string;
  blobStore: BlobStore;
  /** The app's DATA_DIR (its mail outbox is DATA_DIR/mail). */
  dataDir: string;
  close(): Promise<void>;
}

let templateTarball: Blob | undefined;
/**
 * A fresh database with every migration applied: a copy of the run's migrated template (database-template.ts),
 * in-memory PGlite, or a throwaway database on the PostgreSQL server named by TEST_DATABASE_URL
 * (scripts/test-api.mjs starts one when postgres is installed).
 */
export async function openMigratedCopy(): Promise<{ database: Database; drop?: () => Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'postgres') {
    const copy = await createThrowawayDatabase(template.adminUrl, 'yumi_test', template.name);
    return { database: await openDatabase({ databaseUrl: copy.url, dataDir: 'unused' }), drop: copy.drop };
  }
  templateTarball ??= new Blob([readFileSync(template.tarball)], { type: 'application/x-tar' });
  return { database: pgliteDatabase(await PGlite.create({ loadDataDir: templateTarball })) };
}

/** A fresh app on a fresh migrated database (openMigratedCopy). */
export async function createTestApp(overrides: Parameters<typeof testConfig>[0] = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yumi-test-data-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000',
    ...overrides,
  });
  const { database, drop: dropDb } = await openMigratedCopy();
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
    dataDir: config.DATA_DIR,
    close: async () => {
      await app.close();
      blobStore.close?.();
      await database.close();
      await dropDb?.();
      rmSync(blobDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
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

/** The mails in the app's outbox (DATA_DIR/mail/*.eml) to `to`, oldest first, as mail clients parse them. */
export async function outboxMails(t: Pick<TestApp, 'dataDir'>, to: string): Promise<ParsedMail[]> {
  const dir = join(t.dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address?.toLowerCase() === to.toLowerCase()));
}

/** Waits until `count` mails to `to` are in the outbox (sending is in the background) and answers the last one. */
export async function waitForMail(t: Pick<TestApp, 'dataDir'>, to: string, count = 1): Promise<ParsedMail> {
  return vi.waitFor(
    async () => {
      const mails = await outboxMails(t, to);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${to} so far`);
      return mails.at(-1)!;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** The token of the link in a mail's text (`/verify-email?token=…`, `/reset-password?token=…`). */
export function linkToken(mail: ParsedMail, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
}

/**
 * Waits for the `nth` mail to `to` with a `path` link and answers its token. Only such mails count: mails are
 * written in the background, so a sign-up's verification mail may land after a reset asked for just after it.
 */
export async function waitForLink(t: Pick<TestApp, 'dataDir'>, to: string, path: string, nth = 1): Promise<string> {
  return vi.waitFor(
    async () => {
      const tokens = (await outboxMails(t, to)).filter((m) => (m.text ?? '').includes(`${path}?token=`)).map((m) => linkToken(m, path));
      if (tokens.length < nth) throw new Error(`${tokens.length} of ${nth} ${path} links to ${to} so far`);
      return tokens[nth - 1]!;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Signs up with `email` and opens the verification link from the outbox (an ADMIN_EMAILS address becomes admin). */
export async function signUpVerified(t: Pick<TestApp, 'app' | 'dataDir'>, email: string, password = 'secret123') {
  counter += 1;
  const username = `${email.split('@')[0]!.replace(/[^\w.-]/g, '')}${counter}${randomBytes(2).toString('hex')}`;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, username, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: string; email: string } };
  const token = linkToken(await waitForMail(t, email), '/verify-email');
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  return { email, username, password, token: json.token, user: json.user, auth: { authorization: `Bearer ${json.token}` } };
}

/**
 * Runs `work` while fetching `probeUrl` again and again (`everyMs` apart); answers its result, the slowest
 * probe's milliseconds and how many probes ran. For checking that CPU work leaves the event loop free.
 */
export async function whileProbing<T>(probeUrl: string, work: () => Promise<T>, everyMs = 20): Promise<{ result: T; slowest: number; probes: number }> {
  let slowest = 0;
  let probes = 0;
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(probeUrl);
      if (!res.ok) throw new Error(`probe answered ${res.status}`);
      slowest = Math.max(slowest, performance.now() - started);
      probes += 1;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  try {
    return { result: await work(), slowest, probes };
  } finally {
    done = true;
    await probing;
  }
}
