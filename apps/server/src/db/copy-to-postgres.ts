import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { infoColumns, infoTables, pgClass, pgConstraint, pgNamespace } from './catalogue';
import type { Database, Db, Runner } from './connection';
import { migrate } from './migrate';

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

const ident = (name: string) => sql.identifier(name);

/** The app's tables (views and the migration bookkeeping excluded), parents before children. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (
    await db
      .select({ name: infoTables.tableName })
      .from(infoTables)
      .where(and(eq(infoTables.tableSchema, 'public'), eq(infoTables.tableType, 'BASE TABLE'), ne(infoTables.tableName, 'schema_migrations')))
      .orderBy(infoTables.tableName)
  ).map((r) => r.name);
  const child = alias(pgClass, 'child');
  const parent = alias(pgClass, 'parent');
  const edges = await db
    .select({ child: child.relname, parent: parent.relname })
    .from(pgConstraint)
    .innerJoin(pgNamespace, eq(pgNamespace.oid, pgConstraint.connamespace))
    .innerJoin(child, eq(child.oid, pgConstraint.conrelid))
    .innerJoin(parent, eq(parent.oid, pgConstraint.confrelid))
    .where(and(eq(pgConstraint.contype, 'f'), eq(pgNamespace.nspname, 'public')));
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
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

/** Columns that take values (generated ones are computed by the target). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const columns = await db
    .select({ name: infoColumns.columnName })
    .from(infoColumns)
    .where(and(eq(infoColumns.tableSchema, 'public'), eq(infoColumns.tableName, table), eq(infoColumns.isGenerated, 'NEVER')))
    .orderBy(infoColumns.ordinalPosition);
  return columns.map((r) => r.name);
}

async function rowCount(db: Db, table: string): Promise<number> {
  return db.$count(sql`${ident(table)}`);
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
        const batch = await source.db
          .select({ row: sql`row_to_json(t)::text`.mapWith(String) })
          .from(sql`${ident(table)} t`)
          .orderBy(sql`ctid`)
          .limit(BATCH_ROWS)
          .offset(offset);
        const json = `[${batch.map((r) => r.row).join(',')}]`;
        await tx.execute(sql`INSERT INTO ${ident(table)} (${columns}) OVERRIDING SYSTEM VALUE
          SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table)}, ${json}::json)`);
        done += batch.length;
        onProgress?.({ table, done, total });
      }
      await resetSequences(tx, table);
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
async function resetSequences(db: Runner, table: string): Promise<void> {
  const sequence = sql`pg_get_serial_sequence(quote_ident(${table}), ${infoColumns.columnName})`.mapWith(String);
  const serials = await db
    .select({ name: infoColumns.columnName, seq: sequence })
    .from(infoColumns)
    .where(and(eq(infoColumns.tableSchema, 'public'), eq(infoColumns.tableName, table), isNotNull(sequence)));
  for (const { name, seq } of serials) {
    await db.execute(sql`SELECT setval(${seq}::regclass, COALESCE((SELECT max(${ident(name)}) FROM ${ident(table)}), 0) + 1, false)`);
  }
}
