import type { DocumentSummary, WritingDocument } from '@yumi/core';
import { ApiError, call } from '../api/client';
import { isOnline } from '../network/connectivity';
import { countWords, documentsApi, textStats } from '@yumi/core';
import { clientIdOf, currentId, isLocalId, newLocalId, offlineDb, type MirroredDocument } from '../offline/db';
import { clearBackup } from './backup';
import { serverSource, VersionConflict, type DocumentKind, type DocumentSource } from './documentSource';

/** How many of the newest documents of a list are copied to this device for offline reading. */
const PREFETCH = 30;

const isNetwork = (err: unknown) => err instanceof ApiError && err.type === 'NETWORK';
const offlineError = () => new ApiError('Network error: offline', 'NETWORK', 0, true);
/** Fired on window after pending edits were sent: `detail.moved` pairs a document's local id with its server id. */
export const DOCUMENTS_SYNCED = 'yumi:documents-synced';
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
  // Deleted here while offline: the delete is sent, and the server decides (a newer version is kept).
  if (old?.userId === userId && old.deleted) return;
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
  const onDevice = async (kind: DocumentKind, onlyCreated: boolean) => {
    const all = await (await offlineDb()).getAllFromIndex('documents', 'owner', [userId, kind]);
    return all.filter((e) => !e.deleted && (!onlyCreated || e.created)).map((e) => summary(e.doc));
  };
  /** Ids deleted on this device whose delete the server has not received yet. */
  const deletedHere = async (kind: DocumentKind) =>
    new Set((await (await offlineDb()).getAllFromIndex('documents', 'owner', [userId, kind])).filter((e) => e.deleted).map((e) => e.doc.id));
  const newest = (docs: DocumentSummary[]) => docs.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return {
    name: 'server',
    async list(kind) {
      try {
        const gone = await deletedHere(kind);
        const docs = (await serverSource.list(kind)).filter((d) => !gone.has(d.id));
        void refreshMirror(userId).catch(() => undefined);
        // Documents made offline and not sent yet are listed too (sending them is under way).
        return newest([...(await onDevice(kind, true)), ...docs]);
      } catch (err) {
        if (!isNetwork(err)) throw err;
        return newest(await onDevice(kind, false));
      }
    },
    async create(input) {
      try {
        const doc = await serverSource.create(input);
        await keep(doc).catch(() => undefined);
        return doc;
      } catch (err) {
        if (!isNetwork(err)) throw err;
        // Offline: made on this device, sent when the network returns (the server then gives it its id).
        const now = new Date().toISOString();
        const doc: WritingDocument = {
          id: newLocalId(),
          ...input,
          version: 1,
          words: countWords(input.content),
          characters: textStats(input.content).characters,
          createdAt: now,
          updatedAt: now,
        };
        await (await offlineDb()).put('documents', { userId, doc, created: true });
        return doc;
      }
    },
    async get(id) {
      id = await currentId(id);
      const here = await mirrored(id);
      if (isLocalId(id) || here?.deleted) return here && !here.deleted ? here.doc : null;
      try {
        const doc = await serverSource.get(id);
        if (doc) await keep(doc).catch(() => undefined);
        else await (await offlineDb()).delete('documents', id);
        return doc;
      } catch (err) {
        if (!isNetwork(err)) throw err;
        return here?.doc ?? null;
      }
    },
    async update(id, patch) {
      id = await currentId(id);
      // Made offline and now online: it goes to the server first, then this save lands on the server's copy.
      if (isLocalId(id) && isOnline()) {
        await sendPendingEdits(userId);
        id = await currentId(id);
      }
      if (isLocalId(id)) {
        const entry = await mirrored(id);
        if (!entry) throw offlineError();
        // Made offline: its text is kept with it until it is sent (then saves go to the server's copy).
        const content = patch.content ?? entry.doc.content;
        const doc = { ...entry.doc, title: patch.title ?? entry.doc.title, content, words: countWords(content), characters: textStats(content).characters, updatedAt: new Date().toISOString() };
        await (await offlineDb()).put('documents', { ...entry, doc });
        throw offlineError();
      }
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
      id = await currentId(id);
      const db = await offlineDb();
      if (!isLocalId(id)) {
        try {
          await serverSource.remove(id);
        } catch (err) {
          const entry = isNetwork(err) ? await mirrored(id) : undefined;
          if (!entry) throw err;
          // Offline: hidden here now, deleted on the server when the network returns (an edit waiting here goes with it).
          await db.put('documents', { userId, doc: entry.doc, deleted: true });
          clearBackup(id);
          return;
        }
      }
      await db.delete('documents', id);
    },
  };
}

/**
 * Copies the user's newest documents of every kind that are new or changed since their last copy, and
 * drops the copies of documents deleted elsewhere (edits not yet sent are kept).
 */
export async function refreshMirror(userId: string): Promise<void> {
  const { documents } = await call(documentsApi.list, {}, { quiet: true });
  const db = await offlineDb();
  const mine = (await db.getAll('documents')).filter((e) => e.userId === userId);
  const listed = new Set(documents.map((d) => d.id));
  for (const e of mine) if (!listed.has(e.doc.id) && !e.pending && !e.created && !e.deleted) await db.delete('documents', e.doc.id);
  const have = new Map(mine.map((e) => [e.doc.id, e.doc.version]));
  const newest = [...documents].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, PREFETCH);
  for (const d of newest) {
    if (have.get(d.id) === d.version) continue;
    const full = await serverSource.get(d.id);
    if (full) await keepCopy(userId, full);
  }
}

/**
 * A delete made offline, sent with the version it was made on. The server keeps a document changed
 * elsewhere meanwhile (409 DOCUMENT_CHANGED): it comes back on this device, and its title is answered so
 * the user is told. Answers undefined when deleted (or already gone).
 */
async function sendDelete(userId: string, entry: MirroredDocument): Promise<WritingDocument | undefined> {
  const db = await offlineDb();
  try {
    await call(documentsApi.delete, { params: { id: entry.doc.id }, query: { version: entry.doc.version } }, { retries: 0 });
  } catch (err) {
    const current = err instanceof ApiError && err.code === 'DOCUMENT_CHANGED' ? (err.details as { current?: WritingDocument } | undefined)?.current : undefined;
    if (current) {
      await db.put('documents', { userId, doc: current });
      return current;
    }
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  await db.delete('documents', entry.doc.id);
  return undefined;
}

let sending: Promise<WritingDocument[]> | null = null;
/**
 * Sends the edits and deletes this device kept while offline (documents not open anywhere included). An
 * edit the server refuses because the document changed meanwhile stays pending: opening the document
 * shows both versions to choose from. A delete that meets a newer version keeps it: answered, so the user
 * is told which documents came back.
 */
export function sendPendingEdits(userId: string): Promise<WritingDocument[]> {
  sending ??= (async () => {
    const db = await offlineDb();
    const all: MirroredDocument[] = await db.getAll('documents');
    const moved: [string, string][] = [];
    const kept: WritingDocument[] = [];
    for (const entry of all) {
      if (entry.userId !== userId) continue;
      if (entry.deleted) {
        try {
          const back = await sendDelete(userId, entry);
          if (back) kept.push(back);
        } catch (err) {
          if (isNetwork(err)) break;
          // Refused otherwise: the tombstone stays and is tried again next time.
        }
        continue;
      }
      if (entry.created) {
        try {
          const { title, content, kind } = entry.doc;
          const doc = await serverSource.create({ title, content, kind, clientId: clientIdOf(entry.doc.id) });
          await db.put('documents', { userId, doc });
          await db.put('moved', doc.id, entry.doc.id);
          await db.delete('documents', entry.doc.id);
          moved.push([entry.doc.id, doc.id]);
        } catch (err) {
          if (isNetwork(err)) break;
          // Refused (too long, say): the text stays on this device, still listed; the editor says why on save.
        }
        continue;
      }
      if (!entry.pending) continue;
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
    if (moved.length > 0) window.dispatchEvent(new CustomEvent(DOCUMENTS_SYNCED, { detail: { moved } }));
    return kept;
  })().finally(() => (sending = null));
  return sending;
}
