import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_GRACE_MS, Blobs } from '../src/providers/blob/registry';
import { createTestApp, signUp, type TestApp } from './helpers';
import { startS3Server } from './s3-server';

// Blobs are content-addressed: equal bytes stored by two users are one file. Deleting one user's row must
// never take the other user's file; the collector removes the file once nothing references it and the
// grace period has passed. The same rules hold on the local disk and in an S3 bucket.

let t: TestApp;
let blobs: Blobs;

type User = Awaited<ReturnType<typeof signUp>>;
const noChange = { upscale: false, denoise: false, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0 } };
const W = 48;
const H = 32;

/** A PNG with varied pixels (a solid one would compress to almost nothing). */
async function picture(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 4);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = i % 4 === 3 ? 255 : x >>> 24;
  }
  return sharp(raw, { raw: { width: W, height: H, channels: 4 } }).png().toBuffer();
}
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const fileOf = (key: string) => join(t.blobDir, key.slice(0, 2), key);
const stored = (key: string) => t.blobStore.exists(key);
const keyOfFile = async (bytes: Buffer) => (await import('../src/providers/blob')).blobKey(bytes);

async function galleryUpload(u: User, png: Buffer) {
  const res = await t.app.inject({ method: 'POST', url: '/api/images/process', headers: u.auth, payload: { image: dataUrl(png), postProcessing: noChange } });
  expect(res.statusCode, res.body).toBe(201);
  const image = res.json() as { id: string; url: string };
  const file = await t.app.inject({ url: image.url });
  expect(file.statusCode).toBe(200);
  return { ...image, bytes: file.rawPayload };
}

async function saveCharacter(u: User, png: Buffer) {
  const canvasData = {
    width: W,
    height: H,
    activeLayerIndex: 0,
    layers: [{ name: 'Layer 1', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: dataUrl(png) }],
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/anime-helper/characters', headers: u.auth, payload: { name: 'Shared', versions: [{ canvasData }] } });
  expect(res.statusCode, res.body).toBe(201);
  const c = res.json() as { id: string; versions: { id: string }[] };
  const layer = async () => {
    const v = await t.app.inject({ url: `/api/anime-helper/characters/${c.id}/versions/${c.versions[0]!.id}`, headers: u.auth });
    return { status: v.statusCode, image: v.statusCode === 200 ? (v.json().canvasData.layers[0].image as string) : null };
  };
  const stored = await layer();
  return { id: c.id, layer, bytes: Buffer.from(stored.image!.split(',')[1]!, 'base64') };
}

describe.each(['files', 's3'] as const)('shared blobs (%s)', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3Server();
    t = await createTestApp(s3?.env);
    blobs = new Blobs(t.database.db, t.blobStore, t.clock);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('a gallery delete leaves another user’s character layer with the same bytes intact', async () => {
    const artist = await signUp(t.app, 'artist');
    const other = await signUp(t.app, 'other');
    const character = await saveCharacter(artist, await picture(1));
    // The other user uploads exactly the stored layer bytes: the store keeps one file for both.
    const image = await galleryUpload(other, character.bytes);
    expect(image.bytes.equals(character.bytes)).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${image.id}`, headers: other.auth })).statusCode).toBe(204);
    const after = await character.layer();
    expect(after.status).toBe(200);
    expect(after.image).toBe(dataUrl(character.bytes));
  });

  it('a character delete leaves another user’s gallery image with the same bytes intact, and the collector removes the file only once both are gone and the grace has passed', async () => {
    const owner = await signUp(t.app, 'owner');
    const drawer = await signUp(t.app, 'drawer');
    const image = await galleryUpload(owner, await picture(2));
    const character = await saveCharacter(drawer, image.bytes);
    expect(character.bytes.equals(image.bytes)).toBe(true);
    const key = await keyOfFile(image.bytes);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/anime-helper/characters/${character.id}`, headers: drawer.auth })).statusCode).toBe(204);
    const still = await t.app.inject({ url: image.url });
    expect(still.statusCode).toBe(200);
    expect(still.rawPayload.equals(image.bytes)).toBe(true);

    // Still referenced by the gallery image: never collected, whatever the time.
    t.clock.advance(BLOB_GRACE_MS * 3);
    expect((await blobs.sweep()).deleted).not.toContain(key);
    expect(await stored(key)).toBe(true);

    // Both rows gone: the collector marks the blob, keeps it for the grace period, then takes it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${image.id}`, headers: owner.auth })).statusCode).toBe(204);
    expect((await blobs.sweep()).deleted).not.toContain(key);
    t.clock.advance(BLOB_GRACE_MS - 1000);
    expect((await blobs.sweep()).deleted).not.toContain(key);
    expect(await stored(key)).toBe(true);
    t.clock.advance(2000);
    expect((await blobs.sweep()).deleted).toContain(key);
    expect(await stored(key)).toBe(false);
    if (kind === 'files') expect(existsSync(`${fileOf(key)}.type`)).toBe(false);
  });

  it('storing the same bytes again restarts the grace, and a collected blob stored again is written again', async () => {
    const bytes = await picture(3);
    // Nothing will reference it (as after a crash between storing the bytes and writing the row).
    const { key } = await blobs.put(bytes, 'image/png');
    expect((await blobs.sweep()).deleted).not.toContain(key);
    t.clock.advance(BLOB_GRACE_MS - 1000);
    await blobs.put(bytes, 'image/png');
    t.clock.advance(BLOB_GRACE_MS - 1000);
    // Stored again lately: the mark was cleared and the grace starts over.
    expect((await blobs.sweep()).deleted).not.toContain(key);
    t.clock.advance(BLOB_GRACE_MS + 1000);
    expect((await blobs.sweep()).deleted).toContain(key);
    expect(await blobs.get(key)).toBeNull();
    await blobs.put(bytes, 'image/png');
    expect((await blobs.get(key))?.data.equals(bytes)).toBe(true);
  });

  it('re-using blobs (a duplicated character) keeps them alive after the original is deleted', async () => {
    const u = await signUp(t.app, 'dup');
    const character = await saveCharacter(u, await picture(4));
    const key = await keyOfFile(character.bytes);
    t.clock.advance(BLOB_GRACE_MS * 2);
    const copy = await t.app.inject({ method: 'POST', url: `/api/anime-helper/characters/${character.id}/duplicate`, headers: u.auth });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/anime-helper/characters/${character.id}`, headers: u.auth })).statusCode).toBe(204);
    t.clock.advance(BLOB_GRACE_MS * 2);
    expect((await blobs.sweep()).deleted).not.toContain(key);
    const c = copy.json() as { id: string; versions: { id: string }[] };
    const v = await t.app.inject({ url: `/api/anime-helper/characters/${c.id}/versions/${c.versions[0]!.id}`, headers: u.auth });
    expect(v.statusCode).toBe(200);
    await expect(blobs.retain([key, 'f'.repeat(64)])).rejects.toThrow();
  });

  it('measures blobs registered without a size (stored before the registry existed)', async () => {
    const bytes = await picture(5);
    const { key } = await blobs.put(bytes, 'image/png');
    await t.database.exec(`UPDATE blobs SET size = NULL WHERE key = '${key}'`);
    expect((await blobs.sweep()).measured).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.execute(`SELECT size FROM blobs WHERE key = '${key}'`);
    expect(Number((rows as unknown as { rows: { size: string }[] }).rows[0]!.size)).toBe(bytes.length);
  });
});
