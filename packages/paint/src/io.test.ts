import { describe, expect, it } from 'vitest';
import { BRUSH_PRESETS, getBrushPreset } from './brush/presets.js';
import { PaintEngine } from './engine.js';
import { documentFromJSON, documentToJSON, restoreDocument, serializeDocument } from './io.js';
import { resampleRGBA } from './resample.js';
import { diffCount, drawStroke, line } from './test/helpers.js';
import { Viewport } from './viewport.js';

describe('serialisation', () => {
  it('restores layers, properties and pixels exactly (binary and JSON)', () => {
    const e = new PaintEngine({ width: 300, height: 200 });
    e.setColor('#12ab34');
    drawStroke(e, line(10, 10, 290, 190, 40));
    const top = e.addLayer('Ink');
    e.setLayerProps(top, { blendMode: 'overlay', opacity: 40, locked: true });
    e.setActiveLayer(top);
    e.setLayerProps(top, { locked: false });
    drawStroke(e, line(10, 190, 290, 10, 40));
    const all = { x: 0, y: 0, width: 300, height: 200 };
    for (const doc of [
      restoreDocument(serializeDocument(e.document)),
      documentFromJSON(documentToJSON(e.document)),
    ]) {
      expect(doc.layers.map((l) => [l.id, l.name, l.blendMode, l.opacity, l.visible, l.locked])).toEqual(
        e.document.layers.map((l) => [l.id, l.name, l.blendMode, l.opacity, l.visible, l.locked]),
      );
      expect(doc.activeLayerId).toBe(top);
      for (const l of doc.layers)
        expect(diffCount(l.surface.readRect(all), e.document.layer(l.id).surface.readRect(all))).toBe(0);
      // new ids never collide with restored ones
      expect(doc.layers.map((l) => l.id)).not.toContain(doc.createLayer().id);
    }
  });

  it('rejects malformed data', () => {
    expect(() =>
      documentFromJSON('{"format":"yumi-paint","version":1,"width":10,"height":10,"layers":[]}'),
    ).toThrow(/no layers/);
    expect(() => documentFromJSON('nope')).toThrow(/not JSON/);
  });

  it('loadDocument swaps documents, optionally undoably', () => {
    const e = new PaintEngine({ width: 50, height: 50 });
    drawStroke(e, line(5, 5, 45, 45, 10));
    const saved = serializeDocument(e.document);
    const other = new PaintEngine({ width: 80, height: 60 });
    other.loadDocument(restoreDocument(saved), { undoable: true });
    expect(other.output.width).toBe(50);
    expect(other.document.hasDrawing()).toBe(true);
    other.undo();
    expect(other.document.width).toBe(80);
    expect(other.output.width).toBe(80);
  });
});

describe('import and export', () => {
  it('flattens at a scale percentage within 1-400', () => {
    const e = new PaintEngine({ width: 200, height: 100 });
    e.setBrush({ size: 40, hardness: 100 });
    drawStroke(e, line(20, 50, 180, 50, 10));
    const half = e.flatten(50);
    expect([half.width, half.height]).toEqual([100, 50]);
    expect(half.data[(25 * 100 + 50) * 4 + 3]).toBe(255);
    const big = e.flatten(400);
    expect([big.width, big.height]).toEqual([800, 400]);
    expect(() => e.flatten(0)).toThrow();
    expect(() => e.flatten(401)).toThrow();
  });

  it('resampling averages when shrinking and keeps colour of transparent edges', () => {
    const src = { data: new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 0]), width: 2, height: 1 };
    const one = resampleRGBA(src, 1, 1);
    expect([...one.data]).toEqual([255, 0, 0, 128]); // no blue fringe from the transparent pixel
  });

  it('imports an image into a new layer, positioned and scaled', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    const img = { data: new Uint8ClampedArray(10 * 10 * 4), width: 10, height: 10 };
    for (let i = 0; i < img.data.length; i += 4) img.data.set([0, 128, 255, 255], i);
    const id = e.importImage(img, { name: 'AI Drawing', x: 90, y: -5, scale: 2 });
    const layer = e.document.layer(id);
    expect(layer.name).toBe('AI Drawing');
    expect(e.document.activeLayerId).toBe(id);
    expect(layer.surface.getPixel(95, 0)).toEqual({ r: 0, g: 128, b: 255, a: 255 });
    expect(layer.surface.getPixel(89, 0).a).toBe(0);
    expect(layer.surface.getPixel(95, 15).a).toBe(0);
    // centred when no position is given
    const c = e.importImage(img, {});
    expect(e.document.layer(c).surface.getPixel(45, 45).a).toBe(255);
    expect(e.document.layer(c).surface.getPixel(44, 45).a).toBe(0);
  });
});

describe('brush presets', () => {
  it('has the spec’s brushes with their size ranges and the two character presets', () => {
    const ranges = Object.fromEntries(BRUSH_PRESETS.map((p) => [p.id, [p.minSize, p.maxSize]]));
    expect(ranges).toMatchObject({
      'basic-brush': [1, 100],
      pencil: [0.5, 20],
      marker: [3, 50],
      airbrush: [5, 200],
      'fine-liner': [0.1, 3],
      'detail-brush': [0.2, 8],
      calligraphy: [0.5, 20],
      'pixel-brush': [1, 10],
      'texture-brush': [3, 50],
      'basic-eraser': [2, 100],
      'precision-eraser': [0.5, 10],
      'soft-eraser': [5, 100],
      'highlight-eraser': [1, 30],
    });
    expect(getBrushPreset('eyelash')?.defaultSettings.size).toBe(0.3);
    expect(getBrushPreset('eyelash')?.basedOn).toBe('fine-liner');
    expect(getBrushPreset('hair-strands')?.defaultSettings.size).toBe(2);
    expect(new Set(BRUSH_PRESETS.map((p) => p.category))).toEqual(
      new Set(['basic', 'detail', 'texture', 'effects']),
    );
    for (const p of BRUSH_PRESETS) {
      expect(p.defaultSettings.size).toBeGreaterThanOrEqual(p.minSize);
      expect(p.defaultSettings.size).toBeLessThanOrEqual(p.maxSize);
    }
  });

  it('every preset paints (or erases) something', () => {
    for (const p of BRUSH_PRESETS) {
      const e = new PaintEngine({ width: 120, height: 60 });
      const id = e.document.activeLayerId;
      if (p.tool === 'eraser') {
        e.applyPixels(
          id,
          { x: 0, y: 0, width: 120, height: 60 },
          new Uint8ClampedArray(120 * 60 * 4).fill(255),
        );
      }
      e.selectPreset(p.id);
      drawStroke(e, line(10, 30, 110, 30, 30));
      const alpha = e.document.layer(id).surface.readRect({ x: 0, y: 0, width: 120, height: 60 });
      let sum = 0;
      for (let i = 3; i < alpha.length; i += 4) sum += alpha[i] as number;
      if (p.tool === 'eraser') expect(sum, p.id).toBeLessThan(120 * 60 * 255);
      else expect(sum, p.id).toBeGreaterThan(0);
    }
  });

  it('the pixel brush paints whole pixels only', () => {
    const e = new PaintEngine({ width: 60, height: 60 });
    e.selectPreset('pixel-brush');
    e.setBrush({ size: 3 });
    drawStroke(e, line(10.3, 20.7, 50.2, 33.1, 20));
    const px = e.document.activeLayer.surface.readRect({ x: 0, y: 0, width: 60, height: 60 });
    for (let i = 3; i < px.length; i += 4) expect([0, 255]).toContain(px[i]);
  });

  it('size is clamped to the selected preset range', () => {
    const e = new PaintEngine();
    e.selectPreset('fine-liner');
    e.setBrush({ size: 50 });
    expect(e.brush.size).toBe(3);
  });
});

describe('viewport', () => {
  it('maps screen to document and back, with zoom, pan and rotation', () => {
    const v = new Viewport();
    v.set({ zoom: 2, rotation: Math.PI / 6, x: 40, y: -10 });
    const p = { x: 123.5, y: 77.25 };
    const back = v.screenToDocument(v.documentToScreen(p));
    expect(back.x).toBeCloseTo(p.x, 9);
    expect(back.y).toBeCloseTo(p.y, 9);
  });

  it('zooms around the cursor and clamps the zoom', () => {
    const v = new Viewport();
    const anchor = { x: 300, y: 200 };
    const under = v.screenToDocument(anchor);
    v.zoomBy(anchor, 3);
    const after = v.screenToDocument(anchor);
    expect(after.x).toBeCloseTo(under.x, 9);
    expect(after.y).toBeCloseTo(under.y, 9);
    v.zoomAt(anchor, 1000);
    expect(v.zoom).toBe(32);
    v.zoomAt(anchor, 0);
    expect(v.zoom).toBe(0.05);
  });

  it('fits the document into the view, centred', () => {
    const v = new Viewport();
    v.fitToView(800, 600, 1000, 500, 0);
    expect(v.zoom).toBeCloseTo(500 / 600, 9);
    const centre = v.documentToScreen({ x: 400, y: 300 });
    expect(centre.x).toBeCloseTo(500, 9);
    expect(centre.y).toBeCloseTo(250, 9);
    v.rotateAround({ x: 500, y: 250 }, Math.PI / 2);
    const still = v.documentToScreen({ x: 400, y: 300 });
    expect(still.x).toBeCloseTo(500, 9);
    expect(v.cssTransform()).toMatch(/^matrix\(/);
  });
});
