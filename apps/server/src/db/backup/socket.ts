import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../connection';
import { migrate } from '../migrate';
import { dumpDatabase, pgliteOf, type DatabaseSnapshot } from './snapshot';

/**
 * Why a socket: PGlite keeps its files under DATA_DIR/pg and only the process that opened them may touch them
 * (a second process opening the same folder corrupts it, and a file copy of a folder being written is not a
 * consistent image). So while a server runs, the only correct snapshot is one the server itself takes; an
 * operator's `npm run backup` asks it to over this unix socket. The socket lives in a folder of mode 0700
 * (DATA_DIR/run, or a per-DATA_DIR folder in the temp dir when that path is too long for a socket), so only
 * the user running the server can reach it; nothing about backups is served over HTTP. The server writes only
 * into a `.backup-*` folder directly inside DATA_DIR that the command made.
 */

/** Unix socket paths are limited to about 104 bytes (macOS) and 108 (Linux). */
const MAX_SOCKET_PATH = 100;

/** Where the server of `dataDir` listens for backup requests. */
function backupSocketPath(dataDir: string): string {
  const root = resolve(dataDir);
  const inside = join(root, 'run', 'backup.sock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const id = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return join(tmpdir(), `yumi-${id}`, 'backup.sock');
}

interface SnapshotRequest {
  op: 'snapshot';
  /** An empty or missing folder `DATA_DIR/.backup-xxxx/db`. */
  dir: string;
}

type SnapshotReply = { ok: true; snapshot: DatabaseSnapshot } | { ok: false; error: string };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The folder the command may have the server write into: DATA_DIR/.backup-<random>/db, nothing else. */
function allowedDumpDir(dataDir: string, dir: unknown): string | null {
  if (typeof dir !== 'string') return null;
  const rel = relative(resolve(dataDir), resolve(dir)).split(sep);
  return rel.length === 2 && /^\.backup-[\w-]+$/.test(rel[0]!) && rel[1] === 'db' ? resolve(dir) : null;
}

async function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      done(true);
    });
    probe.once('error', () => done(false));
  });
}

/** Makes the socket's folder, private to this user; false when it exists and is not (then no socket). */
async function privateFolder(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory() || (process.getuid && info.uid !== process.getuid())) return false;
  await chmod(dir, 0o700);
  return true;
}

function serve(client: ReturnType<typeof pgliteOf>, dataDir: string, log: FastifyBaseLogger) {
  return (conn: Socket) => {
    let buffered = '';
    const reply = (r: SnapshotReply) => conn.end(`${JSON.stringify(r)}\n`);
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    conn.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) {
        if (buffered.length > 4096) conn.destroy();
        return;
      }
      conn.removeAllListeners('data');
      let request: Partial<SnapshotRequest>;
      try {
        request = JSON.parse(buffered.slice(0, end)) as Partial<SnapshotRequest>;
      } catch {
        return reply({ ok: false, error: 'The backup request is not JSON.' });
      }
      const dir = allowedDumpDir(dataDir, request.dir);
      if (request.op !== 'snapshot' || !dir) return reply({ ok: false, error: 'The server writes snapshots only into a .backup-* folder of its DATA_DIR.' });
      const started = performance.now();
      void readdir(dir)
        .then(
          (names) => {
            if (names.length > 0) throw new Error(`${dir} is not empty.`);
          },
          () => undefined,
        )
        .then(() => dumpDatabase(client, dir))
        .then(
          (snapshot) => {
            const rows = snapshot.tables.reduce((n, t) => n + t.rows, 0);
            log.info({ tables: snapshot.tables.length, rows, ms: Math.round(performance.now() - started) }, 'backup: database snapshot written');
            reply({ ok: true, snapshot });
          },
          (err: unknown) => {
            log.error({ err: message(err) }, 'backup: database snapshot failed');
            reply({ ok: false, error: message(err) });
          },
        );
    });
  };
}

/** Listens on the backup socket of `dataDir` for snapshot requests of the operator's `npm run backup`. */
async function listenForBackups(client: ReturnType<typeof pgliteOf>, dataDir: string, log: FastifyBaseLogger): Promise<Server | null> {
  const path = backupSocketPath(dataDir);
  if (!(await privateFolder(dirname(path)))) {
    log.warn({ dir: dirname(path) }, 'backup socket not opened: its folder belongs to another user; npm run backup needs the server stopped');
    return null;
  }
  if (await answers(path)) {
    log.error({ path }, 'another server answers on the backup socket of this DATA_DIR: two processes must never share an embedded database');
    return null;
  }
  await rm(path, { force: true }); // left by a process that died
  const server = createServer(serve(client, dataDir, log));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  await chmod(path, 0o600);
  return server;
}

/**
 * The embedded database of `npm start`, opened by main.ts (rather than inside buildApp) so the backup socket
 * serves snapshots from the process that owns it. Null with DATABASE_URL: PostgreSQL has pg_dump.
 */
export async function openEmbeddedDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>) {
  if (config.DATABASE_URL || config.DATA_DIR === 'memory://') return null;
  const database: Database = await openDatabase({ dataDir: config.DATA_DIR });
  await migrate(database);
  let server: Server | null = null;
  return {
    database,
    /** Opens the backup socket (after the HTTP listener is up). */
    async listenForBackups(log: FastifyBaseLogger) {
      try {
        server = await listenForBackups(pgliteOf(database), config.DATA_DIR, log);
      } catch (err) {
        log.warn({ err: message(err) }, 'backup socket not opened; npm run backup needs the server stopped');
      }
    },
    async close() {
      await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      await database.close();
    },
  };
}

/** True when a server of `dataDir` answers on its backup socket. */
export function serverRunning(dataDir: string): Promise<boolean> {
  return answers(backupSocketPath(dataDir));
}

/**
 * Asks the running server of `dataDir` for a snapshot into `dir`; null when no server answers (none runs, so
 * the caller may open the database itself).
 */
export async function snapshotFromServer(dataDir: string, dir: string): Promise<DatabaseSnapshot | null> {
  const path = backupSocketPath(dataDir);
  return new Promise((done, fail) => {
    const conn = createConnection(path);
    let connected = false;
    let text = '';
    conn.setEncoding('utf8');
    conn.once('connect', () => {
      connected = true;
      const request: SnapshotRequest = { op: 'snapshot', dir: resolve(dir) };
      conn.write(`${JSON.stringify(request)}\n`);
    });
    conn.on('data', (chunk: string) => (text += chunk));
    conn.once('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) done(null);
      else fail(new Error(`The backup socket ${path} failed: ${err.message}`));
    });
    conn.once('close', () => {
      if (!connected) return;
      let reply: SnapshotReply;
      try {
        reply = JSON.parse(text) as SnapshotReply;
      } catch {
        return fail(new Error(`The server on ${basename(dirname(path))}/${basename(path)} closed the backup socket without an answer (see its log).`));
      }
      if (reply.ok) done(reply.snapshot);
      else fail(new Error(`The server could not take the snapshot: ${reply.error}`));
    });
  });
}
