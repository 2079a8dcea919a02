import type { SQL } from 'drizzle-orm';
import type { Db } from './connection';

/** A Db or an open transaction: both run queries (built with Drizzle, or raw SQL). */
export type Runner = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

/** The rows of a raw query's result, the same on PGlite and node-postgres (the one place they are cast). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Rows of a raw query. */
export async function queryRows<T>(db: Runner, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
