import 'fake-indexeddb/auto';
import type { GeneratedImage } from '@yumi/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepMadeHere, keepServerCopies, picturesOnDevice, removeFromDevice } from './devicePictures';

// The server's picture files: `size` bytes each; `fetched` lists what was asked for.
const files = { size: 64, fetched: [] as string[] };
vi.stubGlobal('fetch', async (url: string) => {
  files.fetched.push(url);
  return new Response(new Uint8Array(files.size), { headers: { 'content-type': 'image/webp' } });
});

const picture = (id: string, day: number): GeneratedImage => ({
  id,
  url: `/api/images/${id}/file?token=secret`,
  width: 4,
  height: 4,
  seed: day,
  prompt: `picture ${id}`,
  negativePrompt: '',
  provider: 'procedural',
  model: null,
  params: {},
  cost: 0,
  createdAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`,
});
const ids = async (userId = 'u1') => (await picturesOnDevice(userId)).map((p) => `${p.id}${p.madeHere ? ' (here)' : ''}`);

beforeEach(async () => {
  files.size = 64;
  files.fetched.length = 0;
  for (const p of [...(await picturesOnDevice('u1')), ...(await picturesOnDevice('u2'))]) await removeFromDevice(p.id);
});

describe('pictures on this device', () => {
  it('keeps pictures drawn here and copies of the newest on the server, newest first, per account', async () => {
    const [drawn] = await keepMadeHere('u1', [{ ...picture('local-1', 20), url: 'blob:engine', png: new Blob([new Uint8Array(8)], { type: 'image/png' }) }]);
    expect(drawn).toMatchObject({ id: 'local-1', madeHere: true });
    expect(drawn!.url).toMatch(/^blob:/);
    expect(await keepServerCopies('u1', [picture('b', 12), picture('a', 10)])).toBe(true);
    expect(await ids()).toEqual(['local-1 (here)', 'b', 'a']);
    // Shown from this device: the server's address (and its access token) is not kept.
    expect((await picturesOnDevice('u1')).find((p) => p.id === 'b')!.url).toMatch(/^blob:/);
    expect(await ids('u2')).toEqual([]);
  });

  it('drops copies no longer among the newest, never what was drawn here, and fetches each picture once', async () => {
    await keepMadeHere('u1', [{ ...picture('local-1', 1), png: new Blob([new Uint8Array(8)], { type: 'image/png' }) }]);
    await keepServerCopies('u1', [picture('b', 12), picture('a', 10)]);
    expect(await keepServerCopies('u1', [picture('c', 14), picture('b', 12)])).toBe(true);
    expect(await ids()).toEqual(['c', 'b', 'local-1 (here)']);
    expect(files.fetched.map((u) => u.split('/')[3])).toEqual(['b', 'a', 'c']);
    expect(await keepServerCopies('u1', [picture('c', 14), picture('b', 12)])).toBe(false);
  });

  it('copies at most one gallery page and 48 MB', async () => {
    await keepServerCopies('u1', Array.from({ length: 30 }, (_, i) => picture(`p${i}`, 30 - i)));
    expect(await ids()).toHaveLength(24);
    for (const p of await picturesOnDevice('u1')) await removeFromDevice(p.id);
    files.size = 20 * 1024 * 1024;
    await keepServerCopies('u1', [picture('x', 3), picture('y', 2), picture('z', 1)]);
    expect(await ids()).toEqual(['x', 'y']);
  });
});
