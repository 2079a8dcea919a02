import { customType, integer, pgSchema, smallint, text } from 'drizzle-orm/pg-core';

/*
 * The parts of PostgreSQL's own catalogue the server reads (account deletion finds the tables that reference
 * users; the copy to PostgreSQL finds tables, keys, columns and sequences), declared as Drizzle tables and views
 * so those queries are built and typed like any other. Only the columns read are declared. Kept out of
 * db/schema/ on purpose: drizzle-kit must never try to create them.
 */

/** An object identifier; joined on, never read. */
const oid = customType<{ data: number }>({ dataType: () => 'oid' });

const pgCatalog = pgSchema('pg_catalog');

export const pgNamespace = pgCatalog.table('pg_namespace', {
  oid: oid('oid').notNull(),
  nspname: text('nspname').notNull(),
});

export const pgClass = pgCatalog.table('pg_class', {
  oid: oid('oid').notNull(),
  relname: text('relname').notNull(),
});

export const pgAttribute = pgCatalog.table('pg_attribute', {
  attrelid: oid('attrelid').notNull(),
  attname: text('attname').notNull(),
  attnum: smallint('attnum').notNull(),
});

export const pgConstraint = pgCatalog.table('pg_constraint', {
  connamespace: oid('connamespace').notNull(),
  /** 'f' for a foreign key. */
  contype: text('contype').notNull(),
  conrelid: oid('conrelid').notNull(),
  /** The referenced table of a foreign key. */
  confrelid: oid('confrelid').notNull(),
  /** A foreign key's ON DELETE action: 'c' for CASCADE. */
  confdeltype: text('confdeltype').notNull(),
  /** The constrained columns' numbers (pg_attribute.attnum). */
  conkey: smallint('conkey').array(),
});

const informationSchema = pgSchema('information_schema');

export const infoTables = informationSchema
  .view('tables', {
    tableSchema: text('table_schema').notNull(),
    tableName: text('table_name').notNull(),
    tableType: text('table_type').notNull(),
  })
  .existing();

export const infoColumns = informationSchema
  .view('columns', {
    tableSchema: text('table_schema').notNull(),
    tableName: text('table_name').notNull(),
    columnName: text('column_name').notNull(),
    ordinalPosition: integer('ordinal_position').notNull(),
    isGenerated: text('is_generated').notNull(),
  })
  .existing();
