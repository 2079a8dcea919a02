/**
 * Operator command: one .tar.gz of the embedded installation (the PGlite database in DATA_DIR/pg and the files
 * of DATA_DIR/blobs), safe to run while the server runs and takes writes.
 *   npm run backup [-- --out <file>] [-- --with-key]
 * Consistency: the database snapshot is one REPEATABLE READ transaction. While a server runs it owns the
 * database, so the command asks that server for the snapshot over its backup socket (socket.ts); with no
 * server it opens DATA_DIR/pg itself. The blobs are linked into the staging folder right after the snapshot:
 * a blob is stored before any row references it and is deleted only an hour after the last reference is gone
 * (providers/blob/registry.ts), so every blob the snapshot references is still there; blobs stored later ride
 * along unreferenced, which is harmless. DATA_DIR/encryption.key (it opens the two-step keys sealed in the
 * database) is kept out of the archive unless --with-key: keep a copy of it apart from the backups.
 */
import { copyFile, link, mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { create } from 'tar';
import { loadConfig } from '../../config';
import { serverVersion } from '../../lib/paths';
import { openFileStore } from '../../providers/blob/open';
import { openDatabase } from '../connection';
import { blobPath, FORMAT, FORMAT_VERSION, hashFile, MANIFEST, type Manifest } from './archive';
import { dumpDatabase, pgliteOf, type DatabaseSnapshot } from './snapshot';
import { snapshotFromServer } from './socket';

const fail = (sentence: string, code = 1): never => {
  console.error(sentence);
  process.exit(code);
};

let args;
try {
  args = parseArgs({ options: { out: { type: 'string' }, 'with-key': { type: 'boolean', default: false } } }).values;
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}. Usage: npm run backup [-- --out <file.tar.gz>] [--with-key]`, 2);
}
const config = loadConfig();
if (config.DATABASE_URL) fail('npm run backup covers the embedded database; with DATABASE_URL use pg_dump (docs/operations.md, "Backup and restore").', 2);
if (config.S3_BUCKET) fail('npm run backup covers files in DATA_DIR/blobs; with S3_BUCKET sync the bucket instead (docs/operations.md, "Backup and restore").', 2);
const dataDir = resolve(config.DATA_DIR);
if (!existsSync(join(dataDir, 'pg', 'PG_VERSION'))) fail(`No embedded database at ${join(dataDir, 'pg')} (DATA_DIR=${config.DATA_DIR}).`, 2);

// npm runs scripts from the repository root; a relative --out means the operator's folder.
const here = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(here, args!.out ?? `yumi-backup-${stamp}.tar.gz`);
if (existsSync(out)) fail(`${out} already exists; choose another --out.`);
if (!existsSync(dirname(out))) fail(`The folder of ${out} does not exist.`);

const staging = await mkdtemp(join(dataDir, '.backup-'));
const partial = `${out}.partial`;
let code = 0;
try {
  const started = performance.now();
  const dbDir = join(staging, 'db');
  let snapshot: DatabaseSnapshot | null = await snapshotFromServer(dataDir, dbDir);
  const source = snapshot ? 'the running server' : 'DATA_DIR/pg (no server running)';
  if (!snapshot) {
    const database = await openDatabase({ dataDir });
    try {
      snapshot = await dumpDatabase(pgliteOf(database), dbDir);
    } finally {
      await database.close();
    }
  }
  const store = openFileStore(config);
  const blobs: Manifest['blobs'] = [];
  for await (const key of store.keys()) {
    const target = join(staging, ...blobPath(key).split('/'));
    await mkdir(dirname(target), { recursive: true });
    // A hard link pins the bytes (a later delete in DATA_DIR/blobs cannot take them away) without copying.
    const linked = await link(store.pathFor(key), target).then(
      () => true,
      async (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false; // deleted meanwhile: unreferenced for an hour already
        await copyFile(store.pathFor(key), target);
        return true;
      },
    );
    if (!linked) continue;
    const contentType = (await store.contentType(key)) ?? 'application/octet-stream';
    const { size, sha256 } = await hashFile(target);
    if (sha256 !== key) console.error(`Warning: blob ${key} in DATA_DIR/blobs does not match its name (damaged on disk); archived as it is.`);
    blobs.push({ key, size, sha256, contentType });
  }
  const have = new Set(blobs.map((b) => b.key));
  const missingBlobs = snapshot.referencedBlobs.filter((k) => !have.has(k));
  for (const k of missingBlobs) console.error(`Warning: blob ${k} is referenced by the database but was already missing from DATA_DIR/blobs.`);

  const files: Manifest['files'] = [];
  for (const t of snapshot.tables) files.push({ path: `db/${t.file}`, ...(await hashFile(join(dbDir, t.file))) });
  const keyFile = join(dataDir, 'encryption.key');
  const hasKey = existsSync(keyFile);
  if (hasKey && args!['with-key']) {
    await writeFile(join(staging, 'encryption.key'), await readFile(keyFile), { mode: 0o600 });
    files.push({ path: 'encryption.key', ...(await hashFile(join(staging, 'encryption.key'))) });
  }
  const migration = snapshot.migrations.at(-1);
  if (!migration) throw new Error('The database has no migration applied.');
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: serverVersion,
    database: {
      engine: 'pglite',
      postgres: snapshot.postgres,
      takenAt: snapshot.takenAt,
      migration,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      rowCounts: Object.fromEntries(snapshot.tables.map((t) => [t.name, t.rows])),
      sequences: snapshot.sequences,
      referencedBlobs: snapshot.referencedBlobs.length,
    },
    blobs,
    missingBlobs,
    files,
    encryptionKey: !hasKey ? 'none' : args!['with-key'] ? 'included' : 'kept-apart',
  };
  await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  // Private from the first byte: the archive holds password hashes and sessions.
  await (await open(partial, 'wx', 0o600)).close();
  const parts = [MANIFEST, 'db', ...(blobs.length > 0 ? ['blobs'] : []), ...(manifest.encryptionKey === 'included' ? ['encryption.key'] : [])];
  await create({ file: partial, gzip: true, portable: true, cwd: staging }, parts);
  await rename(partial, out);
  const rows = snapshot.tables.reduce((n, t) => n + t.rows, 0);
  const bytes = (await stat(out)).size;
  console.log(`Backed up ${rows} rows in ${snapshot.tables.length} tables (migration ${migration}, snapshot from ${source}) and ${blobs.length} blobs to ${out} (${bytes} bytes, ${Math.round(performance.now() - started)} ms).`);
  if (manifest.encryptionKey === 'kept-apart') console.log(`DATA_DIR/encryption.key is not in the archive (it opens the two-step keys in the database): keep a copy of it apart, or run with --with-key.`);
} catch (err) {
  console.error(`Backup failed, no archive was written: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  await rm(partial, { force: true });
  await rm(staging, { recursive: true, force: true });
}
process.exit(code);
