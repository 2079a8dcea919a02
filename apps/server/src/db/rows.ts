import type { SQL } from 'drizzle-orm';
import type { Db } from './connection';

/** A Db or an open transaction: both can run SQL. */
export type Runner = Pick<Db, 'execute'>;

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
