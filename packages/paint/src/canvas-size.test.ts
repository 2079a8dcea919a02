import { describe, expect, it } from 'vitest';
import { anchorOffset, canvasMemory, documentFromImage } from './canvas-size.js';
import { PaintEngine } from './engine.js';
import { MAX_DOCUMENT_SIZE } from './tiles.js';
import { Viewport } from './viewport.js';

const solid = (w: number, h: number, rgba: number[]) => {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { data, width: w, height: h };
};
const px = (e: PaintEngine, x: number, y: number, layer = e.document.activeLayerId) =>
  Array.from(e.document.layer(layer).surface.readRect({ x, y, width: 1, height: 1 }));

describe('canvas size', () => {
  it('places the old picture by anchor', () => {
    const from = { width: 100, height: 50 };
    expect(anchorOffset(from, { width: 200, height: 150 }, 'top-left')).toEqual({ x: 0, y: 0 });
    expect(anchorOffset(from, { width: 200, height: 150 }, 'center')).toEqual({ x: 50, y: 50 });
    expect(anchorOffset(from, { width: 200, height: 150 }, 'bottom-right')).toEqual({ x: 100, y: 100 });
    // Shrinking crops: the offset goes negative.
    expect(anchorOffset(from, { width: 60, height: 50 }, 'right')).toEqual({ x: -40, y: 0 });
  });

  it('grows and crops around the anchor as one undo step, keeping layers and their properties', () => {
    const e = new PaintEngine({ width: 300, height: 200 });
    const id = e.document.activeLayerId;
    e.applyPixels(id, { x: 10, y: 20, width: 5, height: 5 }, solid(5, 5, [255, 0, 0, 255]).data);
    e.setLayerProps(id, { opacity: 40, blendMode: 'multiply' });
    e.resizeCanvas(500, 400, 'bottom-right');
    expect([e.document.width, e.document.height]).toEqual([500, 400]);
    expect(e.output.width).toBe(500);
    expect(px(e, 210, 220)).toEqual([255, 0, 0, 255]);
    expect(px(e, 10, 20)).toEqual([0, 0, 0, 0]);
    expect(e.document.activeLayer).toMatchObject({ id, opacity: 40, blendMode: 'multiply' });
    expect(e.history.undoLabel).toBe('Canvas size');
    // Crop to a rect: what lies outside is cut off.
    e.resizeCanvas(4, 4, { x: -211, y: -221 });
    expect(px(e, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(e, 3, 3)).toEqual([255, 0, 0, 255]);
    e.undo();
    e.undo();
    expect([e.document.width, e.document.height]).toEqual([300, 200]);
    expect(px(e, 10, 20)).toEqual([255, 0, 0, 255]);
    // New layers after a resize get fresh ids.
    e.redo();
    const added = e.addLayer();
    expect(e.document.layers.map((l) => l.id)).toEqual([id, added]);
    expect(added).not.toBe(id);
  });

  it('scales every layer for image size', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    e.applyPixels(
      e.document.activeLayerId,
      { x: 0, y: 0, width: 50, height: 100 },
      solid(50, 100, [0, 0, 255, 255]).data,
    );
    e.scaleImage(200, 50);
    expect([e.document.width, e.document.height]).toEqual([200, 50]);
    expect(px(e, 10, 25)).toEqual([0, 0, 255, 255]);
    expect(px(e, 190, 25)[3]).toBe(0);
    expect(e.history.undoLabel).toBe('Image size');
  });

  it('accepts up to 8192 x 8192 and refuses more', () => {
    const e = new PaintEngine({ width: 10, height: 10 });
    e.resizeCanvas(MAX_DOCUMENT_SIZE, MAX_DOCUMENT_SIZE);
    expect(e.document.width).toBe(8192);
    expect(() => e.resizeCanvas(8193, 100)).toThrow(/1-8192/);
    expect(() => e.resizeCanvas(0, 100)).toThrow(/1-8192/);
  });

  it('opens an image at its own size (an AI picture is not shrunk)', () => {
    const e = new PaintEngine();
    e.openImage(solid(1536, 2048, [10, 200, 30, 255]), 'AI Generated');
    expect([e.document.width, e.document.height]).toEqual([1536, 2048]);
    expect(e.document.layers.map((l) => l.name)).toEqual(['Background', 'AI Generated']);
    expect(px(e, 1535, 2047)).toEqual([10, 200, 30, 255]);
    e.undo();
    expect([e.document.width, e.document.height]).toEqual([800, 600]);
    expect(() => documentFromImage(solid(1, 1, [0, 0, 0, 0]), 'x')).not.toThrow();
  });

  it('states the memory a size takes', () => {
    const m = canvasMemory(8192, 8192, 3);
    expect(m.perLayer).toBe(256 * 1024 * 1024);
    expect(m.total).toBe(5 * 256 * 1024 * 1024);
  });
});

describe('view flip', () => {
  it('mirrors around the anchor and still maps screen to document exactly', () => {
    const v = new Viewport();
    v.set({ zoom: 1.5, rotation: 0.3, x: 20, y: 10 });
    const anchor = { x: 400, y: 300 };
    const under = v.screenToDocument(anchor);
    const p = { x: 100, y: 50 };
    const before = v.screenToDocument(v.documentToScreen(p));
    v.flipAround(anchor);
    expect(v.flipped).toBe(true);
    const still = v.screenToDocument(anchor);
    expect(still.x).toBeCloseTo(under.x, 9);
    expect(still.y).toBeCloseTo(under.y, 9);
    const back = v.screenToDocument(v.documentToScreen(p));
    expect(back.x).toBeCloseTo(before.x, 9);
    expect(back.y).toBeCloseTo(before.y, 9);
    // The CSS matrix agrees with documentToScreen.
    const m = /matrix\(([^)]+)\)/.exec(v.cssTransform())![1]!.split(',').map(Number);
    const s = v.documentToScreen(p);
    expect(m[0]! * p.x + m[2]! * p.y + m[4]!).toBeCloseTo(s.x, 6);
    expect(m[1]! * p.x + m[3]! * p.y + m[5]!).toBeCloseTo(s.y, 6);
    v.fitToView(800, 600, 1000, 500, 0);
    const c = v.documentToScreen({ x: 400, y: 300 });
    expect(c.x).toBeCloseTo(500, 9);
  });
});
