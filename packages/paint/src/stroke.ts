import { stampDab, type DabStyle } from './brush/dab.js';
import { CurveBuilder, DabSpacer, type PathSample } from './brush/path.js';
import { effectivePressure, pressureFactor, type InputPoint } from './brush/pressure.js';
import { createRandom } from '@yumi/core/random';
import type { BrushSettings } from './brush/settings.js';
import { PulledStringStabilizer, stabilizerRadius, type PathPoint } from './brush/stabilizer.js';
import { mirrorPoint, symmetryCopies, type Symmetry, type SymmetryCopy } from './brush/symmetry.js';
import { taperFactor } from './brush/taper.js';
import { getGrainTexture } from './brush/texture.js';
import type { RGBA } from './color.js';
import type { StrokeMode, StrokePreview } from './compositor.js';
import { DirtyRegion } from './dirty.js';
import { intersectRect, unionRect, type Rect } from './geometry.js';
import type { TileRecorder } from './history.js';
import type { Layer } from './layer.js';
import { MaskSurface } from './mask.js';
import { TILE_SIZE } from './tiles.js';

/** Dabs never come closer than this (px), so sub-pixel brushes stay affordable. */
export const MIN_DAB_STEP = 0.25;

export interface StrokeSetup {
  layerId: string;
  mode: StrokeMode;
  /** Ink colour (its alpha is ignored: opacity comes from the brush). */
  color: RGBA;
  settings: BrushSettings;
  /** Seed for scattering; fixed seeds make strokes reproducible. */
  seed?: number;
  /** Viewport zoom, so the stabiliser's string has the same on-screen length at any zoom. */
  zoom?: number;
  /** The active selection (document-sized coverage 0-255): the stroke paints only inside it. */
  selection?: Uint8Array | null;
  /** Symmetry rulers: each dab is also stamped at its mirror images. */
  symmetry?: Symmetry | null;
}

/** A dab as stamped (for tests, tools and the benchmark baseline). */
export interface DabRecord {
  x: number;
  y: number;
  /** Diameter after pressure and taper. */
  size: number;
  /** Opacity cap after pressure, 0-1. */
  cap: number;
  /** Arc length along the stroke. */
  s: number;
}

interface Dab {
  x: number;
  y: number;
  pressure: number;
  s: number;
  /** Scatter offset in diameters. */
  jx: number;
  jy: number;
}

/**
 * A stroke in progress: stabilises and interpolates the input, places dabs by spacing and stamps them
 * into its own coverage mask (the scratch surface). The compositor shows the mask on the layer; the
 * layer itself changes only on `commit`, which makes a stroke one undo step and caps its opacity.
 *
 * End taper needs the stroke's final length, unknown while drawing. Dabs closer to the current end
 * than the taper length are therefore drawn provisionally (full size) and lifted off the mask again
 * next frame; `finish` re-places them with the taper. No lag is visible and the taper is exact.
 */
export class Stroke implements StrokePreview {
  readonly layerId: string;
  readonly mode: StrokeMode;
  readonly color: RGBA;
  readonly mask: MaskSurface;
  /** Every dab stamped for good, in order. */
  readonly dabs: DabRecord[] = [];

  private readonly settings: BrushSettings;
  private readonly style: DabStyle;
  private readonly random: () => number;
  private readonly stabilizer: PulledStringStabilizer;
  private readonly curve = new CurveBuilder();
  private readonly spacer: DabSpacer;
  private readonly endTaper: number;
  private pending: Dab[] = [];
  /** Path vertices (with arc length) from the last final dab on; only kept when there is an end taper. */
  private tail: PathSample[] = [];
  private lastFinal: Dab | null = null;
  /** Mask under the provisional dabs (one area per symmetry copy, so mirrored halves stay small). */
  private provisional: { area: Rect; saved: Float32Array }[] = [];
  private readonly symmetry: Symmetry | null;
  /** Mirror copies with their tip style (angle turned or reversed). */
  private readonly copies: { copy: SymmetryCopy; style: DabStyle }[];
  private bounds: Rect | null = null;
  /** Cells touched by final dabs: what committing changes, at compositing granularity. */
  private readonly touched: DirtyRegion;
  private done = false;

  constructor(width: number, height: number, setup: StrokeSetup) {
    this.layerId = setup.layerId;
    this.mode = setup.mode;
    this.color = setup.color;
    this.settings = setup.settings;
    this.mask = new MaskSurface(width, height);
    this.touched = new DirtyRegion(width, height);
    const s = setup.settings;
    let grain = null;
    if (s.texturePath) {
      grain = getGrainTexture(s.texturePath) ?? null;
      if (!grain) throw new RangeError(`Brush texture '${s.texturePath}' is not registered`);
    }
    this.style = {
      tip: s.tipShape,
      hardness: s.hardness / 100,
      aliased: Boolean(s.aliased),
      angle: (s.rotation * Math.PI) / 180,
      flow: s.flowRate / 100,
      grain,
      grainStrength: (s.textureStrength ?? 60) / 100,
      clip: setup.selection ?? null,
    };
    this.symmetry = setup.symmetry && setup.symmetry.mode !== 'off' ? setup.symmetry : null;
    this.copies = this.symmetry
      ? symmetryCopies(this.symmetry).map((copy) => ({ copy, style: { ...this.style, angle: copy.angle(this.style.angle) } }))
      : [];
    this.random = createRandom(setup.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.stabilizer = new PulledStringStabilizer(stabilizerRadius(s.smoothing, setup.zoom ?? 1));
    this.endTaper = s.tapering.enabled ? s.tapering.endTaper : 0;
    this.spacer = new DabSpacer((sample) => this.stepAt(sample.pressure, sample.s, Infinity));
  }

  get isFinished(): boolean {
    return this.done;
  }

  /** Bounding box of everything stamped so far (final dabs). */
  get changedBounds(): Rect | null {
    return this.bounds;
  }

  /** Extends the stroke; marks the pixels whose preview changed in `dirty`. */
  addPoints(points: readonly InputPoint[], dirty: DirtyRegion): void {
    if (this.done) return;
    for (const p of points) {
      const moved = this.stabilizer.push({ x: p.x, y: p.y, pressure: effectivePressure(p) });
      if (moved) for (const v of this.curve.push(moved)) this.addVertex(v);
    }
    this.settle(dirty, Infinity);
  }

  /** Ends the stroke (release or leaving the canvas): catches up, applies the end taper. */
  finish(dirty: DirtyRegion): void {
    if (this.done) return;
    this.done = true;
    const last = this.stabilizer.finish();
    if (last) for (const v of this.curve.push(last)) this.addVertex(v);
    for (const v of this.curve.finish()) this.addVertex(v);
    this.settle(dirty, this.spacer.distance);
  }

  /**
   * Applies the mask to the layer (paint: colour over; erase: destination-out), recording the
   * touched tiles' previous content. Returns the changed rects (32 px cells).
   */
  commit(layer: Layer, recorder: TileRecorder): Rect[] {
    const surface = layer.surface;
    const erase = this.mode === 'erase';
    const { r: inkR, g: inkG, b: inkB } = this.color;
    // Alpha lock: paint tints existing pixels and keeps their coverage; erasing changes nothing.
    if (layer.alphaLock && erase) return [];
    const lockAlpha = layer.alphaLock;
    for (const index of this.mask.touchedTiles()) {
      const mt = this.mask.tile(index);
      if (!mt || mt.x1 <= mt.x0 || mt.y1 <= mt.y0) continue;
      if ((erase || lockAlpha) && !surface.tile(index)) continue; // nothing to erase or tint
      recorder.before(index, mt);
      const tile = surface.ensureTile(index);
      const m = mt.data;
      for (let y = mt.y0; y < mt.y1; y++) {
        for (let x = mt.x0, p = y * TILE_SIZE + x; x < mt.x1; x++, p++) {
          const cov = m[p] as number;
          if (cov <= 0) continue;
          const o = p * 4;
          const a = (tile[o + 3] as number) / 255;
          if (lockAlpha) {
            if (a === 0) continue;
            const keep = 1 - cov;
            tile[o] = inkR * cov + (tile[o] as number) * keep;
            tile[o + 1] = inkG * cov + (tile[o + 1] as number) * keep;
            tile[o + 2] = inkB * cov + (tile[o + 2] as number) * keep;
            continue;
          }
          if (erase) {
            const na = a * (1 - cov);
            if (na * 255 < 0.5) {
              tile[o] = tile[o + 1] = tile[o + 2] = tile[o + 3] = 0;
            } else tile[o + 3] = na * 255;
            continue;
          }
          const keep = a * (1 - cov);
          const na = cov + keep;
          if (na * 255 < 0.5) continue; // still rounds to transparent: keep the pixel all zero
          tile[o] = (inkR * cov + (tile[o] as number) * keep) / na;
          tile[o + 1] = (inkG * cov + (tile[o + 1] as number) * keep) / na;
          tile[o + 2] = (inkB * cov + (tile[o + 2] as number) * keep) / na;
          tile[o + 3] = na * 255;
        }
      }
      if (erase) surface.compactTile(index);
    }
    const changed = this.touched.rects();
    for (const r of changed) recorder.changed(r);
    return changed;
  }

  private addVertex(v: PathPoint): void {
    this.spacer.push(v, (sample) => this.pending.push(this.makeDab(sample)));
    if (this.endTaper > 0) this.tail.push({ ...v, s: this.spacer.distance });
  }

  private makeDab(sample: PathSample): Dab {
    let jx = 0;
    let jy = 0;
    if (this.settings.scattering > 0) {
      // uniform in a disk of radius scattering% of the diameter
      const r = Math.sqrt(this.random()) * (this.settings.scattering / 100);
      const a = this.random() * Math.PI * 2;
      jx = Math.cos(a) * r;
      jy = Math.sin(a) * r;
    }
    return { x: sample.x, y: sample.y, pressure: sample.pressure, s: sample.s, jx, jy };
  }

  private sizeAt(pressure: number, s: number, length: number): number {
    const st = this.settings;
    return st.size * pressureFactor(pressure, st.pressureSensitivity, st.pressureCurve) * taperFactor(st.tapering, s, length);
  }

  private stepAt(pressure: number, s: number, length: number): number {
    return Math.max(MIN_DAB_STEP, (this.settings.spacing / 100) * this.sizeAt(pressure, s, length));
  }

  /** Where, how big and how opaque a dab is drawn. */
  private resolve(d: Dab, length: number): DabRecord {
    const st = this.settings;
    const size = this.sizeAt(d.pressure, d.s, length);
    const cap = (st.opacity / 100) * pressureFactor(d.pressure, st.pressureSensitivity, st.pressureCurve);
    return { x: d.x + d.jx * size, y: d.y + d.jy * size, size, cap, s: d.s };
  }

  private stampFinal(d: Dab, length: number, dirty: DirtyRegion): void {
    const r = this.resolve(d, length);
    this.dabs.push(r);
    this.lastFinal = d;
    this.stampCopies(r, (area) => {
      dirty.add(area);
      this.touched.add(area);
      this.bounds = unionRect(this.bounds, area);
    });
  }

  /** Stamps a resolved dab and its symmetry copies; reports each stamped area. */
  private stampCopies(r: DabRecord, stamped?: (area: Rect) => void): void {
    const area = stampDab(this.mask, r.x, r.y, r.size, r.cap, this.style);
    if (area) stamped?.(area);
    const sym = this.symmetry;
    if (!sym) return;
    for (const { copy, style } of this.copies) {
      const m = mirrorPoint(sym, copy, r.x, r.y);
      const a = stampDab(this.mask, m.x, m.y, r.size, r.cap, style);
      if (a) stamped?.(a);
    }
  }

  /**
   * Lifts last frame's provisional dabs, stamps the dabs that are now final, and draws the rest
   * provisionally. `length` is the final stroke length once finishing, Infinity before.
   */
  private settle(dirty: DirtyRegion, length: number): void {
    // all areas were saved before any provisional dab, so overlapping ones restore the same values
    for (const p of this.provisional) {
      this.mask.restore(p.area, p.saved);
      dirty.add(p.area);
    }
    this.provisional = [];
    const finishing = Number.isFinite(length);
    const limit = this.endTaper > 0 ? this.spacer.distance - this.endTaper : Infinity;
    let i = 0;
    for (; i < this.pending.length; i++) {
      const d = this.pending[i] as Dab;
      if (d.s >= limit) break;
      this.stampFinal(d, length, dirty);
    }
    this.pending = this.pending.slice(i);
    if (this.endTaper > 0) this.trimTail();

    if (finishing) {
      if (this.endTaper > 0) this.placeTaperedTail(length, dirty);
      else for (const d of this.pending) this.stampFinal(d, length, dirty);
      this.pending = [];
      return;
    }
    if (this.pending.length === 0) return;
    // provisional: remember the mask under the tail (and its mirror images), then draw it at full size
    let area: Rect | null = null;
    for (const d of this.pending) area = unionRect(area, this.reach(d));
    if (!area) return;
    const areas = [area];
    const sym = this.symmetry;
    if (sym) {
      for (const { copy } of this.copies) {
        let box: Rect | null = null;
        for (const [x, y] of [
          [area.x, area.y],
          [area.x + area.width, area.y],
          [area.x, area.y + area.height],
          [area.x + area.width, area.y + area.height],
        ] as const) {
          const m = mirrorPoint(sym, copy, x, y);
          box = unionRect(box, { x: Math.floor(m.x) - 1, y: Math.floor(m.y) - 1, width: 3, height: 3 });
        }
        if (box) areas.push(box);
      }
    }
    const clip = { x: 0, y: 0, width: this.mask.width, height: this.mask.height };
    this.provisional = areas
      .map((a) => intersectRect(a, clip))
      .filter((a) => a.width > 0 && a.height > 0)
      .map((a) => ({ area: a, saved: this.mask.save(a) }));
    for (const d of this.pending) this.stampCopies(this.resolve(d, Infinity));
    for (const p of this.provisional) dirty.add(p.area);
  }

  /** Conservative box a dab can touch. */
  private reach(d: Dab): Rect {
    const size = this.sizeAt(d.pressure, d.s, Infinity);
    const r = size * 0.75 + Math.abs(d.jx * size) + Math.abs(d.jy * size) + 2;
    const x0 = Math.floor(d.x - r);
    const y0 = Math.floor(d.y - r);
    return { x: x0, y: y0, width: Math.ceil(d.x + r) - x0, height: Math.ceil(d.y + r) - y0 };
  }

  private trimTail(): void {
    const from = this.lastFinal?.s ?? -Infinity;
    let k = 0;
    while (k + 1 < this.tail.length && (this.tail[k + 1] as PathSample).s <= from) k++;
    if (k > 0) this.tail = this.tail.slice(k);
  }

  /** Re-places the dabs of the last `endTaper` pixels with tapered sizes and matching spacing. */
  private placeTaperedTail(length: number, dirty: DirtyRegion): void {
    const verts = this.tail;
    if (verts.length === 0) return;
    const lastFinal = this.lastFinal;
    let pos = lastFinal ? lastFinal.s + this.stepAt(lastFinal.pressure, lastFinal.s, length) : 0;
    let k = 0;
    while (pos <= length + 1e-9) {
      while (k + 1 < verts.length && (verts[k + 1] as PathSample).s < pos) k++;
      const a = verts[k] as PathSample;
      const b = verts[k + 1] ?? a;
      const span = b.s - a.s;
      const t = span > 0 ? Math.min(1, Math.max(0, (pos - a.s) / span)) : 0;
      const sample: PathSample = {
        x: a.x + (b.x - a.x) * t,
        y: a.y + (b.y - a.y) * t,
        pressure: a.pressure + (b.pressure - a.pressure) * t,
        s: pos,
      };
      this.stampFinal(this.makeDab(sample), length, dirty);
      pos += this.stepAt(sample.pressure, pos, length);
    }
  }
}
