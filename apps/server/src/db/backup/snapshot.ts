import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database } from '../connection';

/**
 * A logical snapshot of the embedded database: every row of every table of the public schema in PostgreSQL's
 * COPY text format (one file per table), the sequences' positions, the migrations applied and the blob keys
 * the rows reference. It is taken in ONE transaction (REPEATABLE READ, READ ONLY), so it is one consistent
 * point in time. On PGlite that transaction is also exclusive: PGlite has a single backend and queues every
 * other query of the process until the transaction ends, so the server's writes wait (they are not refused)
 * for as long as the dump takes. Rows are restored into a database migrated to the same migration, so the
 * schema itself comes from the migration files, not from the archive.
 */

interface TableDump {
  name: string;
  /** Columns in the file's order (generated columns are left out: the database computes them). */
  columns: string[];
  rows: number;
  /** File name inside the dump folder. */
  file: string;
}

interface SequenceState {
  /** Schema-qualified and quoted, as regclass reads it. */
  name: string;
  /** The last value handed out, or null when the sequence was never used (then `start` is next). */
  value: string | null;
  start: string;
}

export interface DatabaseSnapshot {
  takenAt: string;
  /** `SELECT version()` of the dumping database. */
  postgres: string;
  migrations: string[];
  tables: TableDump[];
  sequences: SequenceState[];
  /** Every blob key the snapshot's rows reference (the blob_refs view). */
  referencedBlobs: string[];
}

/** Heap pages per COPY: bounds the memory a dump needs (about 8 MiB of rows plus their TOASTed values). */
const BLOCKS_PER_COPY = 1024;
/** Bytes of COPY text handed to PGlite at once when restoring (cut at a row's end). */
const BYTES_PER_LOAD = 8 * 1024 * 1024;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const fileFor = (table: string) => `${encodeURIComponent(table)}.copy`;

/** The PGlite under a Database opened by openDatabase (the embedded case). */
export function pgliteOf(database: Database): PGlite {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind !== 'pglite' || !(client instanceof PGlite)) throw new Error('Backups cover the embedded database only (PGlite).');
  return client;
}

type Query = Pick<Transaction, 'query'>;

async function tableNames(tx: Query): Promise<string[]> {
  const res = await tx.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name`,
  );
  return res.rows.map((r) => r.name);
}

async function writableColumns(tx: Query, table: string): Promise<string[]> {
  const res = await tx.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return res.rows.map((r) => r.name);
}

async function countRows(tx: Query, table: string): Promise<number> {
  const res = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${quoteIdent(table)}`);
  return res.rows[0]!.n;
}

/** Writes the snapshot's table files into `dir` (created) and answers what it holds. */
export async function dumpDatabase(client: PGlite, dir: string): Promise<DatabaseSnapshot> {
  await mkdir(dir, { recursive: true });
  return client.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const takenAt = new Date().toISOString();
    const postgres = (await tx.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v;
    const migrations = (await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
    const tables: TableDump[] = [];
    for (const name of await tableNames(tx)) {
      const columns = await writableColumns(tx, name);
      const table = `public.${quoteIdent(name)}`;
      const blocks = (
        await tx.query<{ n: number }>(`SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::bigint)::int AS n`, [table])
      ).rows[0]!.n;
      const file = fileFor(name);
      const out = await open(join(dir, file), 'wx');
      let rows = 0;
      try {
        // Block ranges of the heap (a TID range scan): in one snapshot nobody moves rows, so the ranges cover
        // every row exactly once, without sorting the table or holding it in memory at once.
        for (let start = 0; start < blocks; start += BLOCKS_PER_COPY) {
          const res = await tx.query(
            `COPY (SELECT ${columns.map(quoteIdent).join(', ')} FROM ${table}
              WHERE ctid >= '(${start},0)'::tid AND ctid < '(${start + BLOCKS_PER_COPY},0)'::tid) TO '/dev/blob'`,
          );
          if (res.blob) await out.write(new Uint8Array(await res.blob.arrayBuffer()));
          rows += res.affectedRows ?? 0;
        }
        await out.sync();
      } finally {
        await out.close();
      }
      const counted = await countRows(tx, name);
      if (counted !== rows) throw new Error(`Table ${name}: the dump holds ${rows} rows but the table has ${counted}.`);
      tables.push({ name, columns, rows, file });
    }
    const sequences = (
      await tx.query<SequenceState>(
        `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value, start_value::text AS start
           FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
      )
    ).rows;
    const referencedBlobs = (await tx.query<{ key: string }>('SELECT DISTINCT blob_key AS key FROM blob_refs ORDER BY 1')).rows.map((r) => r.key);
    return { takenAt, postgres, migrations, tables, sequences, referencedBlobs };
  });
}

/** The file of one table in COPY text format, in pieces that end at a row's end. */
async function* rowChunks(path: string): AsyncGenerator<Uint8Array> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    pending.push(chunk);
    size += chunk.length;
    if (size < BYTES_PER_LOAD) continue;
    const all = Buffer.concat(pending);
    // Newlines inside values are escaped (\n) in the text format, so a raw newline always ends a row.
    const cut = all.lastIndexOf(0x0a) + 1;
    if (cut === 0) {
      pending = [all];
      continue;
    }
    yield all.subarray(0, cut);
    pending = [all.subarray(cut)];
    size = all.length - cut;
  }
  if (size > 0) yield Buffer.concat(pending);
}

/**
 * Loads a snapshot's rows into `client`, a database migrated to exactly the snapshot's migrations (rows the
 * migrations seeded are replaced). One transaction; triggers and foreign-key checks are off while loading
 * (session_replication_role = replica, as pg_restore --disable-triggers does), since the rows come from a
 * consistent snapshot and arrive table by table. Every table's count is checked before it commits.
 */
export async function loadDatabase(client: PGlite, dir: string, snapshot: Pick<DatabaseSnapshot, 'tables' | 'sequences'>): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    const present = await tableNames(tx);
    const listed = snapshot.tables.map((t) => t.name);
    const missing = listed.filter((t) => !present.includes(t));
    const extra = present.filter((t) => !listed.includes(t));
    if (missing.length > 0 || extra.length > 0) {
      throw new Error(`The migrated database and the backup disagree on the tables (missing here: ${missing.join(', ') || 'none'}; not in the backup: ${extra.join(', ') || 'none'}).`);
    }
    if (present.length > 0) await tx.exec(`TRUNCATE ${present.map((t) => `public.${quoteIdent(t)}`).join(', ')}`);
    for (const table of snapshot.tables) {
      const target = `public.${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')})`;
      for await (const chunk of rowChunks(join(dir, table.file))) {
        await tx.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
      const counted = await countRows(tx, table.name);
      if (counted !== table.rows) throw new Error(`Table ${table.name}: the backup lists ${table.rows} rows but ${counted} were loaded.`);
    }
    for (const seq of snapshot.sequences) {
      await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [seq.name, seq.value ?? seq.start, seq.value !== null]);
    }
  });
}
