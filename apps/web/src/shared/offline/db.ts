import type { Character, DesignBrief, User, VersionDetail, WritingDocument } from '@yumi/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * This device's copy of a signed-in user's server data, for reading and writing without a network
 * (IndexedDB through `idb`). Each record names its owner, so another account on the same browser never
 * sees it.
 */
interface PendingEdit {
  title: string;
  content: string;
  /** The server version the edit was made on; the server refuses it if the document moved on since. */
  baseVersion: number;
}
export interface MirroredDocument {
  userId: string;
  doc: WritingDocument;
  pending?: PendingEdit;
  /** Made here while offline: the server has not seen it yet (its id is a local one). */
  created?: boolean;
  /** Deleted here while offline: hidden on this device, sent as a delete of `doc.version` (a newer version on the server is kept). */
  deleted?: boolean;
}
export interface CharacterDetails {
  name: string;
  tags: string[];
  brief: DesignBrief;
}
/** What of a character this device changed and the server has not received yet. */
export interface PendingCharacter {
  /** Made here while offline: the server has not seen it (its id and its versions' ids are local ones). */
  created?: boolean;
  /** Details changed offline, with what they were before (the server refuses them if changed elsewhere since). */
  details?: { patch: Partial<CharacterDetails>; base: Partial<CharacterDetails> };
  /** Versions saved offline, oldest first (their drawings are in `versions`). */
  versions?: string[];
  /** A revert made offline. */
  activeVersionId?: string;
  /** The server's character when it refused the details as changed elsewhere: the user chooses. */
  conflict?: Character;
  /** Why the server refused the rest for good (the version limit, for example); kept until resolved. */
  refused?: string;
  /** The server's lastModified when this device first changed it offline (what a later delete saw). */
  seen?: string;
  /** Deleted here while offline: hidden on this device, sent as a delete of what it `seen` (a later change on the server is kept). */
  deleted?: { seen: string };
}
export interface MirroredCharacter {
  userId: string;
  /** As the user sees it: the server's character with this device's pending changes applied. */
  character: Character;
  pending?: PendingCharacter;
}
interface MirroredVersion {
  userId: string;
  characterId: string;
  detail: VersionDetail;
}

interface OfflineDb extends DBSchema {
  documents: { key: string; value: MirroredDocument; indexes: { owner: [string, string] } };
  user: { key: string; value: User };
  characters: { key: string; value: MirroredCharacter; indexes: { owner: string } };
  /** Drawings of versions, immutable once saved: [character id, version id]. */
  versions: { key: [string, string]; value: MirroredVersion; indexes: { character: string } };
  /** A document or character made offline keeps answering to its local id (links, open pages) once the server named it. */
  moved: { key: string; value: string };
}

let opening: Promise<IDBPDatabase<OfflineDb>> | null = null;
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>('yumi-offline', 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('documents', { keyPath: 'doc.id' }).createIndex('owner', ['userId', 'doc.kind']);
        db.createObjectStore('user');
      }
      if (oldVersion < 2) {
        db.createObjectStore('characters', { keyPath: 'character.id' }).createIndex('owner', 'userId');
        db.createObjectStore('versions', { keyPath: ['characterId', 'detail.id'] }).createIndex('character', 'characterId');
        db.createObjectStore('moved');
      }
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

/** Ids of things made offline start with this; the server gives them their own when they are sent. */
export const isLocalId = (id: string) => id.startsWith('local-');
export const newLocalId = () => `local-${crypto.randomUUID()}`;
/** The uuid in a local id, sent as `clientId` so a repeated send is stored once. */
export const clientIdOf = (localId: string) => localId.slice('local-'.length);

/** The id something made offline has now: the server's once it was sent, else the same. */
export async function currentId(id: string): Promise<string> {
  return isLocalId(id) ? ((await (await offlineDb()).get('moved', id)) ?? id) : id;
}
