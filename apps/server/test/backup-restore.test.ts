import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { create, entries } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/db/backup/archive';
import { openDatabase } from '../src/db/connection';
import { solidPng } from './image-fakes';
import { startServerProcess, type ServerProcess } from './server-process';

// `npm run backup` / `npm run restore` of the embedded setup (PGlite in DATA_DIR/pg, files in DATA_DIR/blobs):
// a backup taken from a running server that keeps taking writes restores into a data dir on which a new server
// serves the same accounts, documents, ledger and files. Embedded only: skipped on the suite's PostgreSQL run.

const repo = join(import.meta.dirname, '../../..');
const run = promisify(execFile);
const limits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000', API_RATE_LIMIT_PER_MINUTE: '100000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '10000', ART_UPLOADS_PER_HOUR: '10000' };

/** Runs an operator command as `npm run` does (tsx, from the repository root); never throws. */
function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _db, TEST_DATABASE_URL: _test, DATA_DIR: _dir, ...inherited } = process.env;
  return run(process.execPath, ['--import', 'tsx', `apps/server/src/db/backup/${script}-cli.ts`, ...args], {
    cwd: repo,
    env: { ...inherited, LOG_LEVEL: 'silent', INIT_CWD: repo, ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `yumi-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type User = { email: string; token: string; id: string; auth: Record<string, string> };

function api(base: string) {
  const call = async (method: string, path: string, auth?: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) as Record<string, unknown> & { id: string } };
  };
  const ok = async (method: string, path: string, auth?: Record<string, string>, body?: unknown) => {
    const res = await call(method, path, auth, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.bytes.toString('utf8')}`);
    return res;
  };
  let n = 0;
  return {
    call,
    ok,
    async signUp(prefix: string): Promise<User> {
      n += 1;
      const tag = `${prefix}${n}${randomUUID().slice(0, 6)}`;
      const res = (await ok('POST', '/api/auth/signup', undefined, { email: `${tag}@example.com`, username: tag, password: 'secret123' })).json() as unknown as { token: string; user: { id: string } };
      return { email: `${tag}@example.com`, token: res.token, id: res.user.id, auth: { authorization: `Bearer ${res.token}` } };
    },
    /** A picture drawn on the device: one blob, distinct per colour. */
    async picture(u: User, color: string) {
      const png = await solidPng(256, 320, color);
      const body = {
        clientId: randomUUID(),
        image: `data:image/png;base64,${png.toString('base64')}`,
        prompt: `backup ${color}`,
        seed: 7,
        settings: { provider: 'procedural', width: 256, height: 320, steps: 28, guidance: 7, source: 'image' },
        drawnAt: '2026-02-20T10:00:00.000Z',
      };
      return (await ok('POST', '/api/images/from-device', u.auth, body)).json();
    },
  };
}

const color = (i: number) => `#${(0x102030 + i * 0x010305).toString(16).slice(-6)}`;

/** Every row of `tables` in the (stopped) server's database, as PostgreSQL prints it, sorted. */
async function tableRows(dataDir: string, tables: string[]): Promise<Map<string, string[]>> {
  const database = await openDatabase({ dataDir });
  try {
    const client = (database.db as unknown as { $client: { query<T>(q: string): Promise<{ rows: T[] }> } }).$client;
    const out = new Map<string, string[]>();
    for (const table of tables) out.set(table, (await client.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM ${table} t`)).rows.map((x) => x.r).sort());
    return out;
  } finally {
    await database.close();
  }
}

async function readManifest(file: string) {
  for await (const entry of entries(readFileSync(file))) if (entry.path === 'manifest.json') return JSON.parse(await entry.text()) as Manifest;
  throw new Error('no manifest');
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run backup / restore (embedded database and blob folder)', () => {
  it('backs up a running server under writes; a server on the restored dir serves the same data; damaged, newer or misplaced restores are refused', { timeout: 180_000 }, async () => {
    const t0 = performance.now();
    const lap = (what: string) => console.log(`[backup-restore] ${what}: ${Math.round(performance.now() - t0)} ms`);
    const sourceDir = tempDir('backup-src');
    const archive = join(tempDir('backup-out'), 'backup.tar.gz');
    let server: ServerProcess | null = await startServerProcess({ DATA_DIR: sourceDir, ...limits });
    lap('source server up');
    const a = api(server.base);

    // Before the backup: accounts with documents, a paid TEST MODE purchase (ledger rows), pictures and a character.
    const users: User[] = [];
    const documents = new Map<string, { user: User; body: unknown }>();
    const pictures = new Map<string, { user: User; bytes: Buffer }>();
    const characters = new Map<string, { user: User; body: unknown }>();
    const balances = new Map<string, unknown>();
    for (let i = 0; i < 3; i += 1) {
      const u = await a.signUp('keep');
      users.push(u);
      const doc = (await a.ok('POST', '/api/documents', u.auth, { title: `Story ${i}`, content: `Once upon a time ${i}.` })).json();
      documents.set(doc.id, { user: u, body: (await a.ok('GET', `/api/documents/${doc.id}`, u.auth)).json() });
      const { purchaseId } = (await a.ok('POST', '/api/billing/checkout/alipay', u.auth, { packageId: 'artist' })).json() as unknown as { purchaseId: string };
      await a.ok('POST', `/api/billing/test-checkout/${purchaseId}`, u.auth, { action: 'pay' });
      balances.set(u.id, (await a.ok('GET', '/api/billing/info', u.auth)).json().balance);
      const image = await a.picture(u, color(i));
      pictures.set(image.id, { user: u, bytes: (await a.ok('GET', image.url as string, u.auth)).bytes });
      const layer = `data:image/png;base64,${(await solidPng(40, 30, color(100 + i))).toString('base64')}`;
      const character = (
        await a.ok('POST', '/api/anime-helper/characters', u.auth, {
          name: `Sakura ${i}`,
          tags: ['pink'],
          versions: [{ name: 'First', canvasData: { width: 40, height: 30, activeLayerIndex: 0, layers: [{ name: 'Line art', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: layer }] } }],
        })
      ).json();
      characters.set(character.id, { user: u, body: (await a.ok('GET', `/api/anime-helper/characters/${character.id}`, u.auth)).json() });
    }
    expect([...balances.values()].every((b) => typeof b === 'number' && b > 0)).toBe(true);
    lap('fixtures written');

    // Writes keep coming while the backup runs: new accounts, each with a document and a picture.
    let writing = true;
    let written = 0;
    const busy: User[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const u = await a.signUp('busy');
        busy.push(u);
        await a.ok('POST', '/api/documents', u.auth, { title: `Busy ${i}`, content: 'x' });
        await a.picture(u, color(1000 + i));
        written += 1;
      }
    })();
    const backupStarted = new Date();
    const writtenBefore = written;
    const backup = await cli('backup', ['--out', archive], { DATA_DIR: sourceDir });
    const writtenDuring = written - writtenBefore;
    writing = false;
    await writer;
    lap(`backup done (${writtenDuring} writes during it)`);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('snapshot from the running server');
    expect(writtenDuring).toBeGreaterThan(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = null;

    const manifest = await readManifest(archive);
    expect(manifest).toMatchObject({ format: 'yumi-studio-backup', formatVersion: 1, appVersion: expect.any(String), encryptionKey: 'kept-apart', missingBlobs: [] });
    expect(manifest.database.migration).toMatch(/^\d{4}_/);
    expect(manifest.database.rowCounts.users).toBeGreaterThanOrEqual(3);
    for (const b of manifest.blobs) expect(b.sha256).toBe(b.key);

    // Restore into a fresh folder (made by the command), then serve it.
    const restoredDir = join(tempDir('backup-dst'), 'data');
    const restore = await cli('restore', [archive, '--data-dir', restoredDir], {});
    lap('restored');
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored \d+ rows in \d+ tables/);
    expect(restore.stdout).toContain('encryption.key'); // the note to copy the key kept apart
    writeFileSync(join(restoredDir, 'encryption.key'), readFileSync(join(sourceDir, 'encryption.key')), { mode: 0o600 });

    // Meanwhile, with no server on the source: the command opens the database itself.
    const offlineArchive = join(tempDir('backup-out2'), 'offline.tar.gz');
    const offline = cli('backup', ['--out', offlineArchive], { DATA_DIR: sourceDir });

    server = await startServerProcess({ DATA_DIR: restoredDir, ...limits });
    lap('restored server up');
    const b = api(server.base);
    try {
      // A running server's data dir is not restored over, even with --force.
      const live = await cli('restore', [archive, '--data-dir', restoredDir, '--force'], {});
      expect(live.code).toBe(1);
      expect(live.stderr.trim()).toBe(`A server is running on ${restoredDir}; stop it before restoring.`);
      for (const u of users) {
        // Sessions came along: the old token still signs in; so does the password.
        expect((await b.ok('GET', '/api/auth/me', u.auth)).json()).toMatchObject({ id: u.id });
        expect((await b.call('POST', '/api/auth/login', undefined, { email: u.email, password: 'secret123' })).status).toBe(200);
        expect((await b.ok('GET', '/api/billing/info', u.auth)).json().balance).toBe(balances.get(u.id));
      }
      for (const [id, { user, body }] of documents) expect((await b.ok('GET', `/api/documents/${id}`, user.auth)).json()).toEqual(body);
      for (const [id, { user, body }] of characters) expect((await b.ok('GET', `/api/anime-helper/characters/${id}`, user.auth)).json()).toEqual(body);
      for (const [id, { user, bytes }] of pictures) {
        const items = (await b.ok('GET', '/api/images', user.auth)).json().items as Array<{ id: string; url: string }>;
        const image = items.find((i) => i.id === id)!;
        expect((await b.ok('GET', image.url, user.auth)).bytes.equals(bytes)).toBe(true);
      }
      // Whatever the snapshot caught of the busy writer is whole: every picture it lists has its file.
      for (const u of busy) {
        if ((await b.call('GET', '/api/auth/me', u.auth)).status !== 200) continue;
        for (const item of (await b.ok('GET', '/api/images', u.auth)).json().items as Array<{ url: string }>) {
          expect((await b.call('GET', item.url, u.auth)).status).toBe(200);
        }
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      server = null;
    }
    lap('restored server checked');

    // Row for row: the restored ledger, accounts, documents and pictures are the source's as of one moment: all
    // rows from before the backup, nothing the source does not have, and every referenced file present.
    const made = await offline;
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('no server running');
    const restoredBlobs = new Set(readdirSync(join(restoredDir, 'blobs'), { recursive: true }).map((p) => String(p).split('/').at(-1)));
    const compared = ['credit_ledger', 'users', 'documents', 'image_results', 'purchases'];
    const [sourceRows, restoredRows] = [await tableRows(sourceDir, compared), await tableRows(restoredDir, compared)];
    for (const table of compared) {
      const [source, restored] = [sourceRows.get(table)!, restoredRows.get(table)!];
      expect(restored.length, table).toBe(manifest.database.rowCounts[table]);
      // Signing in on the restored server touches its users' rows; the other tables only grew.
      const sourceSet = new Set(source);
      if (table !== 'users') for (const r of restored) expect(sourceSet.has(r), `${table} row ${r}`).toBe(true);
      const restoredIds = new Set(restored.map((r) => (JSON.parse(r) as { id: string }).id));
      for (const r of source) {
        const row = JSON.parse(r) as { id: string; created_at: string };
        // (A picture's created_at is when it was drawn on the device, not when it arrived.)
        if (table !== 'image_results' && new Date(row.created_at) < backupStarted) expect(restoredIds.has(row.id), `${table} ${row.id} from before the backup`).toBe(true);
      }
      if (table === 'image_results') for (const r of restored) expect(restoredBlobs.has((JSON.parse(r) as { blob_key: string }).blob_key)).toBe(true);
    }
    lap('rows compared');

    // A non-empty data dir is refused without --force, and left alone.
    const occupied = tempDir('backup-occupied');
    writeFileSync(join(occupied, 'notes.txt'), 'mine');
    const refused = await cli('restore', [offlineArchive, '--data-dir', occupied], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`The data dir ${occupied} is not empty; restore into an empty folder, or add --force to replace its database and blobs.`);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    // One byte of one blob changed, the archive otherwise intact: refused by its sha256, nothing written.
    const unpacked = tempDir('backup-unpacked');
    for await (const entry of entries(readFileSync(offlineArchive))) {
      if (entry.type !== 'File') continue;
      mkdirSync(join(unpacked, entry.path, '..'), { recursive: true });
      writeFileSync(join(unpacked, entry.path), await entry.bytes());
    }
    const unpackedManifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as { blobs: Array<{ key: string }> };
    const blob = join(unpacked, 'blobs', unpackedManifest.blobs[0]!.key.slice(0, 2), unpackedManifest.blobs[0]!.key);
    const bytes = readFileSync(blob);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(blob, bytes);
    const tampered = join(tempDir('backup-tampered'), 'tampered.tar.gz');
    await create({ file: tampered, gzip: true, portable: true, cwd: unpacked }, readdirSync(unpacked));
    const fresh = join(tempDir('backup-fresh'), 'data');
    const damaged = await cli('restore', [tampered, '--data-dir', fresh], {});
    expect(damaged.code).toBe(1);
    expect(damaged.stderr.trim()).toBe(`The archive is damaged: blobs/${unpackedManifest.blobs[0]!.key.slice(0, 2)}/${unpackedManifest.blobs[0]!.key} does not match its sha256 in manifest.json; nothing was written.`);
    expect(existsSync(fresh)).toBe(false);

    // A format, or a migration, from a later version is refused the same way.
    const original = readFileSync(join(unpacked, 'manifest.json'), 'utf8');
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(blob, bytes); // intact again: only the manifest differs now
    const refusedWith = async (change: (m: Manifest) => void, sentence: string) => {
      const m = JSON.parse(original) as Manifest;
      change(m);
      writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(m));
      const file = join(tempDir('backup-newer'), 'newer.tar.gz');
      await create({ file, gzip: true, portable: true, cwd: unpacked }, readdirSync(unpacked));
      const res = await cli('restore', [file, '--data-dir', fresh], {});
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(sentence);
      expect(existsSync(fresh)).toBe(false);
    };
    await refusedWith((m) => (m.formatVersion = 2), 'has format version 2, newer than this version of Yumi Studio reads');
    await refusedWith((m) => {
      m.database.migrations.push('9999_from_the_future');
      m.database.migration = '9999_from_the_future';
    }, 'is at migration 9999_from_the_future, newer than this version of Yumi Studio knows');
    lap('refusals checked');
  });
});
