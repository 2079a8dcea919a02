import { restoreDocument, serializeDocument, type PaintDocument, type SerializedDocument } from '@yumi/paint';

/** Crash recovery: the current drawing is kept in IndexedDB and offered back after a reload. */
const DB_NAME = 'yumi-anime';
const STORE = 'recovery';
const KEY = 'current';

export interface RecoveryRecord {
  savedAt: number;
  document: SerializedDocument;
  characterId: string | null;
  characterName: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = run(t.objectStore(STORE));
      t.oncomplete = () => resolve(req.result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  } finally {
    db.close();
  }
}

export async function saveRecovery(doc: PaintDocument, meta: { characterId: string | null; characterName: string }): Promise<void> {
  const record: RecoveryRecord = { savedAt: Date.now(), document: serializeDocument(doc), ...meta };
  await tx('readwrite', (s) => s.put(record, KEY));
}

/** The saved drawing, or null; a corrupt record throws 'corrupt' (the caller tells the user and clears it). */
export async function loadRecovery(): Promise<{ record: RecoveryRecord; document: PaintDocument } | null> {
  const record = (await tx('readonly', (s) => s.get(KEY))) as RecoveryRecord | undefined;
  if (!record) return null;
  try {
    return { record, document: restoreDocument(record.document) };
  } catch {
    throw new Error('corrupt');
  }
}

export async function clearRecovery(): Promise<void> {
  await tx('readwrite', (s) => s.delete(KEY));
}
