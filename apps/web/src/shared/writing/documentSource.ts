import type { DocumentSummary, WritingDocument } from '@yumi/core';
import { countWords, documentsApi, textStats } from '@yumi/core';
import { ApiError, call } from '../api/client';

export type DocumentKind = WritingDocument['kind'];

/** Where documents live: the server for a signed-in user, IndexedDB in this browser otherwise. */
export interface DocumentSource {
  readonly name: 'server' | 'local';
  list(kind: DocumentKind): Promise<DocumentSummary[]>;
  /** `clientId`: the device's id of a document made offline (the server stores a repeated send once). */
  create(input: { title: string; content: string; kind: DocumentKind; clientId?: string }): Promise<WritingDocument>;
  get(id: string): Promise<WritingDocument | null>;
  /** Throws VersionConflict when `version` is not the latest. */
  update(id: string, patch: { title?: string; content?: string; version: number }): Promise<WritingDocument>;
  remove(id: string): Promise<void>;
}

export class VersionConflict extends Error {
  constructor(readonly current: WritingDocument) {
    super('VERSION_CONFLICT');
  }
}

export const serverSource: DocumentSource = {
  name: 'server',
  async list(kind) {
    return (await call(documentsApi.list, { query: { kind } })).documents;
  },
  create: (input) => call(documentsApi.create, { body: input }),
  async get(id) {
    try {
      return await call(documentsApi.get, { params: { id } }, { retries: 1 });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
      throw err;
    }
  },
  async update(id, patch) {
    try {
      // No automatic retry: a save that reached the server must not be replayed blindly.
      return await call(documentsApi.update, { params: { id }, body: patch }, { retries: 0 });
    } catch (err) {
      const current = (err as ApiError).details as { current?: WritingDocument } | undefined;
      if (err instanceof ApiError && err.code === 'VERSION_CONFLICT' && current?.current) throw new VersionConflict(current.current);
      throw err;
    }
  },
  remove: (id) => call(documentsApi.delete, { params: { id } }, { retries: 0 }),
};

const DB_NAME = 'yumi-writing';
const STORE = 'documents';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('kind', 'kind');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = run(t.objectStore(STORE));
      t.oncomplete = () => resolve(req ? req.result : (undefined as T));
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

const summary = ({ content: _content, ...rest }: WritingDocument): DocumentSummary => rest;
const counts = (content: string) => ({ words: countWords(content), characters: textStats(content).characters });

/** IndexedDB documents for anonymous users; versions are checked the same way as on the server. */
export const localSource: DocumentSource = {
  name: 'local',
  async list(kind) {
    const all = await tx<WritingDocument[]>('readonly', (s) => s.index('kind').getAll(kind));
    return all.map(summary).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  },
  async create({ title, content, kind }) {
    const now = new Date().toISOString();
    const doc: WritingDocument = { id: crypto.randomUUID(), title, content, kind, version: 1, createdAt: now, updatedAt: now, ...counts(content) };
    await tx('readwrite', (s) => s.put(doc));
    return doc;
  },
  async get(id) {
    return (await tx<WritingDocument | undefined>('readonly', (s) => s.get(id))) ?? null;
  },
  async update(id, patch) {
    const db = await openDb();
    try {
      // Read and write in one transaction, so two tabs cannot both pass the version check.
      return await new Promise<WritingDocument>((resolve, reject) => {
        const t = db.transaction(STORE, 'readwrite');
        const store = t.objectStore(STORE);
        let result: WritingDocument | undefined;
        let conflict: WritingDocument | undefined;
        const req = store.get(id);
        req.onsuccess = () => {
          const current = req.result as WritingDocument | undefined;
          if (!current) return t.abort();
          if (current.version !== patch.version) {
            conflict = current;
            return;
          }
          const content = patch.content ?? current.content;
          result = {
            ...current,
            title: patch.title ?? current.title,
            content,
            ...counts(content),
            version: current.version + 1,
            updatedAt: new Date().toISOString(),
          };
          store.put(result);
        };
        t.oncomplete = () => (conflict ? reject(new VersionConflict(conflict)) : result ? resolve(result) : reject(new Error('Document not found')));
        t.onabort = () => reject(new Error('Document not found'));
        t.onerror = () => reject(t.error);
      });
    } finally {
      db.close();
    }
  },
  async remove(id) {
    await tx('readwrite', (s) => s.delete(id));
  },
};
