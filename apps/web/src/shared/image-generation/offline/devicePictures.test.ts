import 'fake-indexeddb/auto';
import type { GeneratedImage } from '@yumi/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropServerCopies, keepMadeHere, keepServerCopies, picturesOnDevice, removeFromDevice, sendPicturesMadeHere } from './devicePictures';

// The server's picture files: `size` bytes each; `fetched` lists what was asked for. POST /api/images/from-device
// answers as the server does (201 with the gallery picture, 415 for `refuse`d prompts, 410 for client ids the
// user `deleted` from the gallery), or fails as fetch does without a network while `down`; `sent` lists the
// bodies it stored. With `loseAnswer`, it stores the next picture and the network fails before the answer.
const files = { size: 64, fetched: [] as string[] };
const gallery = { down: false, refuse: '', loseAnswer: false, deleted: new Set<string>(), sent: [] as Array<Record<string, unknown>> };
vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
  // The connectivity probe after a failed request.
  if (url === '/api/health') return new Response(null);
  if (url === '/api/images/from-device') {
    if (gallery.down) throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
    if (body.prompt === gallery.refuse) return Response.json({ error: 'This file is not a PNG, JPEG, WebP or GIF image.', code: 'UNSUPPORTED_MEDIA_TYPE' }, { status: 415 });
    if (gallery.deleted.has(body.clientId as string))
      return Response.json({ error: 'You deleted this picture from your gallery, so it was not added again.', code: 'DEVICE_IMAGE_DELETED' }, { status: 410 });
    gallery.sent.push(body);
    if (gallery.loseAnswer) {
      gallery.down = true;
      throw new TypeError('Failed to fetch');
    }
    return Response.json({ ...picture(`server-${body.clientId as string}`, 25), prompt: body.prompt, params: { onDevice: true } }, { status: 201 });
  }
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
  Object.assign(gallery, { down: false, refuse: '', loseAnswer: false, deleted: new Set(), sent: [] });
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

/** A picture as the engine draws it on this device. */
const drawnHere = (uuid: string, day: number, prompt = `drawn ${uuid}`) => ({
  ...picture(`local-${uuid}`, day),
  prompt,
  params: { width: 4, height: 4, steps: 28, seed: day, iterations: 1, referenceImage: undefined, onDevice: true },
  png: new Blob([new Uint8Array([137, 80, 78, 71, day])], { type: 'image/png' }),
});
const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('pictures drawn here reach the server', () => {
  it('sends them oldest first under their client ids; each then leaves this device or stays as a copy', async () => {
    await keepMadeHere('u1', [drawnHere(uuid(2), 12), drawnHere(uuid(1), 11)]);
    await keepServerCopies('u1', [picture('a', 10)]);
    await keepMadeHere('u2', [drawnHere(uuid(3), 13)]);
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 2, refused: 0, deleted: 0 });
    expect(gallery.sent.map((b) => [b.clientId, b.drawnAt, b.image])).toEqual([
      [uuid(1), '2026-11-11T00:00:00.000Z', 'data:image/png;base64,iVBORws='],
      [uuid(2), '2026-11-12T00:00:00.000Z', 'data:image/png;base64,iVBORww='],
    ]);
    // The options it was drawn with, without what only this device knows.
    expect(gallery.sent[0]!.settings).toEqual({ width: 4, height: 4, steps: 28, seed: 11, iterations: 1 });
    expect(await ids()).toEqual(['a']);
    expect(await ids('u2')).toEqual([`local-${uuid(3)} (here)`]);

    // With Image installed, the picture stays as a copy of the server's, under the server's id.
    await keepMadeHere('u1', [drawnHere(uuid(4), 14)]);
    expect(await sendPicturesMadeHere('u1', true)).toEqual({ sent: 1, refused: 0, deleted: 0 });
    expect(await ids()).toEqual([`server-${uuid(4)}`, 'a']);
  });

  it('stops when the network fails and keeps the rest for the next time', async () => {
    await keepMadeHere('u1', [drawnHere(uuid(1), 11), drawnHere(uuid(2), 12)]);
    gallery.down = true;
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 0, refused: 0, deleted: 0 });
    expect(await ids()).toEqual([`local-${uuid(2)} (here)`, `local-${uuid(1)} (here)`]);
    gallery.down = false;
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 2, refused: 0, deleted: 0 });
    expect(await ids()).toEqual([]);
  });

  it('keeps a picture the server refuses with the reason, sends the others, and tries it again next time', async () => {
    await keepMadeHere('u1', [drawnHere(uuid(1), 11, 'broken'), drawnHere(uuid(2), 12)]);
    gallery.refuse = 'broken';
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 1, refused: 1, deleted: 0 });
    const [kept] = await picturesOnDevice('u1');
    expect(kept).toMatchObject({ id: `local-${uuid(1)}`, madeHere: true, refused: 'This file is not a PNG, JPEG, WebP or GIF image.' });
    gallery.refuse = '';
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 1, refused: 0, deleted: 0 });
    expect(await ids()).toEqual([]);
  });
});

describe('a picture deleted from the gallery while its upload was under way', () => {
  it('is dropped from this device at the next sync, never sent again; the others still go', async () => {
    await keepMadeHere('u1', [drawnHere(uuid(1), 11), drawnHere(uuid(2), 12)]);
    // The first picture reaches the gallery, and the network fails before its answer arrives.
    gallery.loseAnswer = true;
    expect(await sendPicturesMadeHere('u1', true)).toEqual({ sent: 0, refused: 0, deleted: 0 });
    expect(gallery.sent.map((b) => b.clientId)).toEqual([uuid(1)]);
    expect(await ids()).toEqual([`local-${uuid(2)} (here)`, `local-${uuid(1)} (here)`]);
    // In another browser the user deletes it from the gallery; the server remembers its client id.
    gallery.deleted.add(uuid(1));
    Object.assign(gallery, { down: false, loseAnswer: false });
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 1, refused: 0, deleted: 1 });
    expect(gallery.sent.map((b) => b.clientId)).toEqual([uuid(1), uuid(2)]);
    expect(await ids()).toEqual([]);
    expect(await sendPicturesMadeHere('u1', false)).toEqual({ sent: 0, refused: 0, deleted: 0 });
  });
});

describe('uninstalling Image', () => {
  it("frees every account's copies of server pictures and keeps what was drawn here", async () => {
    await keepServerCopies('u1', [picture('a', 10)]);
    await keepServerCopies('u2', [picture('b', 11)]);
    await keepMadeHere('u1', [drawnHere(uuid(1), 12)]);
    await dropServerCopies();
    expect(await ids()).toEqual([`local-${uuid(1)} (here)`]);
    expect(await ids('u2')).toEqual([]);
  });
});
