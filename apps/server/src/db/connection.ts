import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs a raw SQL script (migrations); a failure rolls back an open transaction. */
  exec(sqlText: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Cross-process signals (PostgreSQL LISTEN/NOTIFY); PGlite is one process, so they stay local. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite files; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

/** PostgreSQL when a URL is configured, otherwise the embedded PGlite under DATA_DIR. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection emits 'error'; unhandled, that would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let listener: pg.Client | undefined;
    const handlers = new Map<string, (payload: string) => void>();
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
      listen: async (channel, onMessage) => {
        if (!listener) {
          listener = new pg.Client({ connectionString: options.databaseUrl });
          await listener.connect();
          listener.on('notification', (msg) => handlers.get(msg.channel)?.(msg.payload ?? ''));
          listener.on('error', () => undefined);
        }
        handlers.set(channel, onMessage);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      },
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        await listener?.end().catch(() => undefined);
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
    listen: async () => undefined,
    notify: async () => undefined,
    close: () => client.close(),
  };
}
