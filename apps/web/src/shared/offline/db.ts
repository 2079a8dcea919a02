import type { User, WritingDocument } from '@yumi/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * This device's copy of a signed-in user's server data, for reading and writing without a network
 * (IndexedDB through `idb`). Each record names its owner, so another account on the same browser never
 * sees it.
 */
export interface PendingEdit {
  title: string;
  content: string;
  /** The server version the edit was made on; the server refuses it if the document moved on since. */
  baseVersion: number;
}
export interface MirroredDocument {
  userId: string;
  doc: WritingDocument;
  pending?: PendingEdit;
}
interface OfflineDb extends DBSchema {
  documents: { key: string; value: MirroredDocument; indexes: { owner: [string, string] } };
  user: { key: string; value: User };
}

let opening: Promise<IDBPDatabase<OfflineDb>> | null = null;
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>('yumi-offline', 1, {
    upgrade(db) {
      db.createObjectStore('documents', { keyPath: 'doc.id' }).createIndex('owner', ['userId', 'doc.kind']);
      db.createObjectStore('user');
    },
  });
  opening.catch(() => (opening = null));
  return opening;
}

/** The last user the server confirmed for this session, so the app knows who is signed in while offline. */
export async function rememberUser(token: string, user: User | null): Promise<void> {
  const db = await offlineDb();
  if (user) await db.put('user', user, token);
  else await db.delete('user', token);
}
export async function rememberedUser(token: string): Promise<User | null> {
  return (await (await offlineDb()).get('user', token)) ?? null;
}
