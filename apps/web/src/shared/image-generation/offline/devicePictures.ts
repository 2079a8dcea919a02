import { imagesApi, type DeviceImageInput, type GeneratedImage } from '@yumi/core';
// The one helper, not the paint engine: Image mode does not load @yumi/paint.
import { bytesToBase64 } from '@yumi/paint/base64';
import type { DBSchema, IDBPDatabase } from 'idb';
import { ApiError, call, retryLater } from '../../api/client';
import { localDatabase } from '../../offline/idb';
import type { DeviceImage } from './engine';

/**
 * The Image mode's pictures on this device (IndexedDB through `idb`), so the gallery opens without a
 * network: pictures drawn here while offline (here only until the server has them: `sendPicturesMadeHere`)
 * and copies of the newest pictures of the server's gallery (kept while the mode is installed, bounded in
 * count and bytes). Each record names its owner, so another account on the same browser never sees it. The
 * bytes are a store of their own, read once per page into an object URL, so listing the gallery never copies
 * them all.
 */
interface StoredPicture {
  userId: string;
  /** The picture's details; `url` is made from the bytes when it is shown. */
  image: GeneratedImage;
  size: number;
  /** Drawn on this device: the server has not got it yet. */
  madeHere: boolean;
  /** Why the server did not take it the last time it was sent (tried again at the next sync). */
  refused?: string;
}
interface StoredFile {
  bytes: ArrayBuffer;
  type: string;
}
interface PicturesSchema extends DBSchema {
  pictures: { key: string; value: StoredPicture; indexes: { owner: string } };
  files: { key: string; value: StoredFile };
}

/** A picture as the gallery shows it. */
export type DevicePicture = GeneratedImage & { madeHere?: boolean; refused?: string };

/** How many of the server's newest pictures are copied here (one gallery page), and how many bytes at most. */
const SERVER_COPIES = 24;
const SERVER_COPY_BYTES = 48 * 1024 * 1024;
/** Sending a picture of a few megabytes on a slow link. */
const SEND_TIMEOUT = 120_000;
/** Fired on window once pictures drawn here have reached the server's gallery. */
export const PICTURES_SENT = 'yumi:pictures-sent';

const database = localDatabase<PicturesSchema>('yumi-image-gallery', 1, (db) => {
  db.createObjectStore('pictures', { keyPath: 'image.id' }).createIndex('owner', 'userId');
  db.createObjectStore('files');
});

/** One object URL per picture for the page's life. */
const urls = new Map<string, string>();
function forget(id: string) {
  const url = urls.get(id);
  if (url) URL.revokeObjectURL(url);
  urls.delete(id);
}

async function shown(db: IDBPDatabase<PicturesSchema>, p: StoredPicture): Promise<DevicePicture | null> {
  let url = urls.get(p.image.id);
  if (!url) {
    const file = await db.get('files', p.image.id);
    if (!file) return null;
    url = URL.createObjectURL(new Blob([file.bytes], { type: file.type }));
    urls.set(p.image.id, url);
  }
  return { ...p.image, url, madeHere: p.madeHere, refused: p.refused };
}

async function put(records: Array<{ picture: StoredPicture; file: StoredFile }>): Promise<void> {
  await database.use(async (db) => {
    const tx = db.transaction(['pictures', 'files'], 'readwrite');
    const writes = records.flatMap(({ picture, file }) => [tx.objectStore('pictures').put(picture), tx.objectStore('files').put(file, picture.image.id)]);
    await Promise.all([...writes, tx.done]);
  });
}

const stored = (userId: string) => database.use((db) => db.getAllFromIndex('pictures', 'owner', userId));

/** The user's pictures on this device, newest first. */
export function picturesOnDevice(userId: string): Promise<DevicePicture[]> {
  return database.use(async (db) => {
    const all = (await db.getAllFromIndex('pictures', 'owner', userId)).sort((a, b) => b.image.createdAt.localeCompare(a.image.createdAt));
    const out: DevicePicture[] = [];
    for (const p of all) {
      const picture = await shown(db, p);
      if (picture) out.push(picture);
    }
    return out;
  });
}

/** Keeps pictures drawn on this device; answers them as the gallery shows them. */
export async function keepMadeHere(userId: string, images: DeviceImage[]): Promise<DevicePicture[]> {
  const records = await Promise.all(
    images.map(async ({ png, ...image }) => ({
      picture: { userId, image: { ...image, url: '' }, size: png.size, madeHere: true },
      file: { bytes: await png.arrayBuffer(), type: png.type },
    })),
  );
  await put(records);
  return database.use(async (db) => (await Promise.all(records.map((r) => shown(db, r.picture)))).filter((p): p is DevicePicture => p !== null));
}

export async function removeFromDevice(id: string): Promise<void> {
  await database.use(async (db) => {
    const tx = db.transaction(['pictures', 'files'], 'readwrite');
    await Promise.all([tx.objectStore('pictures').delete(id), tx.objectStore('files').delete(id), tx.done]);
  });
  forget(id);
}

/**
 * Uninstalling Image frees what it kept for offline use: every account's copies of server pictures go.
 * Pictures drawn here stay until the server has them (they exist nowhere else).
 */
export async function dropServerCopies(): Promise<void> {
  const ids = await database.use(async (db) => (await db.getAll('pictures')).filter((p) => !p.madeHere).map((p) => p.image.id));
  for (const id of ids) await removeFromDevice(id);
}

let copying: Promise<boolean> | null = null;
/**
 * Copies the newest pictures of the server's gallery to this device and drops the copies of those no longer
 * among them (deleted, or pushed out by newer ones); pictures made here stay. Answers whether anything changed.
 */
export function keepServerCopies(userId: string, newest: GeneratedImage[]): Promise<boolean> {
  copying ??= (async () => {
    const wanted = newest.slice(0, SERVER_COPIES);
    const ids = new Set(wanted.map((i) => i.id));
    const copies = (await stored(userId)).filter((p) => !p.madeHere);
    const stale = copies.filter((p) => !ids.has(p.image.id));
    for (const p of stale) await removeFromDevice(p.image.id);
    const have = new Set(copies.map((p) => p.image.id));
    let bytes = copies.filter((p) => ids.has(p.image.id)).reduce((sum, p) => sum + p.size, 0);
    let added = 0;
    for (const image of wanted) {
      if (have.has(image.id)) continue;
      const res = await fetch(image.url);
      if (!res.ok) continue;
      const data = await res.arrayBuffer();
      if ((bytes += data.byteLength) > SERVER_COPY_BYTES) break;
      await put([
        {
          picture: { userId, image: { ...image, url: '' }, size: data.byteLength, madeHere: false },
          file: { bytes: data, type: res.headers.get('content-type') ?? 'image/png' },
        },
      ]);
      added += 1;
    }
    return stale.length + added > 0;
  })().finally(() => (copying = null));
  return copying;
}

/**
 * What one sync did: pictures now in the server's gallery, those it refused (kept here with the reason), and
 * those the user had deleted from the gallery meanwhile (dropped here).
 */
interface SentPictures {
  sent: number;
  refused: number;
  deleted: number;
}

/** One picture drawn here, as the server's gallery takes it; its local id (`local-<uuid>`) is the client id. */
async function sendOne(p: StoredPicture, file: StoredFile): Promise<GeneratedImage> {
  const { referenceImage: _reference, onDevice: _onDevice, ...drawnWith } = p.image.params as Record<string, unknown>;
  return call(
    imagesApi.fromDevice,
    {
      body: {
        clientId: p.image.id.replace(/^local-/, ''),
        image: `data:${file.type};base64,${bytesToBase64(new Uint8Array(file.bytes))}`,
        prompt: p.image.prompt,
        negativePrompt: p.image.negativePrompt,
        seed: p.image.seed,
        // As the engine parsed them; the server checks them again.
        settings: drawnWith as DeviceImageInput['settings'],
        drawnAt: p.image.createdAt,
      },
    },
    // Safe to send again: the server stores a client id once.
    { timeoutMs: SEND_TIMEOUT, retries: 2 },
  );
}

let sending: Promise<SentPictures> | null = null;
/**
 * Sends the pictures this user drew here while offline to their gallery on the server, oldest first, one at a
 * time; each leaves this device once the server has it (kept as a copy of the server's picture when
 * `keepCopies`: Image is installed for offline use). Stops at the first network failure (the rest wait for the
 * next time the network returns); a picture the server refuses stays here with the reason; one the user
 * deleted from the gallery after an earlier send reached it (410) leaves this device.
 */
export function sendPicturesMadeHere(userId: string, keepCopies: boolean): Promise<SentPictures> {
  sending ??= (async () => {
    const result: SentPictures = { sent: 0, refused: 0, deleted: 0 };
    const waiting = (await stored(userId)).filter((p) => p.madeHere).sort((a, b) => a.image.createdAt.localeCompare(b.image.createdAt));
    for (const p of waiting) {
      const file = await database.use((db) => db.get('files', p.image.id));
      if (!file) continue;
      let image: GeneratedImage;
      try {
        image = await sendOne(p, file);
      } catch (err) {
        // Unreachable, signed out, busy: the next sync tries again. A refusal says why on the picture.
        if (retryLater(err) || !(err instanceof ApiError)) break;
        // An earlier send reached the gallery (its answer was lost on the way) and the user deleted the picture
        // there since: deleted is deleted, so this copy goes too rather than being sent again.
        if (err.status === 410) {
          await removeFromDevice(p.image.id);
          result.deleted += 1;
          continue;
        }
        await put([{ picture: { ...p, refused: err.message }, file }]);
        result.refused += 1;
        continue;
      }
      await removeFromDevice(p.image.id);
      if (keepCopies) await put([{ picture: { userId, image: { ...image, url: '' }, size: file.bytes.byteLength, madeHere: false }, file }]);
      result.sent += 1;
    }
    if (result.sent + result.refused + result.deleted > 0 && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(PICTURES_SENT, { detail: result }));
    return result;
  })().finally(() => (sending = null));
  return sending;
}
