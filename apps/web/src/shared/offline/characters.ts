import {
  charactersApi,
  defaultVersionName,
  EMPTY_BRIEF,
  MAX_VERSIONS,
  STORAGE_KEYS,
  type Character,
  type CreateCharacterInput,
  type UpdateCharacterInput,
  type VersionDetail,
  type VersionInput,
} from '@yumi/core';
import i18n from 'i18next';
import { ApiError, call } from '../api/client';
import { getToken } from '../api/token';
import { isOnline } from '../network/connectivity';
import { clientIdOf, currentId, isLocalId, newLocalId as localId, offlineDb, rememberedUser, type CharacterDetails, type MirroredCharacter, type PendingCharacter } from './db';

/**
 * A signed-in user's anime characters: the server when it answers, this device's copy (IndexedDB) when the
 * network does not. Characters made, renamed or drawn offline are kept as pending and sent by
 * `syncCharacters` when the network returns. The rules are the documents' (shared/writing/mirroredSource):
 * a drawing is saved as a new version, so nothing is ever written over; changed details are sent with the
 * values they were based on, and the server refuses a field changed elsewhere meanwhile (the user chooses).
 */
/** Saves send layer images: allow a slow upload. */
const SAVE_TIMEOUT = 120_000;
/** How many characters' current drawings are copied ahead for offline use, and how many bytes at most. */
const PREFETCH_CHARACTERS = 12;
const PREFETCH_BYTES = 64 * 1024 * 1024;
/** Fired on window after a sync: `detail.moved` pairs a character's local id with the id the server gave it. */
export const CHARACTERS_SYNCED = 'yumi:characters-synced';

const serverCharacters = {
  list: () => call(charactersApi.list, {}, { quiet: true }),
  get: (id: string) => call(charactersApi.get, { params: { id } }, { quiet: true, retries: 1 }),
  create: (body: CreateCharacterInput) => call(charactersApi.create, { body }, { timeoutMs: SAVE_TIMEOUT }),
  update: (id: string, body: UpdateCharacterInput) => call(charactersApi.update, { params: { id }, body }),
  /** With `seen` (a delete made offline), the server keeps a character changed after it (409 CHARACTER_CHANGED). */
  remove: (id: string, seen?: string) => call(charactersApi.delete, { params: { id }, query: { seen } }, { retries: 0 }),
  duplicate: (id: string) => call(charactersApi.duplicate, { params: { id } }),
  addVersion: (id: string, body: VersionInput) => call(charactersApi.addVersion, { params: { id }, body }, { timeoutMs: SAVE_TIMEOUT }),
  version: (id: string, versionId: string) => call(charactersApi.version, { params: { id, versionId } }, { timeoutMs: SAVE_TIMEOUT }),
  removeVersion: (id: string, versionId: string) => call(charactersApi.deleteVersion, { params: { id, versionId } }, { retries: 0 }),
};

/** A character as the library shows it: with whether this device still has changes to send. */
export type LocalCharacter = Character & { sync?: 'pending' | 'conflict' | 'refused'; conflict?: Character; refused?: string };

const isNetwork = (err: unknown) => err instanceof ApiError && err.type === 'NETWORK';

/** The user this device knows for the current session (the server confirmed it while online), or null. */
async function me(): Promise<string | null> {
  const token = getToken();
  return token ? ((await rememberedUser(token).catch(() => null))?.id ?? null) : null;
}

/** Answers from the server when it can be reached; otherwise (or when it turns out unreachable) from `offline`. */
async function serverOr<T>(online: () => Promise<T>, offline: () => Promise<T>): Promise<T> {
  if (!isOnline()) return offline();
  try {
    return await online();
  } catch (err) {
    if (isNetwork(err)) return offline();
    throw err;
  }
}

const shown = (e: MirroredCharacter): LocalCharacter => {
  const p = e.pending;
  if (!p || (!p.created && !p.details && !p.versions?.length && !p.activeVersionId)) return e.character;
  return { ...e.character, sync: p.conflict ? 'conflict' : p.refused ? 'refused' : 'pending', conflict: p.conflict, refused: p.refused };
};

async function store(e: MirroredCharacter): Promise<LocalCharacter> {
  await (await offlineDb()).put('characters', e);
  return shown(e);
}

/**
 * A change to a character: to the server when it answers (after the changes kept here, so it lands on top of
 * them), otherwise kept on this device by `offline`; one made offline and not sent yet stays here.
 */
async function change(userId: string, id: string, online: () => Promise<Character>, offline: () => Promise<LocalCharacter>) {
  if (isLocalId(id)) return offline();
  return serverOr(async () => {
    await settle(userId, id);
    const c = await online();
    await keep(userId, c, true);
    return c;
  }, offline);
}

/** Online, a character with changes kept here sends them first, so a new change lands on top of them. */
async function settle(userId: string, id: string): Promise<void> {
  const p = (await entry(userId, id))?.pending;
  if (p && !p.conflict && !p.refused) await syncCharacters();
}

async function entry(userId: string, id: string): Promise<MirroredCharacter | undefined> {
  const db = await offlineDb();
  const e = await db.get('characters', await currentId(id));
  return e?.userId === userId ? e : undefined;
}

/**
 * Keeps the server's character; this device's unsent changes stay on top of it until they are sent. `own`:
 * the server's answer to a change this device made, so a delete decided here later has seen it.
 */
async function keep(userId: string, c: Character, own = false): Promise<void> {
  const db = await offlineDb();
  const old = await db.get('characters', c.id);
  if (old?.userId === userId && old.pending) {
    if (own) await db.put('characters', { ...old, pending: { ...old.pending, seen: c.lastModified } });
    return;
  }
  await db.put('characters', { userId, character: c });
}

async function keepVersion(userId: string, characterId: string, detail: VersionDetail) {
  await (await offlineDb()).put('versions', { userId, characterId, detail });
}

async function dropCharacter(id: string) {
  const db = await offlineDb();
  await db.delete('characters', id);
  for (const key of await db.getAllKeysFromIndex('versions', 'character', id)) await db.delete('versions', key);
}

function offlineError(): ApiError {
  return new ApiError(i18n.t('common:offline.needsServer'), 'NETWORK', 0, true);
}

/** What only the server can do (delete, duplicate): offline it fails with a sentence saying so. */
async function serverOnly<T>(call: () => Promise<T>): Promise<T> {
  return serverOr(call, () => Promise.reject(offlineError()));
}

function localVersion(body: VersionInput, n: number): VersionDetail {
  const bytes = body.canvasData.layers.reduce((sum, l) => sum + (l.image ? Math.floor(((l.image.length - 22) * 3) / 4) : 0), 0);
  return {
    id: localId(),
    name: body.name?.trim() || defaultVersionName(n),
    description: body.description ?? '',
    thumbnail: body.thumbnail ?? '',
    timestamp: body.timestamp ?? new Date().toISOString(),
    metadata: { pose: null, colors: [], expression: null, ...body.metadata },
    width: body.canvasData.width,
    height: body.canvasData.height,
    layerCount: body.canvasData.layers.length,
    size: bytes,
    canvasData: { activeLayerIndex: 0, ...body.canvasData },
  };
}
const summary = ({ canvasData: _pixels, ...rest }: VersionDetail) => rest;
const asInput = (d: VersionDetail): VersionInput => ({
  id: d.id,
  name: d.name,
  description: d.description,
  thumbnail: d.thumbnail,
  timestamp: d.timestamp,
  canvasData: d.canvasData,
  metadata: d.metadata,
});

/** The character library, answering from this device when the server cannot be reached. */
export const characters = {
  async list(): Promise<LocalCharacter[]> {
    const userId = await me();
    if (!userId) return serverCharacters.list();
    return serverOr(
      async () => {
        const list = await serverCharacters.list();
        await mirrorList(userId, list);
        return localList(userId);
      },
      () => localList(userId),
    );
  },

  async get(id: string): Promise<LocalCharacter | null> {
    const userId = await me();
    id = await currentId(id);
    const fromServer = async () => {
      try {
        return await serverCharacters.get(id);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
        throw err;
      }
    };
    if (!userId) return isLocalId(id) ? null : fromServer();
    const local = async () => {
      const e = await entry(userId, id);
      return e && !e.pending?.deleted ? shown(e) : null;
    };
    if (isLocalId(id)) return local();
    return serverOr(async () => {
      const c = await fromServer();
      if (!c) return null;
      await keep(userId, c);
      return local();
    }, local);
  },

  async create(body: CreateCharacterInput): Promise<LocalCharacter> {
    const userId = await me();
    if (!userId) return serverCharacters.create(body);
    return serverOr(
      async () => {
        const c = await serverCharacters.create(body);
        await keep(userId, c);
        return c;
      },
      async () => {
        const details = body.versions.map((v, i) => localVersion(v, i + 1));
        const named = body.versions.findIndex((v) => v.id && v.id === body.activeVersionId);
        const now = new Date().toISOString();
        const name = body.name.trim();
        const character: Character = {
          id: localId(),
          name,
          thumbnail: body.thumbnail ?? '',
          tags: [...new Set((body.tags ?? []).map((t) => t.trim()).filter(Boolean))],
          brief: { ...EMPTY_BRIEF, name, ...body.brief },
          createdAt: body.createdAt ?? now,
          lastModified: now,
          versions: details.map(summary),
          activeVersionId: details[named >= 0 ? named : details.length - 1]!.id,
        };
        for (const d of details) await keepVersion(userId, character.id, d);
        return store({ userId, character, pending: { created: true } });
      },
    );
  },

  async update(id: string, patch: UpdateCharacterInput): Promise<LocalCharacter> {
    const userId = await me();
    if (!userId) return serverCharacters.update(id, patch);
    id = await currentId(id);
    const offline = async () => {
      const e = await entry(userId, id);
      if (!e) throw offlineError();
      const pending: PendingCharacter = { seen: e.character.lastModified, ...e.pending };
      const c = { ...e.character, lastModified: new Date().toISOString() };
      const changed: Partial<CharacterDetails> = {};
      if (patch.name !== undefined) changed.name = patch.name.trim();
      if (patch.tags !== undefined) changed.tags = [...new Set(patch.tags.map((t) => t.trim()).filter(Boolean))];
      if (patch.brief !== undefined) changed.brief = { ...EMPTY_BRIEF, ...patch.brief };
      if (!pending.created && Object.keys(changed).length > 0) {
        const before = pending.details ?? { patch: {}, base: {} };
        const base = { ...before.base };
        // The base of a field is what the server had when this device first changed it.
        for (const k of Object.keys(changed) as (keyof CharacterDetails)[]) if (!(k in base)) Object.assign(base, { [k]: c[k] });
        pending.details = { patch: { ...before.patch, ...changed }, base };
      }
      Object.assign(c, changed);
      if (patch.thumbnail !== undefined) c.thumbnail = patch.thumbnail;
      if (patch.activeVersionId !== undefined) {
        c.activeVersionId = patch.activeVersionId;
        if (!pending.created) pending.activeVersionId = patch.activeVersionId;
      }
      return store({ userId, character: c, pending });
    };
    return change(userId, id, () => serverCharacters.update(id, patch), offline);
  },

  async addVersion(id: string, body: VersionInput): Promise<LocalCharacter> {
    const userId = await me();
    if (!userId) return serverCharacters.addVersion(id, body);
    id = await currentId(id);
    const offline = async () => {
      const e = await entry(userId, id);
      if (!e) throw offlineError();
      const n = e.character.versions.length;
      if (n >= MAX_VERSIONS) throw new ApiError(i18n.t('anime:versions.full', { max: MAX_VERSIONS }), 'VALIDATION', 409, false, 'VERSION_LIMIT');
      const detail = localVersion(body, n + 1);
      const c: Character = {
        ...e.character,
        versions: [...e.character.versions, summary(detail)],
        activeVersionId: detail.id,
        thumbnail: detail.thumbnail || e.character.thumbnail,
        lastModified: new Date().toISOString(),
      };
      const pending: PendingCharacter = { seen: e.character.lastModified, ...e.pending };
      if (!pending.created) {
        pending.versions = [...(pending.versions ?? []), detail.id];
        delete pending.activeVersionId; // saving makes the new version current
      }
      await keepVersion(userId, c.id, detail);
      return store({ userId, character: c, pending });
    };
    return change(userId, id, () => serverCharacters.addVersion(id, body), offline);
  },

  /** A version's drawing: from this device when it has it (versions never change), else from the server. */
  async version(id: string, versionId: string): Promise<VersionDetail> {
    const userId = await me();
    if (!userId) return serverCharacters.version(id, versionId);
    const db = await offlineDb();
    const real = (await entry(userId, id))?.character.id ?? id;
    const have = await db.get('versions', [real, versionId]);
    if (have?.userId === userId) return have.detail;
    if (!isOnline() || isLocalId(real)) throw offlineError();
    const detail = await serverCharacters.version(real, versionId);
    await keepVersion(userId, real, detail).catch(() => undefined);
    return detail;
  },

  async remove(id: string): Promise<void> {
    const userId = await me();
    id = await currentId(id);
    if (!userId) return serverCharacters.remove(id);
    // Made offline and never sent: it only ever lived here.
    if (isLocalId(id)) return dropCharacter(id);
    let offline = false;
    await serverOr(
      () => serverCharacters.remove(id),
      async () => {
        // Offline: hidden here now, deleted on the server when the network returns (changes waiting here go with it).
        offline = true;
        const e = await entry(userId, id);
        if (!e) throw offlineError();
        await (await offlineDb()).put('characters', { userId, character: e.character, pending: { deleted: { seen: e.pending?.seen ?? e.character.lastModified } } });
      },
    );
    if (!offline) await dropCharacter(id);
  },

  async duplicate(id: string): Promise<LocalCharacter> {
    id = await currentId(id);
    if (isLocalId(id)) throw offlineError();
    return serverOnly(() => serverCharacters.duplicate(id));
  },

  async removeVersion(id: string, versionId: string): Promise<LocalCharacter> {
    const c = await serverOnly(() => serverCharacters.removeVersion(id, versionId));
    const userId = await me();
    if (userId) {
      await keep(userId, c, true);
      await (await offlineDb()).delete('versions', [id, versionId]);
    }
    return c;
  },

  /** The id a character has now: a local id the server has since replaced answers with the server's. */
  currentId,

  /** After the server refused offline details as changed elsewhere: keep this device's, or take the server's. */
  async resolveConflict(id: string, choice: 'mine' | 'theirs'): Promise<void> {
    const userId = await me();
    const e = userId ? await entry(userId, id) : undefined;
    if (!userId || !e?.pending?.conflict || !e.pending.details) return;
    const db = await offlineDb();
    // Either way the user has now seen the server's character: a delete decided later does not refuse on it.
    if (choice === 'theirs') {
      const { details: _d, conflict, ...rest } = e.pending;
      await db.put('characters', {
        userId,
        character: { ...e.character, name: conflict.name, tags: conflict.tags, brief: conflict.brief },
        pending: { ...rest, seen: conflict.lastModified },
      });
    } else {
      // Seen both: the base is now what the server has, so sending overwrites nothing unseen.
      const c = e.pending.conflict;
      const { conflict: _c, ...rest } = e.pending;
      await db.put('characters', { ...e, pending: { ...rest, seen: c.lastModified, details: { patch: e.pending.details.patch, base: { name: c.name, tags: c.tags, brief: c.brief } } } });
    }
    await syncCharacters();
  },
};

async function localList(userId: string): Promise<LocalCharacter[]> {
  const all = await (await offlineDb()).getAllFromIndex('characters', 'owner', userId);
  return all.filter((e) => !e.pending?.deleted).map(shown).sort((a, b) => b.lastModified.localeCompare(a.lastModified));
}

/** Keeps the server's list: new and changed characters, and drops those deleted elsewhere (unless changed here). */
async function mirrorList(userId: string, list: Character[]): Promise<void> {
  const db = await offlineDb();
  const listed = new Set(list.map((c) => c.id));
  for (const e of await db.getAllFromIndex('characters', 'owner', userId)) {
    if (!listed.has(e.character.id) && !e.pending) await dropCharacter(e.character.id);
  }
  for (const c of list) await keep(userId, c);
}

/**
 * Copies the user's characters to this device, and, when the Anime mode is installed for offline use, the
 * current drawing of the newest ones (bounded in count and bytes), so they open without a network.
 */
export async function refreshCharacters(): Promise<void> {
  const userId = await me();
  if (!userId) return;
  const list = await serverCharacters.list();
  await mirrorList(userId, list);
  let installed: string[] = [];
  try {
    installed = JSON.parse(localStorage.getItem(STORAGE_KEYS.installedModes) ?? '[]') as string[];
  } catch {
    /* none */
  }
  if (!installed.includes('anime')) return;
  const db = await offlineDb();
  let bytes = 0;
  for (const c of list.slice(0, PREFETCH_CHARACTERS)) {
    const v = c.versions.find((x) => x.id === c.activeVersionId);
    if (!v || (bytes += v.size) > PREFETCH_BYTES) continue;
    if (await db.get('versions', [c.id, v.id])) continue;
    await keepVersion(userId, c.id, await serverCharacters.version(c.id, v.id));
  }
}

let syncing: Promise<Character[]> | null = null;
/**
 * Sends what this device changed offline, character by character, each step kept as soon as it is done.
 * Answers the characters deleted here that the server kept because they changed elsewhere meanwhile.
 */
export function syncCharacters(): Promise<Character[]> {
  syncing ??= (async () => {
    const userId = await me();
    const kept: Character[] = [];
    if (!userId) return kept;
    const db = await offlineDb();
    const moved: [string, string][] = [];
    for (const e of await db.getAllFromIndex('characters', 'owner', userId)) {
      // A conflict waits for the user's choice; a refusal is tried again (the user may have made room since).
      if (!e.pending || e.pending.conflict) continue;
      try {
        if (e.pending.deleted) {
          const back = await sendDelete(userId, e.character.id, e.pending.deleted.seen);
          if (back) kept.push(back);
          continue;
        }
        const id = await send(userId, e);
        if (id !== e.character.id) moved.push([e.character.id, id]);
      } catch (err) {
        if (isNetwork(err)) break;
        // Refused for good (the version limit, say): kept here with the reason until the user acts.
        const now = await db.get('characters', e.character.id);
        if (now?.pending) await db.put('characters', { ...now, pending: { ...now.pending, refused: (err as Error).message } });
      }
    }
    window.dispatchEvent(new CustomEvent(CHARACTERS_SYNCED, { detail: { moved } }));
    return kept;
  })().finally(() => (syncing = null));
  return syncing;
}

/**
 * A delete made offline, naming the last change this device saw. A character changed elsewhere after that
 * is kept by the server (409 CHARACTER_CHANGED): it comes back here and is answered so the user is told.
 */
async function sendDelete(userId: string, id: string, seen: string): Promise<Character | undefined> {
  try {
    await serverCharacters.remove(id, seen);
  } catch (err) {
    const current = err instanceof ApiError && err.code === 'CHARACTER_CHANGED' ? (err.details as { current?: Character } | undefined)?.current : undefined;
    if (current) {
      await dropCharacter(id);
      await (await offlineDb()).put('characters', { userId, character: current });
      return current;
    }
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  await dropCharacter(id);
  return undefined;
}

/** Sends one character's pending changes; answers its server id. */
async function send(userId: string, e: MirroredCharacter): Promise<string> {
  const db = await offlineDb();
  const pending = { ...e.pending! };
  delete pending.refused;
  const detailOf = async (versionId: string) => (await db.get('versions', [e.character.id, versionId]))?.detail;

  if (pending.created) {
    const details = [];
    for (const v of e.character.versions) {
      const d = await detailOf(v.id);
      if (d) details.push(d);
    }
    const c = e.character;
    const saved = await serverCharacters.create({
      name: c.name,
      thumbnail: c.thumbnail,
      tags: c.tags,
      brief: c.brief,
      createdAt: c.createdAt,
      versions: details.map(asInput),
      activeVersionId: c.activeVersionId,
      clientId: clientIdOf(c.id),
    });
    // The drawings stay on this device under the server's ids (same order: oldest first).
    for (const [i, d] of details.entries()) await keepVersion(userId, saved.id, { ...d, id: saved.versions[i]!.id });
    await dropCharacter(c.id);
    await db.put('moved', saved.id, c.id);
    await db.put('characters', { userId, character: saved });
    return saved.id;
  }

  const id = e.character.id;
  let latest: Character | undefined;
  /** The server's answer to a step: what this device sent is no change from elsewhere for a later delete. */
  const sent = (c: Character): Character => {
    pending.seen = c.lastModified;
    return c;
  };
  const renamed = new Map<string, string>();
  const persist = async () => {
    const now = await db.get('characters', id);
    if (now) await db.put('characters', { ...now, pending: { ...pending } });
  };
  try {
    for (const versionId of [...(pending.versions ?? [])]) {
      const d = await detailOf(versionId);
      if (d) {
        latest = sent(await serverCharacters.addVersion(id, asInput(d)));
        const serverId = latest.versions.at(-1)!.id;
        renamed.set(versionId, serverId);
        await keepVersion(userId, id, { ...d, id: serverId });
        await db.delete('versions', [id, versionId]);
      }
      pending.versions = pending.versions!.filter((x) => x !== versionId);
      await persist();
    }
    if (pending.activeVersionId) {
      const target = renamed.get(pending.activeVersionId) ?? pending.activeVersionId;
      latest = sent(await serverCharacters.update(id, { activeVersionId: target }));
      delete pending.activeVersionId;
      await persist();
    }
    if (pending.details) {
      try {
        latest = sent(await serverCharacters.update(id, { ...pending.details.patch, base: pending.details.base }));
        delete pending.details;
      } catch (err) {
        const current = err instanceof ApiError && err.code === 'CHARACTER_CONFLICT' ? (err.details as { current?: Character })?.current : undefined;
        if (!current) throw err;
        pending.conflict = current;
      }
      await persist();
    }
  } catch (err) {
    // Deleted elsewhere while changed here: what this device has becomes a new character, nothing is lost.
    if (err instanceof ApiError && err.status === 404) {
      const mine = await db.get('characters', id);
      if (mine) {
        const kept = [];
        for (const v of mine.character.versions) if (await detailOf(v.id)) kept.push(v);
        if (kept.length > 0) {
          const copy = { ...mine, character: { ...mine.character, id: localId(), versions: kept, activeVersionId: kept.at(-1)!.id }, pending: { created: true } };
          for (const v of kept) await keepVersion(userId, copy.character.id, (await detailOf(v.id))!);
          await dropCharacter(id);
          await db.put('characters', copy);
          return send(userId, copy);
        }
        await dropCharacter(id);
      }
      return id;
    }
    throw err;
  }
  const done = !pending.versions?.length && !pending.activeVersionId && !pending.details && !pending.conflict;
  const now = await db.get('characters', id);
  if (latest) {
    const rest = done ? undefined : pending;
    const character = rest?.conflict ? { ...latest, name: e.character.name, tags: e.character.tags, brief: e.character.brief } : latest;
    await db.put('characters', { userId, character, pending: rest });
  } else if (now && done) {
    // Nothing sent: the server has what this device last saw (edits made offline stamp this device's clock).
    await db.put('characters', { userId, character: { ...now.character, lastModified: pending.seen ?? now.character.lastModified } });
  }
  return id;
}
