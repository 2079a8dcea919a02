import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import * as schema from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';

/**
 * The Drizzle tables (src/db/schema) and the tables the SQL migrations build agree: same tables, same
 * columns with the same types and nullability, same primary keys. (drizzle-kit's pushSchema would do this
 * diff, but its introspection drops query parameters and fails on both drivers.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Serial types are integers with a sequence default in the catalogue.
const SERIAL: Record<string, string> = { bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' };
const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable).map((table) => getTableConfig(table));

describe('Drizzle schema and SQL migrations', () => {
  it('declare the same columns, types, nullability and primary keys', async () => {
    const db = t.database.db;
    const columns = await queryRows<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
      db,
      sql`SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    const inDb = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c]));
    const drift: string[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        const key = `${table.name}.${column.name}`;
        const found = inDb.get(key);
        if (!found) drift.push(`${key}: in Drizzle, not in the migrations`);
        else {
          const type = SERIAL[column.getSQLType()] ?? column.getSQLType();
          if (found.type !== type) drift.push(`${key}: ${type} in Drizzle, ${found.type} in the migrations`);
          if (found.not_null !== (column.notNull || column.primary)) drift.push(`${key}: ${column.notNull ? 'NOT NULL' : 'nullable'} in Drizzle, ${found.not_null ? 'NOT NULL' : 'nullable'} in the migrations`);
        }
      }
    }
    const modelled = new Set(tables.map((x) => x.name));
    for (const name of new Set(columns.map((c) => c.table_name))) if (name !== 'schema_migrations' && !modelled.has(name)) drift.push(`${name}: in the migrations, not in Drizzle`);
    for (const [key, c] of inDb) if (modelled.has(c.table_name) && !tables.some((x) => x.name === c.table_name && x.columns.some((col) => `${x.name}.${col.name}` === key))) drift.push(`${key}: in the migrations, not in Drizzle`);

    const keys = await queryRows<{ table_name: string; columns: string[] }>(
      db,
      sql`SELECT c.relname AS table_name, array_agg(a.attname::text ORDER BY a.attname) AS columns
        FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
        WHERE n.nspname = 'public' AND i.indisprimary GROUP BY c.relname`,
    );
    const dbKeys = new Map(keys.map((k) => [k.table_name, k.columns.join(',')]));
    for (const table of tables) {
      const own = [...table.columns.filter((c) => c.primary).map((c) => c.name), ...table.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name))].sort().join(',');
      if ((dbKeys.get(table.name) ?? '') !== own) drift.push(`${table.name}: primary key (${own}) in Drizzle, (${dbKeys.get(table.name) ?? ''}) in the migrations`);
    }
    expect(drift).toEqual([]);
  });
});
