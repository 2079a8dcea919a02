import { intersectRect, type Rect } from '../geometry.js';
import type { MaskSurface } from '../mask.js';
import { forEachTileIn, TILE_SIZE } from '../tiles.js';
import { TIP_ASPECT, type TipShape } from './settings.js';
import { sampleGrain, type GrainTexture } from './texture.js';

/** Per-stroke constants of how a dab is drawn (precomputed once, used for every dab). */
export interface DabStyle {
  tip: TipShape;
  /** 0-1. */
  hardness: number;
  aliased: boolean;
  /** Tip rotation. */
  angle: number;
  /** Per-dab alpha, 0-1. */
  flow: number;
  grain: GrainTexture | null;
  /** 0-1. */
  grainStrength: number;
  /**
   * The active selection (coverage 0-255 per document pixel, rows of the mask's width): dabs only
   * reach as far as it and are scaled by it, so a feathered edge paints softly. Null: everywhere.
   */
  clip?: Uint8Array | null;
}

const INV255 = 1 / 255;

/**
 * Stamps one dab into a stroke mask and returns the pixels it touched (null if none).
 * Per-stroke max accumulation: each dab pulls a pixel towards its own target (cap * coverage) by
 * `flow`, never lowering it. At full flow that is max(), so overlapping dabs of one stroke never exceed
 * the stroke opacity and antialiased edges stay soft; low flow builds up towards the target (airbrush).
 */
export function stampDab(
  mask: MaskSurface,
  x: number,
  y: number,
  diameter: number,
  cap: number,
  style: DabStyle,
): Rect | null {
  if (!(diameter > 0) || !(cap > 0)) return null;
  if (style.aliased) return stampAliased(mask, x, y, diameter, cap, style);
  if (diameter < 1) return stampSubPixel(mask, x, y, diameter, cap, style);

  const rx = diameter / 2;
  const ry = Math.max(0.05, rx * TIP_ASPECT[style.tip]);
  const boxy = style.tip === 'square' || style.tip === 'chisel';
  const reach = (boxy ? Math.hypot(rx, ry) : rx) + 1;
  const area = clipToMask(mask, x - reach, y - reach, x + reach, y + reach);
  if (!area) return null;

  const cos = Math.cos(style.angle);
  const sin = Math.sin(style.angle);
  const hard = style.hardness;
  const flow = style.flow;
  const grain = style.grain;
  const gs = style.grainStrength;
  const circle = style.tip === 'round';
  const clip = style.clip ?? null;
  const stride = mask.width;

  forEachTileIn(mask, area, (index, o, ox, oy) => {
    const t = mask.ensureTile(index);
    const data = t.data;
    let touched = false;
    for (let py = o.y; py < o.y + o.height; py++) {
      const dy = py + 0.5 - y;
      let p = (py - oy) * TILE_SIZE + (o.x - ox);
      for (let px = o.x; px < o.x + o.width; px++, p++) {
        const dx = px + 0.5 - x;
        let cov: number;
        let rho: number;
        if (circle) {
          const dist = Math.sqrt(dx * dx + dy * dy);
          rho = dist / rx;
          cov = boxOverlap(dist, rx);
        } else {
          // rotate into the tip's frame
          const u = dx * cos + dy * sin;
          const v = -dx * sin + dy * cos;
          if (boxy) {
            rho = Math.max(Math.abs(u) / rx, Math.abs(v) / ry);
            cov = boxOverlap(u, rx) * boxOverlap(v, ry);
          } else {
            const dist = Math.sqrt(u * u + v * v);
            rho = Math.sqrt((u / rx) * (u / rx) + (v / ry) * (v / ry));
            // radius of the ellipse along this pixel's direction (the minor one at the centre)
            cov = boxOverlap(dist, rho > 0 ? dist / rho : ry);
          }
        }
        if (cov <= 0) continue;
        if (clip) {
          const c = clip[py * stride + px] as number;
          if (c === 0) continue;
          cov *= c * INV255;
        }
        if (hard < 1) cov *= falloff(rho, hard);
        if (grain) cov *= 1 - gs * (1 - sampleGrain(grain, px, py));
        const target = cap * cov;
        const m = data[p] as number;
        if (target > m) {
          data[p] = m + (target - m) * flow;
          touched = true;
        }
      }
    }
    if (touched) growBox(t, o, ox, oy);
  });
  return area;
}

/** Length of [c - 0.5, c + 0.5] (one pixel) inside [-r, r]: exact 1D coverage, right for thin tips too. */
function boxOverlap(c: number, r: number): number {
  const v = Math.min(c + 0.5, r) - Math.max(c - 0.5, -r);
  return v <= 0 ? 0 : v >= 1 ? 1 : v;
}

/** Soft edge: full inside `hardness` of the radius, then a smoothstep down to 0 at the rim. */
function falloff(rho: number, hardness: number): number {
  if (rho <= hardness) return 1;
  if (rho >= 1) return 0;
  const t = (rho - hardness) / (1 - hardness);
  return 1 - t * t * (3 - 2 * t);
}

/**
 * A dab narrower than a pixel: splat its centre bilinearly with strength = its diameter, the share of a
 * pixel the line sweeps. Dense dabs of a thin line therefore give ~diameter coverage across the line
 * instead of vanishing between pixel centres.
 */
function stampSubPixel(
  mask: MaskSurface,
  x: number,
  y: number,
  d: number,
  cap: number,
  style: DabStyle,
): Rect | null {
  const gx = x - 0.5;
  const gy = y - 0.5;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const fx = gx - x0;
  const fy = gy - y0;
  const strength = d;
  deposit(mask, x0, y0, strength * (1 - fx) * (1 - fy), cap, style);
  deposit(mask, x0 + 1, y0, strength * fx * (1 - fy), cap, style);
  deposit(mask, x0, y0 + 1, strength * (1 - fx) * fy, cap, style);
  deposit(mask, x0 + 1, y0 + 1, strength * fx * fy, cap, style);
  return intersectRect(
    { x: x0, y: y0, width: 2, height: 2 },
    { x: 0, y: 0, width: mask.width, height: mask.height },
  );
}

/** Pixel art: whole pixels, snapped to the grid, no antialiasing, no rotation. */
function stampAliased(
  mask: MaskSurface,
  x: number,
  y: number,
  d: number,
  cap: number,
  style: DabStyle,
): Rect | null {
  const n = Math.max(1, Math.round(d));
  const left = n % 2 === 1 ? Math.floor(x) - (n - 1) / 2 : Math.round(x) - n / 2;
  const top = n % 2 === 1 ? Math.floor(y) - (n - 1) / 2 : Math.round(y) - n / 2;
  const round = style.tip !== 'square' && style.tip !== 'chisel' && n > 2;
  const c = (n - 1) / 2;
  const r2 = (n / 2) * (n / 2) + 0.25;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (round && (i - c) * (i - c) + (j - c) * (j - c) > r2) continue;
      deposit(mask, left + i, top + j, 1, cap, style);
    }
  }
  return intersectRect(
    { x: left, y: top, width: n, height: n },
    { x: 0, y: 0, width: mask.width, height: mask.height },
  );
}

function deposit(mask: MaskSurface, px: number, py: number, cov: number, cap: number, style: DabStyle): void {
  if (cov <= 0 || px < 0 || py < 0 || px >= mask.width || py >= mask.height) return;
  if (style.clip) cov *= (style.clip[py * mask.width + px] as number) * INV255;
  if (cov <= 0) return;
  if (style.grain) cov *= 1 - style.grainStrength * (1 - sampleGrain(style.grain, px, py));
  const tx = Math.floor(px / TILE_SIZE);
  const ty = Math.floor(py / TILE_SIZE);
  const t = mask.ensureTile(ty * mask.cols + tx);
  const lx = px - tx * TILE_SIZE;
  const ly = py - ty * TILE_SIZE;
  const p = ly * TILE_SIZE + lx;
  const m = t.data[p] as number;
  const target = cap * Math.min(1, cov);
  if (target <= m) return;
  t.data[p] = m + (target - m) * style.flow;
  t.x0 = Math.min(t.x0, lx);
  t.y0 = Math.min(t.y0, ly);
  t.x1 = Math.max(t.x1, lx + 1);
  t.y1 = Math.max(t.y1, ly + 1);
}

function growBox(
  t: { x0: number; y0: number; x1: number; y1: number },
  o: Rect,
  ox: number,
  oy: number,
): void {
  t.x0 = Math.min(t.x0, o.x - ox);
  t.y0 = Math.min(t.y0, o.y - oy);
  t.x1 = Math.max(t.x1, o.x - ox + o.width);
  t.y1 = Math.max(t.y1, o.y - oy + o.height);
}

function clipToMask(mask: MaskSurface, x0: number, y0: number, x1: number, y1: number): Rect | null {
  const r = intersectRect(
    {
      x: Math.floor(x0),
      y: Math.floor(y0),
      width: Math.ceil(x1) - Math.floor(x0),
      height: Math.ceil(y1) - Math.floor(y0),
    },
    { x: 0, y: 0, width: mask.width, height: mask.height },
  );
  return r.width > 0 && r.height > 0 ? r : null;
}
