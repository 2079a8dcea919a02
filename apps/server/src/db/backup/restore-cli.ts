/**
 * Operator command: restore an archive of `npm run backup` into an embedded data dir.
 *   npm run restore -- <file.tar.gz> [--data-dir <dir>] [--force]
 * Every file's SHA-256 is checked against manifest.json before anything is written. The target must be empty
 * (or --force: its database and blobs are replaced, other files such as installers stay) and no server may run
 * on it. The database is rebuilt from the migrations the backup was at and the rows loaded in one transaction
 * in a staging folder inside the target, then moved into place; `npm start` applies any newer migrations.
 */
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrationsDir } from '../../lib/paths';
import { openDatabase } from '../connection';
import { migrate, migrationFiles } from '../migrate';
import { blobPath, checkDigests, extractArchive, parseManifest, RestoreRefused, scanArchive } from './archive';
import { loadDatabase, pgliteOf } from './snapshot';
import { serverRunning } from './socket';

const fail = (sentence: string, code = 1): never => {
  console.error(sentence);
  process.exit(code);
};

const usage = 'Usage: npm run restore -- <backup.tar.gz> [--data-dir <dir>] [--force]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } } });
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}. ${usage}`, 2);
}
const { values, positionals } = parsed!;
if (positionals.length !== 1) fail(`Name one backup archive to restore. ${usage}`, 2);
const config = loadConfig();
if (config.DATABASE_URL) fail('npm run restore restores the embedded database; with DATABASE_URL use pg_restore (docs/operations.md, "Backup and restore").', 2);

const here = process.env.INIT_CWD ?? process.cwd();
const file = resolve(here, positionals[0]!);
const target = values['data-dir'] ? resolve(here, values['data-dir']) : resolve(config.DATA_DIR);
if (!existsSync(file)) fail(`No backup archive at ${file}.`);

let code = 0;
let staging: string | null = null;
try {
  const started = performance.now();
  // 1. Check everything, writing nothing.
  const { manifestText, digests } = await scanArchive(file);
  const manifest = parseManifest(manifestText);
  const known = migrationFiles().map((f) => f.replace(/\.sql$/, ''));
  const unknown = manifest.database.migrations.filter((m) => !known.includes(m));
  if (unknown.length > 0 || !known.includes(manifest.database.migration)) {
    throw new RestoreRefused(`The backup's database is at migration ${manifest.database.migration}, newer than this version of Yumi Studio knows (its latest is ${known.at(-1)}); restore it with a newer version.`);
  }
  checkDigests(manifest, digests);
  const present = await readdir(target).catch(() => [] as string[]);
  if (present.length > 0 && !values.force) {
    throw new RestoreRefused(`The data dir ${target} is not empty; restore into an empty folder, or add --force to replace its database and blobs.`);
  }
  if (await serverRunning(target)) throw new RestoreRefused(`A server is running on ${target}; stop it before restoring.`);

  // 2. Build the data dir beside the old one, then swap.
  await mkdir(target, { recursive: true });
  staging = await mkdtemp(join(target, '.restore-'));
  await extractArchive(file, manifest, staging);
  for (const b of manifest.blobs) await writeFile(`${join(staging, ...blobPath(b.key).split('/'))}.type`, b.contentType);
  const migrations = join(staging, 'migrations');
  await mkdir(migrations);
  for (const m of manifest.database.migrations) await copyFile(join(migrationsDir, `${m}.sql`), join(migrations, `${m}.sql`));
  const database = await openDatabase({ dataDir: staging });
  try {
    await migrate(database, migrations);
    await loadDatabase(pgliteOf(database), join(staging, 'db'), manifest.database);
  } finally {
    await database.close();
  }
  await rm(join(target, 'pg'), { recursive: true, force: true });
  await rename(join(staging, 'pg'), join(target, 'pg'));
  await rm(join(target, 'blobs'), { recursive: true, force: true });
  await mkdir(join(staging, 'blobs'), { recursive: true });
  await rename(join(staging, 'blobs'), join(target, 'blobs'));
  if (manifest.encryptionKey === 'included') await rename(join(staging, 'encryption.key'), join(target, 'encryption.key'));

  const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Restored ${rows} rows in ${manifest.database.tables.length} tables (migration ${manifest.database.migration}) and ${manifest.blobs.length} blobs from ${file} into ${target} (${Math.round(performance.now() - started)} ms).`);
  if (manifest.encryptionKey === 'kept-apart' && !config.ENCRYPTION_KEY && !existsSync(join(target, 'encryption.key'))) {
    console.log(`The backup was made without its encryption.key: copy the old server's DATA_DIR/encryption.key to ${join(target, 'encryption.key')} (or set ENCRYPTION_KEY) before npm start, or two-step sign-in keys cannot be opened.`);
  }
} catch (err) {
  console.error(err instanceof RestoreRefused ? err.message : `Restore failed, ${target} was left as it was: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  if (staging) await rm(staging, { recursive: true, force: true });
}
process.exit(code);
