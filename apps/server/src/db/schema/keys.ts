import { getTableName } from 'drizzle-orm';
import { foreignKey, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * A foreign key under the name PostgreSQL gave a column's REFERENCES in the baseline SQL (<table>_<column>_fkey).
 * Drizzle's `.references()` would be named <table>_<column>_<target>_<column>_fk, which no existing database has,
 * so a generated migration that drops or changes the key would miss it.
 */
export const fkey = (column: AnyPgColumn, target: AnyPgColumn, onDelete: UpdateDeleteAction) =>
  foreignKey({ name: `${getTableName(column.table)}_${column.name}_fkey`, columns: [column], foreignColumns: [target] }).onDelete(onDelete);
