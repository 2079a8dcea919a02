import type { DBSchema } from 'idb';
import { localDatabase } from '../../../shared/offline/idb';

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

interface AttachmentSchema extends DBSchema {
  attachments: { key: string; value: Attachment; indexes: { docId: string } };
}

const database = localDatabase<AttachmentSchema>('yumi-writing-attachments', 1, (db) => db.createObjectStore('attachments', { keyPath: 'id' }).createIndex('docId', 'docId'));

export const attachments = {
  list: (docId: string) => database.use((db) => db.getAllFromIndex('attachments', 'docId', docId)),
  add: (a: Attachment) => database.use(async (db) => void (await db.put('attachments', a))),
  remove: (id: string) => database.use((db) => db.delete('attachments', id)),
};
