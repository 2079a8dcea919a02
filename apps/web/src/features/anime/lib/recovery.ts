import { restoreDocument, TILE_BYTES, type LayerProps, type PaintDocument, type SerializedDocument, type Symmetry } from '@yumi/paint';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Crash recovery: the current drawing is kept in IndexedDB and offered back after a reload. It is
 * written tile by tile: after each pen-up only the tiles that changed since the last write are put
 * (a few 64 KB tiles, not the whole drawing), so a stroke is safe the moment the pen lifts.
 */
const DB_NAME = 'yumi-anime';

interface RecoveryMeta {
  format: 'tiles';
  savedAt: number;
  width: number;
  height: number;
  activeLayerId: string;
  /** The symmetry ruler (absent in records written before it was kept). */
  symmetry?: Symmetry | null;
  /** Bottom to top. */
  layers: (LayerProps & { id: string; group?: boolean; parentId?: string | null })[];
  characterId: string | null;
  characterName: string;
}
/** What version 1 kept: the whole drawing serialized at once (still read, never written). */
interface LegacyRecord {
  savedAt: number;
  document: SerializedDocument;
  characterId: string | null;
  characterName: string;
}

interface RecoverySchema extends DBSchema {
  recovery: { key: string; value: RecoveryMeta | LegacyRecord };
  /** [layer id, tile index] -> the tile's RGBA. */
  tiles: { key: [string, number]; value: Uint8ClampedArray };
}

let dbPromise: Promise<IDBPDatabase<RecoverySchema>> | null = null;
function db(): Promise<IDBPDatabase<RecoverySchema>> {
  dbPromise ??= openDB<RecoverySchema>(DB_NAME, 2, {
    upgrade(d) {
      if (!d.objectStoreNames.contains('recovery')) d.createObjectStore('recovery');
      if (!d.objectStoreNames.contains('tiles')) d.createObjectStore('tiles');
    },
  });
  return dbPromise;
}

const layerRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/** Writes what changed since its last write; one instance per engine. */
export class RecoveryWriter {
  private doc: PaintDocument | null = null;
  /** Per layer id: the tile versions last written. */
  private written = new Map<string, Float64Array>();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly current: () => { doc: PaintDocument; characterId: string | null; characterName: string }) {}

  /** Saves now (or right after the write in progress); resolves when the data is committed. */
  save(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.write()
      .finally(() => {
        this.running = null;
      })
      .then(() => {
        if (!this.again) return;
        this.again = false;
        return this.save();
      });
    return this.running;
  }

  private async write(): Promise<void> {
    const d = await db();
    // Everything below runs synchronously: IndexedDB copies each tile at put(), so later edits cannot leak in.
    const { doc, characterId, characterName } = this.current();
    const tx = d.transaction(['recovery', 'tiles'], 'readwrite');
    const tiles = tx.objectStore('tiles');
    const whole = doc !== this.doc;
    if (whole) {
      void tiles.clear();
      this.written = new Map();
      this.doc = doc;
    }
    const live = new Set(doc.layers.map((l) => l.id));
    for (const id of this.written.keys()) {
      if (live.has(id)) continue;
      void tiles.delete(layerRange(id));
      this.written.delete(id);
    }
    for (const layer of doc.layers) {
      const s = layer.surface;
      let seen = this.written.get(layer.id);
      if (!seen) {
        seen = new Float64Array(s.tileCount).fill(-1);
        this.written.set(layer.id, seen);
      }
      for (let i = 0; i < s.tileCount; i++) {
        const v = s.version(i);
        if (v === seen[i]) continue;
        seen[i] = v;
        const tile = s.tile(i);
        if (tile) void tiles.put(tile, [layer.id, i]);
        else if (!whole) void tiles.delete([layer.id, i]);
      }
    }
    const meta: RecoveryMeta = {
      format: 'tiles',
      savedAt: Date.now(),
      width: doc.width,
      height: doc.height,
      activeLayerId: doc.activeLayerId,
      symmetry: doc.symmetry,
      layers: doc.layers.map((l) => ({ id: l.id, name: l.name, visible: l.visible, opacity: l.opacity, blendMode: l.blendMode, locked: l.locked, alphaLock: l.alphaLock, clipping: l.clipping, group: l.group, passThrough: l.passThrough, parentId: l.parentId })),
      characterId,
      characterName,
    };
    void tx.objectStore('recovery').put(meta, 'current');
    try {
      await tx.done;
    } catch (err) {
      this.doc = null; // unknown what landed: write everything next time
      throw err;
    }
  }
}

/** The saved drawing, or null; a corrupt record throws 'corrupt' (the caller tells the user and clears it). */
export async function loadRecovery(): Promise<{ record: { characterId: string | null; characterName: string; savedAt: number }; document: PaintDocument } | null> {
  const d = await db();
  const record = await d.get('recovery', 'current');
  if (!record) return null;
  try {
    if (!('format' in record)) return { record, document: restoreDocument(record.document) };
    const doc = restoreDocument({
      format: 'yumi-paint',
      version: 1,
      width: record.width,
      height: record.height,
      activeLayerId: record.activeLayerId,
      ...(record.symmetry ? { symmetry: record.symmetry } : {}),
      layers: record.layers.map((l) => ({ ...l, bounds: null, rgba: new Uint8ClampedArray(0) })),
    });
    for (const layer of doc.layers) {
      const keys = await d.getAllKeys('tiles', layerRange(layer.id));
      const values = await d.getAll('tiles', layerRange(layer.id));
      keys.forEach(([, index], k) => {
        const tile = values[k];
        if (!(tile instanceof Uint8ClampedArray) || tile.length !== TILE_BYTES || index < 0 || index >= layer.surface.tileCount) throw new Error('tile');
        layer.surface.setTile(index, tile);
      });
    }
    return { record, document: doc };
  } catch {
    throw new Error('corrupt');
  }
}

export async function clearRecovery(): Promise<void> {
  const d = await db();
  const tx = d.transaction(['recovery', 'tiles'], 'readwrite');
  void tx.objectStore('recovery').delete('current');
  void tx.objectStore('tiles').clear();
  await tx.done;
}
