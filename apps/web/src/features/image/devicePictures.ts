import type { GeneratedImage } from '@yumi/core';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { DeviceImage } from '../../shared/image-generation/offline/engine';
import { localDatabase } from '../../shared/offline/idb';

/**
 * The Image mode's pictures on this device (IndexedDB through `idb`), so the gallery opens without a
 * network: pictures drawn here while offline (they live only here) and copies of the newest pictures of the
 * server's gallery (kept while the mode is installed, bounded in count and bytes). Each record names its
 * owner, so another account on the same browser never sees it. The bytes are a store of their own, read once
 * per page into an object URL, so listing the gallery never copies them all.
 */
interface StoredPicture {
  userId: string;
  /** The picture's details; `url` is made from the bytes when it is shown. */
  image: GeneratedImage;
  size: number;
  /** Drawn on this device: the server has never seen it. */
  madeHere: boolean;
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
export type DevicePicture = GeneratedImage & { madeHere?: boolean };

/** How many of the server's newest pictures are copied here (one gallery page), and how many bytes at most. */
const SERVER_COPIES = 24;
const SERVER_COPY_BYTES = 48 * 1024 * 1024;

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
  return { ...p.image, url, madeHere: p.madeHere };
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
