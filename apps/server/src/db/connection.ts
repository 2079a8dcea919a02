import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A Db or an open transaction: both run queries. */
export type Runner = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs a raw SQL script (migrations); a failure rolls back an open transaction. */
  exec(sqlText: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Connections of this process (PostgreSQL's pool; PGlite is one connection, in process). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Cross-process signals (PostgreSQL LISTEN/NOTIFY); PGlite is one process, so they stay local. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Connection trouble worth a log line (the process carries on and reconnects). */
  onError?: (err: Error) => void;
  databaseUrl?: string;
  /** Folder for PGlite files; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

/** PostgreSQL when a URL is configured, otherwise the embedded PGlite under DATA_DIR. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A client losing its connection emits 'error', idle in the pool or checked out between two queries of a
    // transaction; unhandled, that event kills the process. The query in flight fails (503) and the pool
    // replaces the client, so logging is all there is to do.
    const warn = (err: Error) => options.onError?.(err);
    pool.on('error', warn);
    pool.on('connect', (client) => client.on('error', warn));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const handlers = new Map<string, (payload: string) => void>();
    const listener = resilientListener(options.databaseUrl, handlers, warn);
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        // One connection for the whole script, so a failed transaction is rolled back where it began.
        const conn = await pool.connect();
        try {
          await conn.query(text);
        } catch (err) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          conn.release();
        }
      },
      ping: async () => {
        try {
          await pool.query('SELECT 1');
          return true;
        } catch {
          return false;
        }
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, onMessage) => {
        handlers.set(channel, onMessage);
        await listener.listen(channel);
      },
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (options.dataDir === 'memory://') {
    client = new PGlite();
  } else {
    const dir = resolve(options.dataDir, 'pg');
    mkdirSync(join(dir, '..'), { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  return pgliteDatabase(client);
}

/** A Database on an open PGlite (openDatabase's embedded case; the API tests open theirs from a migrated copy). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const localHandlers = new Map<string, (payload: string) => void>();
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      try {
        await client.exec(text);
      } catch (err) {
        // Same contract as PostgreSQL above: a failed script leaves no aborted transaction behind.
        await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    ping: async () => {
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    // One process: a signal goes to this process's own listeners, after the notifier's turn (as NOTIFY would).
    listen: async (channel, onMessage) => {
      localHandlers.set(channel, onMessage);
    },
    notify: async (channel, payload) => {
      const handler = localHandlers.get(channel);
      if (handler) setImmediate(() => handler(payload));
    },
    close: () => client.close(),
  };
}

const quoteChannel = (channel: string) => `"${channel.replace(/"/g, '')}"`;

/**
 * The LISTEN connection, kept alive: when PostgreSQL goes away it reconnects with a growing pause
 * (0.5 s doubling to 30 s) and listens to every channel again, so cross-process signals resume by themselves.
 */
function resilientListener(url: string, handlers: Map<string, (payload: string) => void>, warn: (err: Error) => void) {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pause = 500;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (msg) => handlers.get(msg.channel)?.(msg.payload ?? ''));
      next.on('error', (err) => {
        warn(err);
        lost(next);
      });
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
      } catch (err) {
        await next.end().catch(() => undefined);
        throw err;
      } finally {
        connecting = null;
      }
      client = next;
      pause = 500;
      return next;
    })();
    return connecting;
  };

  const lost = (which: pg.Client) => {
    if (client !== which && client !== null) return;
    client = null;
    if (closed || retryTimer) return;
    const retry = () => {
      retryTimer = undefined;
      if (closed) return;
      connect().catch((err: unknown) => {
        warn(err as Error);
        pause = Math.min(pause * 2, 30_000);
        retryTimer = setTimeout(retry, pause);
        retryTimer.unref();
      });
    };
    retryTimer = setTimeout(retry, pause);
    retryTimer.unref();
  };

  return {
    async listen(channel: string) {
      const c = await connect();
      await c.query(`LISTEN ${quoteChannel(channel)}`);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
