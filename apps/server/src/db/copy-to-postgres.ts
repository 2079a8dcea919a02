import { sql } from 'drizzle-orm';
import type { Database, Db } from './connection';
import { migrate } from './migrate';
import { queryRows } from './rows';

/**
 * Moves an embedded (PGlite) database into PostgreSQL when a school or studio outgrows one machine.
 * Both sides are PostgreSQL, so rows travel as JSON (row_to_json on the source, json_populate_recordset
 * on the target) and each column's own input function restores its type: no per-type code here.
 * The whole copy is one transaction on the target: it lands completely or not at all, and can be re-run.
 */

/** Rows per round trip: a batch is one JSON parameter, so this bounds memory, not correctness. */
const BATCH_ROWS = 500;

export interface CopyProgress {
  table: string;
  /** Rows copied so far, over all tables. */
  done: number;
  total: number;
}

export interface CopyResult {
  tables: Array<{ name: string; rows: number }>;
  rows: number;
}

/** The target already holds accounts: copying would mix two installations. */
export class TargetNotEmptyError extends Error {
  constructor(readonly users: number) {
    super(`The PostgreSQL database already has ${users} account(s). Copy into an empty database (a new one, or drop and re-create it).`);
  }
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The app's tables (views and the migration bookkeeping excluded), parents before children. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (await queryRows<{ name: string }>(db, sql`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name`)).map((r) => r.name);
  const edges = await queryRows<{ child: string; parent: string }>(db, sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const order: string[] = [];
  const placed = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (placed.has(t)) return;
    if (path.has(t)) throw new Error(`Foreign keys form a cycle through ${t}; this copy cannot order it.`);
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    path.delete(t);
    placed.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

const unquote = (regclass: string) => regclass.replace(/^"(.*)"$/, '$1').replace(/""/g, '"');

/** Columns that take values (generated ones are computed by the target). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  return (await queryRows<{ name: string }>(db, sql`SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`)).map((r) => r.name);
}

async function rowCount(db: Db, table: string): Promise<number> {
  return Number((await queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ${ident(table)}`))[0]!.n);
}

/**
 * Copies every row of `source` into `target`, after bringing both to the latest migration. The target must
 * have no accounts; rows the migrations seeded there are replaced by the source's.
 */
export async function copyDatabase(source: Database, target: Database, onProgress?: (p: CopyProgress) => void): Promise<CopyResult> {
  await migrate(source);
  await migrate(target);
  const users = await rowCount(target.db, 'users');
  if (users > 0) throw new TargetNotEmptyError(users);

  const tables = await tablesInOrder(source.db);
  const counts = new Map<string, number>();
  for (const t of tables) counts.set(t, await rowCount(source.db, t));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  let done = 0;

  await target.db.transaction(async (tx) => {
    // Children first, so seeded rows go without tripping foreign keys.
    for (const t of [...tables].reverse()) await tx.execute(sql`DELETE FROM ${ident(t)}`);
    for (const table of tables) {
      const columns = sql.join((await writableColumns(source.db, table)).map(ident), sql`, `);
      const rows = counts.get(table)!;
      onProgress?.({ table, done, total });
      // ctid is the rows' physical order: stable on a source nobody writes to during the copy.
      for (let offset = 0; offset < rows; offset += BATCH_ROWS) {
        const batch = await queryRows<{ row: string }>(source.db, sql`SELECT row_to_json(t)::text AS row FROM ${ident(table)} t ORDER BY ctid LIMIT ${BATCH_ROWS} OFFSET ${offset}`);
        const json = `[${batch.map((r) => r.row).join(',')}]`;
        await tx.execute(sql`INSERT INTO ${ident(table)} (${columns}) OVERRIDING SYSTEM VALUE
          SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table)}, ${json}::json)`);
        done += batch.length;
        onProgress?.({ table, done, total });
      }
      await resetSequences(tx as unknown as Db, table);
    }
  });

  const result: CopyResult = { tables: [], rows: 0 };
  for (const t of tables) {
    const copied = await rowCount(target.db, t);
    if (copied !== counts.get(t)) throw new Error(`Table ${t}: ${counts.get(t)} rows in the embedded database but ${copied} in PostgreSQL.`);
    result.tables.push({ name: t, rows: copied });
    result.rows += copied;
  }
  return result;
}

/** Serial and identity columns continue after the copied ids, so the next insert does not collide. */
async function resetSequences(db: Db, table: string): Promise<void> {
  const serials = await queryRows<{ name: string; seq: string }>(db, sql`SELECT column_name AS name, pg_get_serial_sequence(quote_ident(${table}), column_name) AS seq
    FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table}`);
  for (const { name, seq } of serials) {
    if (!seq) continue;
    await db.execute(sql`SELECT setval(${seq}::regclass, COALESCE((SELECT max(${ident(name)}) FROM ${ident(table)}), 0) + 1, false)`);
  }
}
