/** Image attachments of a document, kept in this browser's IndexedDB. */
export interface Attachment {
  id: string;
  docId: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  addedAt: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('yumi-writing-attachments', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('attachments', { keyPath: 'id' }).createIndex('docId', 'docId');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest | void): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction('attachments', mode);
      const req = fn(tx.objectStore('attachments'));
      tx.oncomplete = () => resolve((req ? req.result : undefined) as T);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const attachments = {
  list: (docId: string) => run<Attachment[]>('readonly', (s) => s.index('docId').getAll(docId)),
  add: (a: Attachment) => run<void>('readwrite', (s) => s.put(a)),
  remove: (id: string) => run<void>('readwrite', (s) => s.delete(id)),
};
