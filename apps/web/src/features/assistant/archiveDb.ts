import type { ChatArchive } from '@yumi/core';

/**
 * Chat archives of signed-out use kept on this device (IndexedDB); a signed-in user's archives live on
 * the server only, and the whole store is deleted when a session ends (a shared computer keeps nothing).
 */
const DB_NAME = 'yumi-assistant';
const STORE = 'archives';
const MAX_ARCHIVES = 200;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export async function listLocalArchives(): Promise<ChatArchive[]> {
  const all = await run<ChatArchive[]>('readonly', (s) => s.getAll() as IDBRequest<ChatArchive[]>);
  return all.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

export async function getLocalArchive(id: string): Promise<ChatArchive | undefined> {
  return run<ChatArchive | undefined>('readonly', (s) => s.get(id) as IDBRequest<ChatArchive | undefined>);
}

export async function saveLocalArchive(archive: ChatArchive): Promise<void> {
  await run('readwrite', (s) => s.put(archive));
  const all = await listLocalArchives();
  // Keep the newest; the oldest beyond the cap are dropped so the store cannot grow without bound.
  for (const old of all.slice(MAX_ARCHIVES)) await run('readwrite', (s) => s.delete(old.id));
}

export async function deleteLocalArchive(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
}

/** Deletes every archive on this device (the whole database, so nothing is left to read). */
export function deleteAllLocalArchives(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(DB_NAME);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
    // Another tab still holds the database open: the deletion completes once it closes (run() closes each time).
    req.onblocked = () => resolve();
  });
}
