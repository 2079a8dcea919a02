import { mergeTurns, turnsMissingFrom, type ChatArchive } from '@yumi/core';
import type { DBSchema } from 'idb';
import { localDatabase } from '../../shared/offline/idb';

/**
 * Chat archives kept on this device (IndexedDB): every archive of signed-out use, and for a signed-in user
 * each conversation answered offline here at least once (the server never saw those turns); the rest of a
 * signed-in user's archives live on the server only. The whole store is deleted when a session ends (a shared
 * computer keeps nothing).
 */
const MAX_ARCHIVES = 200;

/**
 * This device's copy; `pending`: it holds turns the user's server copy lacks (sent by archiveSync);
 * `refused`: why the server last refused them (its message, in the user's language), until it takes them.
 */
export type StoredArchive = ChatArchive & { pending?: boolean; refused?: string };

interface ArchiveSchema extends DBSchema {
  archives: { key: string; value: StoredArchive };
}

const database = localDatabase<ArchiveSchema>('yumi-assistant', 1, (db) => db.createObjectStore('archives', { keyPath: 'id' }));

export async function listLocalArchives(): Promise<StoredArchive[]> {
  const all = await database.use((db) => db.getAll('archives'));
  return all.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

export async function getLocalArchive(id: string): Promise<StoredArchive | undefined> {
  return database.use((db) => db.get('archives', id));
}

/**
 * Adds a conversation's turns to this device's copy: the union with what is kept (mergeTurns), read and
 * written in one transaction, so a sync and a new answer at the same moment never drop each other's turns.
 * `from`: 'device' for turns that may be here only (`pending` says whether the server lacks them), 'server'
 * for the server's merged copy (still pending only if this copy holds turns that one lacks).
 */
export async function keepLocalArchive(archive: ChatArchive, from: { device: boolean; pending?: boolean }): Promise<StoredArchive> {
  const kept = await database.use(async (db) => {
    const tx = db.transaction('archives', 'readwrite');
    const existing = await tx.store.get(archive.id);
    const messages = mergeTurns(existing?.messages ?? [], archive.messages);
    const pending = from.device ? !!from.pending || !!existing?.pending : turnsMissingFrom(archive.messages, messages).length > 0;
    const record: StoredArchive = { ...existing, ...archive, messages, messageCount: messages.length, pending, refused: from.device ? existing?.refused : undefined };
    await Promise.all([tx.store.put(record), tx.done]);
    return record;
  });
  const all = await listLocalArchives();
  // Keep the newest; the oldest beyond the cap are dropped so the store cannot grow without bound.
  for (const old of all.slice(MAX_ARCHIVES)) await database.use((db) => db.delete('archives', old.id));
  return kept;
}

/** Keeps the server's reason for refusing this device's turns, shown in the archive beside the copy. */
export async function noteRefusal(id: string, reason: string): Promise<void> {
  await database.use(async (db) => {
    const tx = db.transaction('archives', 'readwrite');
    const existing = await tx.store.get(id);
    await Promise.all([existing ? tx.store.put({ ...existing, refused: reason }) : undefined, tx.done]);
  });
}

export async function deleteLocalArchive(id: string): Promise<void> {
  await database.use((db) => db.delete('archives', id));
}

/** Deletes every archive on this device (the whole database, so nothing is left to read). */
export async function deleteAllLocalArchives(): Promise<void> {
  await database.remove();
}
