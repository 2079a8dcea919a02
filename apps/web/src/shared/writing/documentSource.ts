import type { DocumentSummary, WritingDocument } from '@yumi/core';
import { countWords, documentsApi, textStats } from '@yumi/core';
import { ApiError, call } from '../api/client';
import type { DBSchema } from 'idb';
import { localDatabase } from '../offline/idb';

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

interface WritingSchema extends DBSchema {
  documents: { key: string; value: WritingDocument; indexes: { kind: string } };
}

const database = localDatabase<WritingSchema>('yumi-writing', 1, (db) => db.createObjectStore('documents', { keyPath: 'id' }).createIndex('kind', 'kind'));

const summary = ({ content: _content, ...rest }: WritingDocument): DocumentSummary => rest;
const counts = (content: string) => ({ words: countWords(content), characters: textStats(content).characters });

/** IndexedDB documents for anonymous users; versions are checked the same way as on the server. */
export const localSource: DocumentSource = {
  name: 'local',
  async list(kind) {
    const all = await database.use((db) => db.getAllFromIndex('documents', 'kind', kind));
    return all.map(summary).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  },
  async create({ title, content, kind }) {
    const now = new Date().toISOString();
    const doc: WritingDocument = { id: crypto.randomUUID(), title, content, kind, version: 1, createdAt: now, updatedAt: now, ...counts(content) };
    await database.use((db) => db.put('documents', doc));
    return doc;
  },
  async get(id) {
    return (await database.use((db) => db.get('documents', id))) ?? null;
  },
  async update(id, patch) {
    // Read and write in one transaction, so two tabs cannot both pass the version check.
    return database.use(async (db) => {
      const tx = db.transaction('documents', 'readwrite');
      const current = await tx.store.get(id);
      if (!current) throw new Error('Document not found');
      if (current.version !== patch.version) throw new VersionConflict(current);
      const content = patch.content ?? current.content;
      const result: WritingDocument = {
        ...current,
        title: patch.title ?? current.title,
        content,
        ...counts(content),
        version: current.version + 1,
        updatedAt: new Date().toISOString(),
      };
      await tx.store.put(result);
      await tx.done;
      return result;
    });
  },
  async remove(id) {
    await database.use((db) => db.delete('documents', id));
  },
};
