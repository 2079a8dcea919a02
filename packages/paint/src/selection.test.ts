import { describe, expect, it } from 'vitest';
import { PaintEngine } from './engine.js';
import { drawStroke, line } from './test/helpers.js';
import {
  combineSelection,
  ellipseSelection,
  featherSelection,
  invertSelection,
  polygonSelection,
  rectSelection,
  selectionBounds,
} from './selection.js';

const W = 40;
const H = 30;
const count = (m: Uint8Array) => m.reduce((n, v) => n + (v === 255 ? 1 : 0), 0);
const px = (e: PaintEngine, x: number, y: number) =>
  Array.from(e.document.activeLayer.surface.readRect({ x, y, width: 1, height: 1 }));

describe('selection shapes', () => {
  it('rectangle, ellipse and lasso select the pixels whose centres they contain', () => {
    expect(count(rectSelection(W, H, { x: 2, y: 3, width: 10, height: 5 }))).toBe(50);
    // dragged up-left gives the same rect
    expect(rectSelection(W, H, { x: 12, y: 8, width: -10, height: -5 })).toEqual(rectSelection(W, H, { x: 2, y: 3, width: 10, height: 5 }));
    const e = ellipseSelection(W, H, { x: 0, y: 0, width: 20, height: 20 });
    expect(Math.abs(count(e) - Math.PI * 100)).toBeLessThan(12);
    expect(e[10 * W + 10]).toBe(255);
    expect(e[0]).toBe(0);
    const tri = polygonSelection(W, H, [{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 0, y: 20 }]);
    expect(Math.abs(count(tri) - 200)).toBeLessThan(12);
    expect(selectionBounds(tri, W, H)).toEqual({ x: 0, y: 0, width: 20, height: 20 });
  });

  it('adds, subtracts, inverts and feathers', () => {
    const a = rectSelection(W, H, { x: 0, y: 0, width: 10, height: 10 });
    const b = rectSelection(W, H, { x: 5, y: 0, width: 10, height: 10 });
    expect(count(combineSelection(a, b, 'add'))).toBe(150);
    expect(count(combineSelection(a, b, 'subtract'))).toBe(50);
    expect(count(combineSelection(null, b, 'replace'))).toBe(100);
    expect(count(invertSelection(a))).toBe(W * H - 100);
    const f = featherSelection(rectSelection(W, H, { x: 10, y: 10, width: 20, height: 10 }), W, H, 6);
    expect(f[15 * W + 20]).toBeGreaterThan(200); // centre stays selected
    const edge = f[15 * W + 10] as number;
    expect(edge).toBeGreaterThan(60); // the edge becomes partly selected
    expect(edge).toBeLessThan(200);
    expect(f[15 * W]).toBe(0);
  });
});

describe('engine selection edits', () => {
  const filled = () => {
    const e = new PaintEngine({ width: W, height: H });
    const data = new Uint8ClampedArray(10 * 10 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([255, 0, 0, 255], i);
    e.applyPixels(e.document.activeLayerId, { x: 0, y: 0, width: 10, height: 10 }, data);
    e.setSelection(rectSelection(W, H, { x: 0, y: 0, width: 10, height: 10 }));
    return e;
  };

  it('moves the selected pixels and the selection with them, as one undo step', () => {
    const e = filled();
    expect(e.transformSelection(e.document.activeLayerId, [1, 0, 0, 1, 20, 5]).ok).toBe(true);
    expect(px(e, 2, 2)).toEqual([0, 0, 0, 0]);
    expect(px(e, 22, 7)).toEqual([255, 0, 0, 255]);
    expect(e.getSnapshot().selection).toEqual({ x: 20, y: 5, width: 10, height: 10 });
    e.undo();
    expect(px(e, 2, 2)).toEqual([255, 0, 0, 255]);
  });

  it('flips and scales with free transform', () => {
    const e = filled();
    // scale x2 around the origin: covers 0..20
    e.transformSelection(e.document.activeLayerId, [2, 0, 0, 2, 0, 0]);
    expect(px(e, 18, 18)).toEqual([255, 0, 0, 255]);
    expect(px(e, 22, 5)[3]).toBe(0);
  });

  it('copies with the selection as alpha and deletes the selected pixels', () => {
    const e = filled();
    e.setSelection(rectSelection(W, H, { x: 5, y: 5, width: 10, height: 10 }));
    const c = e.copySelection(e.document.activeLayerId)!;
    expect([c.x, c.y, c.image.width, c.image.height]).toEqual([5, 5, 10, 10]);
    expect(Array.from(c.image.data.subarray(0, 4))).toEqual([255, 0, 0, 255]);
    expect(c.image.data[(9 * 10 + 9) * 4 + 3]).toBe(0);
    e.deleteSelection(e.document.activeLayerId);
    expect(px(e, 6, 6)[3]).toBe(0);
    expect(px(e, 2, 2)[3]).toBe(255);
    e.setSelection(new Uint8Array(W * H));
    expect(e.selection).toBeNull();
  });

  it('brushes and erasers paint only inside the selection, softly at a feathered edge', () => {
    const e = new PaintEngine({ width: 120, height: 60 });
    e.setBrush({ size: 20, opacity: 100, hardness: 100 });
    e.setSelection(rectSelection(120, 60, { x: 40, y: 0, width: 40, height: 60 }));
    drawStroke(e, line(5, 30, 115, 30, 30));
    expect(px(e, 60, 30)[3]).toBe(255);
    expect(px(e, 20, 30)[3]).toBe(0); // left of the selection
    expect(px(e, 100, 30)[3]).toBe(0); // right of it
    expect(px(e, 39, 30)[3]).toBe(0);
    expect(px(e, 40, 30)[3]).toBe(255);
    // the eraser too: erase across everything with only a middle band selected
    e.setSelection(rectSelection(120, 60, { x: 55, y: 0, width: 10, height: 60 }));
    e.setTool('eraser');
    drawStroke(e, line(5, 30, 115, 30, 30));
    expect(px(e, 60, 30)[3]).toBe(0);
    expect(px(e, 45, 30)[3]).toBe(255);
    // a feathered selection scales the brush: half selected paints about half
    e.setTool('brush');
    e.setSelection(null);
    e.clearLayer(e.document.activeLayerId);
    const half = new Uint8Array(120 * 60).fill(128);
    e.setSelection(half);
    drawStroke(e, line(5, 30, 115, 30, 30));
    expect(Math.abs((px(e, 60, 30)[3] as number) - 128)).toBeLessThanOrEqual(2);
  });
});
