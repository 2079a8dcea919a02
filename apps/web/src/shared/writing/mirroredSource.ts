import type { DocumentSummary, WritingDocument } from '@yumi/core';
import { api, ApiError } from '../api/client';
import { offlineDb, type MirroredDocument } from '../offline/db';
import { clearBackup } from './backup';
import { serverSource, VersionConflict, type DocumentSource } from './documentSource';

/** How many of the newest documents of a list are copied to this device for offline reading. */
const PREFETCH = 30;

const isNetwork = (err: unknown) => err instanceof ApiError && err.type === 'NETWORK';
const summary = ({ content: _content, ...rest }: WritingDocument): DocumentSummary => rest;

/**
 * A signed-in user's documents: the server when it answers, this device's copy (IndexedDB) when the
 * network does not. Every document read or saved is copied; an edit the server could not receive is kept
 * as pending and sent by `sendPendingEdits` when the network returns. The server's version check still
 * decides: an edit made on an older version is never written over a newer one.
 */
async function keepCopy(userId: string, doc: WritingDocument) {
  const db = await offlineDb();
  const old = await db.get('documents', doc.id);
  // A pending edit stays until the server has it (or refused it as a conflict the user resolves).
  await db.put('documents', {
    userId,
    doc,
    pending:
      old?.userId === userId && old.pending && old.pending.baseVersion >= doc.version
        ? old.pending
        : undefined,
  });
}

export function mirroredSource(userId: string): DocumentSource {
  const keep = (doc: WritingDocument) => keepCopy(userId, doc);
  const mirrored = async (id: string) => {
    const entry = await (await offlineDb()).get('documents', id);
    return entry?.userId === userId ? entry : undefined;
  };
  return {
    name: 'server',
    async list(kind) {
      try {
        const docs = await serverSource.list(kind);
        void refreshMirror(userId).catch(() => undefined);
        return docs;
      } catch (err) {
        if (!isNetwork(err)) throw err;
        const all = await (await offlineDb()).getAllFromIndex('documents', 'owner', [userId, kind]);
        return all.map((e) => summary(e.doc)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      }
    },
    async create(input) {
      const doc = await serverSource.create(input);
      await keep(doc).catch(() => undefined);
      return doc;
    },
    async get(id) {
      try {
        const doc = await serverSource.get(id);
        if (doc) await keep(doc).catch(() => undefined);
        else await (await offlineDb()).delete('documents', id);
        return doc;
      } catch (err) {
        if (!isNetwork(err)) throw err;
        return (await mirrored(id))?.doc ?? null;
      }
    },
    async update(id, patch) {
      try {
        const doc = await serverSource.update(id, patch);
        await keep(doc).catch(() => undefined);
        const db = await offlineDb();
        const entry = await db.get('documents', id);
        if (entry?.pending) await db.put('documents', { ...entry, pending: undefined });
        return doc;
      } catch (err) {
        if (!isNetwork(err)) throw err;
        const entry = await mirrored(id);
        if (entry) {
          const pending = {
            title: patch.title ?? entry.doc.title,
            content: patch.content ?? entry.doc.content,
            baseVersion: patch.version,
          };
          await (await offlineDb()).put('documents', { ...entry, pending });
        }
        throw err;
      }
    },
    async remove(id) {
      await serverSource.remove(id);
      await (await offlineDb()).delete('documents', id);
    },
  };
}

/**
 * Copies the user's newest documents of every kind that are new or changed since their last copy, and
 * drops the copies of documents deleted elsewhere (edits not yet sent are kept).
 */
export async function refreshMirror(userId: string): Promise<void> {
  const { documents } = await api.get<{ documents: DocumentSummary[] }>('/api/documents', { quiet: true });
  const db = await offlineDb();
  const mine = (await db.getAll('documents')).filter((e) => e.userId === userId);
  const listed = new Set(documents.map((d) => d.id));
  for (const e of mine) if (!listed.has(e.doc.id) && !e.pending) await db.delete('documents', e.doc.id);
  const have = new Map(mine.map((e) => [e.doc.id, e.doc.version]));
  const newest = [...documents].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, PREFETCH);
  for (const d of newest) {
    if (have.get(d.id) === d.version) continue;
    const full = await serverSource.get(d.id);
    if (full) await keepCopy(userId, full);
  }
}

let sending: Promise<void> | null = null;
/**
 * Sends the edits this device kept while offline (documents not open anywhere included). One that the
 * server refuses because the document changed meanwhile stays pending: opening the document shows both
 * versions to choose from.
 */
export function sendPendingEdits(userId: string): Promise<void> {
  sending ??= (async () => {
    const db = await offlineDb();
    const all: MirroredDocument[] = await db.getAll('documents');
    for (const entry of all) {
      if (entry.userId !== userId || !entry.pending) continue;
      const { title, content, baseVersion } = entry.pending;
      try {
        const doc = await serverSource.update(entry.doc.id, { title, content, version: baseVersion });
        await db.put('documents', { userId, doc });
        clearBackup(doc.id);
      } catch (err) {
        if (err instanceof VersionConflict) continue;
        if (isNetwork(err)) break;
        // Refused for good (deleted elsewhere, too long): the local copy of the text remains in the backup.
        await db.put('documents', { ...entry, pending: undefined });
      }
    }
  })().finally(() => (sending = null));
  return sending;
}
