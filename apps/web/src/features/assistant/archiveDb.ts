import type { ChatArchive } from '@yumi/core';
import type { DBSchema } from 'idb';
import { localDatabase } from '../../shared/offline/idb';

/**
 * Chat archives of signed-out use kept on this device (IndexedDB); a signed-in user's archives live on
 * the server only, and the whole store is deleted when a session ends (a shared computer keeps nothing).
 */
const MAX_ARCHIVES = 200;

interface ArchiveSchema extends DBSchema {
  archives: { key: string; value: ChatArchive };
}

const database = localDatabase<ArchiveSchema>('yumi-assistant', 1, (db) => db.createObjectStore('archives', { keyPath: 'id' }));

export async function listLocalArchives(): Promise<ChatArchive[]> {
  const all = await database.use((db) => db.getAll('archives'));
  return all.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

export async function getLocalArchive(id: string): Promise<ChatArchive | undefined> {
  return database.use((db) => db.get('archives', id));
}

export async function saveLocalArchive(archive: ChatArchive): Promise<void> {
  await database.use((db) => db.put('archives', archive));
  const all = await listLocalArchives();
  // Keep the newest; the oldest beyond the cap are dropped so the store cannot grow without bound.
  for (const old of all.slice(MAX_ARCHIVES)) await database.use((db) => db.delete('archives', old.id));
}

export async function deleteLocalArchive(id: string): Promise<void> {
  await database.use((db) => db.delete('archives', id));
}

/** Deletes every archive on this device (the whole database, so nothing is left to read). */
export async function deleteAllLocalArchives(): Promise<void> {
  await database.remove();
}
