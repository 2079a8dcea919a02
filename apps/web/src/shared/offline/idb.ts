import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The one IndexedDB layer for small per-feature stores (all through `idb`): the database is opened for one
 * piece of work and closed after it, so deleting it (sign-out) is never blocked for long by an idle tab.
 */
export function localDatabase<S extends DBSchema>(name: string, version: number, upgrade: (db: IDBPDatabase<S>) => void) {
  return {
    async use<T>(work: (db: IDBPDatabase<S>) => Promise<T>): Promise<T> {
      const db = await openDB<S>(name, version, { upgrade: (database) => upgrade(database) });
      try {
        return await work(db);
      } finally {
        db.close();
      }
    },
    /** Deletes the whole database; when another tab holds it open, the deletion completes once that tab closes it. */
    remove: () => deleteDB(name),
  };
}
