import 'fake-indexeddb/auto';
import type { Character, CreateCharacterInput, UpdateCharacterInput, VersionDetail, VersionInput } from '@yumi/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The character routes as the server answers them (ids, versions appended, the three-way details check),
// in memory; `down` makes every call fail the way fetch does without a network, `callsLeft` after that many.
const net = vi.hoisted(() => ({ down: false, online: true, callsLeft: Infinity }));
const server = vi.hoisted(() => ({ characters: new Map<string, Character>(), details: new Map<string, VersionDetail>(), created: [] as string[], changes: 0 }));

vi.mock('../api/token', () => ({ getToken: () => 'token' }));
vi.mock('../network/connectivity', () => ({ isOnline: () => net.online }));
vi.mock('../api/client', async () => {
  class ApiError extends Error {
    constructor(message: string, readonly type: string, readonly status: number, readonly isRetryable = false, readonly code?: string, readonly details?: unknown) {
      super(message);
    }
  }
  const fail = (status: number, code: string, details?: unknown) => new ApiError(code, status === 0 ? 'NETWORK' : 'VALIDATION', status, false, code, details);
  const id = () => crypto.randomUUID();
  const addVersion = (c: Character, v: VersionInput) => {
    if (c.versions.length >= 20) throw fail(409, 'VERSION_LIMIT');
    const detail = { id: id(), name: v.name ?? '', description: '', thumbnail: '', timestamp: new Date().toISOString(), metadata: { pose: null, colors: [], expression: null }, width: v.canvasData.width, height: v.canvasData.height, layerCount: 1, size: 1, canvasData: { activeLayerIndex: 0, ...v.canvasData } } as VersionDetail;
    server.details.set(detail.id, detail);
    const { canvasData: _c, ...summary } = detail;
    c.versions.push(summary);
    c.activeVersionId = detail.id;
  };
  const route = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    if (net.down || net.callsLeft-- <= 0) throw fail(0, 'NETWORK');
    const [route, query] = path.split('?');
    const [, , , , cid, sub, vid] = route!.split('/');
    const c = cid ? server.characters.get(cid) : undefined;
    if (cid && !c) throw fail(404, 'NOT_FOUND');
    if (method === 'GET' && !cid) return [...server.characters.values()];
    if (method === 'POST' && !cid) {
      const input = body as CreateCharacterInput;
      const made: Character = { id: id(), name: input.name, thumbnail: '', tags: input.tags ?? [], brief: input.brief as Character['brief'], createdAt: '', lastModified: `created ${++server.changes}`, versions: [], activeVersionId: null };
      for (const v of input.versions) addVersion(made, v);
      server.characters.set(made.id, made);
      server.created.push(input.clientId ?? '');
      return made;
    }
    if (method === 'DELETE' && !sub) {
      // Named what it saw: a later change keeps the character (409 with it).
      const seen = new URLSearchParams(query).get('seen');
      if (seen !== null && seen !== c!.lastModified) throw fail(409, 'CHARACTER_CHANGED', { current: structuredClone(c) });
      server.characters.delete(cid!);
      return undefined;
    }
    if (method === 'GET' && sub === 'versions') return server.details.get(vid!);
    if (method === 'GET') return c;
    if (method === 'POST' && sub === 'versions') {
      addVersion(c!, body as VersionInput);
      return Object.assign(c!, { lastModified: `drawn ${++server.changes}` });
    }
    if (method === 'PATCH') {
      const { base, ...patch } = body as UpdateCharacterInput;
      for (const k of ['name', 'tags', 'brief'] as const) {
        const now = JSON.stringify(c![k]);
        if (base?.[k] !== undefined && patch[k] !== undefined && now !== JSON.stringify(base[k]) && now !== JSON.stringify(patch[k])) {
          throw fail(409, 'CHARACTER_CONFLICT', { current: structuredClone(c) });
        }
      }
      Object.assign(c!, patch, { lastModified: `changed ${++server.changes}` });
      return c;
    }
    throw new Error(`${method} ${path}`);
  };
  return {
    ApiError,
    call: async (endpoint: { method: string; path: string }, input?: { params?: object; query?: object; body?: unknown }) => {
      const { urlOf } = await import('@yumi/core');
      return route(endpoint.method, urlOf(endpoint, input?.params, input?.query), input?.body);
    },
  };
});

const { characters, syncCharacters, CHARACTERS_SYNCED } = await import('./characters');
const { offlineDb, rememberUser } = await import('./db');

const canvasData = { width: 4, height: 4, layers: [{ name: 'Layer 1', visible: true, opacity: 100, blendMode: 'normal' as const, locked: false, image: null }] };
const brief = { name: 'Aoi', age: '', background: '', catchphrase: '', personalityTraits: [], visualMotifs: [], designElements: [] };
const moves: [string, string][] = [];
vi.stubGlobal('window', Object.assign(new EventTarget(), {}));
window.addEventListener(CHARACTERS_SYNCED, (e) => moves.push(...(e as CustomEvent<{ moved: [string, string][] }>).detail.moved));

const offline = () => Object.assign(net, { down: true, online: false });
const online = () => Object.assign(net, { down: false, online: true, callsLeft: Infinity });

beforeEach(async () => {
  online();
  server.characters.clear();
  server.details.clear();
  server.created.length = 0;
  moves.length = 0;
  const db = await offlineDb();
  await db.clear('characters');
  await db.clear('versions');
  await rememberUser('token', { id: 'u1' } as never);
});

async function aoiOnline() {
  const c = await characters.create({ name: 'Aoi', brief, versions: [{ name: 'First', canvasData }] });
  expect(c.sync).toBeUndefined();
  return c;
}

/** Renamed offline to 'Mine' while renamed elsewhere to 'Theirs', then synced. */
async function renamedOnBothSides() {
  const aoi = await aoiOnline();
  offline();
  await characters.update(aoi.id, { name: 'Mine' });
  server.characters.get(aoi.id)!.name = 'Theirs';
  online();
  await syncCharacters();
  return aoi;
}

describe('characters offline', () => {
  it('edits made offline are read back offline and reach the server in order when it returns', async () => {
    const aoi = await aoiOnline();
    offline();
    await characters.update(aoi.id, { name: 'Aoi Offline', brief });
    const drawn = await characters.addVersion(aoi.id, { name: 'Drawn offline', canvasData });
    expect(drawn.sync).toBe('pending');
    expect((await characters.version(aoi.id, drawn.activeVersionId!)).name).toBe('Drawn offline');
    expect((await characters.list()).map((c) => [c.name, c.sync])).toEqual([['Aoi Offline', 'pending']]);
    expect(server.characters.get(aoi.id)!.name).toBe('Aoi');

    online();
    await syncCharacters();
    const after = server.characters.get(aoi.id)!;
    expect(after.name).toBe('Aoi Offline');
    expect(after.versions.map((v) => v.name)).toEqual(['First', 'Drawn offline']);
    expect(after.activeVersionId).toBe(after.versions[1]!.id);
    expect((await characters.list()).map((c) => c.sync)).toEqual([undefined]);
    // The drawing stays on this device under the server's id of the version.
    expect((await characters.version(aoi.id, after.versions[1]!.id)).name).toBe('Drawn offline');
  });

  it('a character made offline is created once with its client id, and its local id follows to the server id', async () => {
    offline();
    const kumo = await characters.create({ name: 'Kumo', brief: { ...brief, name: 'Kumo' }, versions: [{ id: 'v1', name: '', canvasData }], activeVersionId: 'v1' });
    expect(kumo.id).toMatch(/^local-/);
    await characters.update(kumo.id, { tags: ['cloud'] });
    expect((await characters.get(kumo.id))!.tags).toEqual(['cloud']);
    online();
    await Promise.all([syncCharacters(), syncCharacters()]);
    expect(server.created).toEqual([kumo.id.slice('local-'.length)]);
    const [made] = [...server.characters.values()];
    expect(made).toMatchObject({ name: 'Kumo', tags: ['cloud'] });
    expect(moves).toEqual([[kumo.id, made!.id]]);
    expect(await characters.currentId(kumo.id)).toBe(made!.id);
    expect((await characters.get(kumo.id))!.id).toBe(made!.id);
  });

  it('details changed on both sides wait for a choice; keeping mine sends them, nothing else is lost', async () => {
    const aoi = await renamedOnBothSides();
    const shown = (await characters.list())[0]!;
    expect(shown).toMatchObject({ name: 'Mine', sync: 'conflict', conflict: { name: 'Theirs' } });
    expect(server.characters.get(aoi.id)!.name).toBe('Theirs');
    await characters.resolveConflict(aoi.id, 'mine');
    expect(server.characters.get(aoi.id)!.name).toBe('Mine');
    expect((await characters.list())[0]!.sync).toBeUndefined();
  });

  it('taking theirs drops my details; a version limit keeps the drawing here with the reason', async () => {
    const aoi = await renamedOnBothSides();
    await characters.resolveConflict(aoi.id, 'theirs');
    const taken = (await characters.list())[0]!;
    expect([taken.name, taken.sync]).toEqual(['Theirs', undefined]);

    for (let i = 2; i <= 19; i++) await characters.addVersion(aoi.id, { name: `V${i}`, canvasData });
    offline();
    await characters.addVersion(aoi.id, { name: 'Offline 20', canvasData });
    server.characters.get(aoi.id)!.versions.push({ ...server.characters.get(aoi.id)!.versions[0]!, id: crypto.randomUUID() });
    online();
    await syncCharacters();
    expect((await characters.list())[0]).toMatchObject({ sync: 'refused', refused: 'VERSION_LIMIT' });
  });

  it('a character deleted elsewhere while drawn here comes back as a new one with what this device has', async () => {
    const aoi = await aoiOnline();
    await characters.version(aoi.id, aoi.activeVersionId!);
    offline();
    await characters.addVersion(aoi.id, { name: 'Drawn offline', canvasData });
    server.characters.delete(aoi.id);
    online();
    await syncCharacters();
    const [copy] = [...server.characters.values()];
    expect(copy!.id).not.toBe(aoi.id);
    expect(copy!.versions.map((v) => v.name)).toEqual(['First', 'Drawn offline']);
  });

  it('a delete made offline hides it here and deletes it on the server, unless it changed there since: then it comes back', async () => {
    const aoi = await aoiOnline();
    const kumo = await characters.create({ name: 'Kumo', brief: { ...brief, name: 'Kumo' }, versions: [{ name: 'First', canvasData }] });
    offline();
    await characters.remove(aoi.id);
    await characters.update(kumo.id, { tags: ['offline'] });
    await characters.remove(kumo.id);
    expect(await characters.list()).toEqual([]);
    expect(await characters.get(aoi.id)).toBeNull();
    // Elsewhere, Kumo is renamed after this device last saw it.
    server.characters.get(kumo.id)!.lastModified = 'renamed elsewhere';
    server.characters.get(kumo.id)!.name = 'Kumo 2';
    online();
    const kept = await syncCharacters();
    expect(kept.map((c) => c.name)).toEqual(['Kumo 2']);
    expect([...server.characters.values()].map((c) => c.name)).toEqual(['Kumo 2']);
    expect((await characters.list()).map((c) => [c.name, c.sync])).toEqual([['Kumo 2', undefined]]);
    expect(await syncCharacters()).toEqual([]);
  });

  it('a delete made offline after a partial sync is not refused on what this device sent itself', async () => {
    const aoi = await aoiOnline();
    offline();
    await characters.addVersion(aoi.id, { name: 'Drawn offline', canvasData });
    await characters.update(aoi.id, { name: 'Aoi Offline' });
    // Back online, the drawing reaches the server (a newer lastModified there), then the network drops.
    online();
    net.callsLeft = 1;
    await syncCharacters();
    expect(server.characters.get(aoi.id)!).toMatchObject({ name: 'Aoi', versions: [{ name: 'First' }, { name: 'Drawn offline' }] });
    offline();
    await characters.remove(aoi.id);
    online();
    expect(await syncCharacters()).toEqual([]);
    expect(server.characters.has(aoi.id)).toBe(false);
  });

  it('after taking the other side, a delete made offline names the server\'s change, not this device\'s clock', async () => {
    const aoi = await renamedOnBothSides();
    await characters.resolveConflict(aoi.id, 'theirs');
    offline();
    await characters.remove(aoi.id);
    online();
    expect(await syncCharacters()).toEqual([]);
    expect(server.characters.has(aoi.id)).toBe(false);
  });
});
