import { describe, expect, it } from 'vitest';
import { PaintEngine } from './engine.js';
import { alphaAt, diffCount, drawStroke, fillLayer, line } from './test/helpers.js';

describe('strokes and layers', () => {
  it('a stroke lands only on the active layer', () => {
    const e = new PaintEngine({ width: 200, height: 120 });
    const bg = e.document.activeLayerId;
    const top = e.addLayer();
    expect(e.document.activeLayerId).toBe(top);
    e.setColor('#ff0000');
    e.setBrush({ size: 10, hardness: 100, pressureSensitivity: 0 });
    expect(drawStroke(e, line(20, 60, 180, 60, 30)).started.ok).toBe(true);
    expect(e.document.layer(top).surface.getPixel(100, 60)).toEqual({ r: 255, g: 0, b: 0, a: 255 });
    expect(e.document.layer(bg).surface.isEmpty()).toBe(true);
    // the stroke is not on the layer until released
    e.setActiveLayer(bg);
    e.beginStroke({ x: 10, y: 10, pressure: 1, time: 0, pointerType: 'mouse' });
    e.extendStroke(line(10, 10, 100, 10, 10));
    expect(alphaAt(e, bg, 50, 10)).toBe(0);
    e.render();
    expect(e.output.data[(10 * 200 + 50) * 4 + 3]).toBe(255); // but it is already visible
    e.endStroke();
    expect(alphaAt(e, bg, 50, 10)).toBe(255);
  });

  it('a locked layer is untouched and the refusal says why; a hidden layer is refused too', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    const id = e.document.activeLayerId;
    e.setLayerProps(id, { locked: true });
    const { started } = drawStroke(e, line(10, 50, 90, 50, 10));
    expect(started).toEqual({ ok: false, reason: 'locked' });
    expect(e.document.layer(id).surface.isEmpty()).toBe(true);
    expect(
      e.applyPixels(id, { x: 0, y: 0, width: 1, height: 1 }, new Uint8ClampedArray([1, 2, 3, 255])),
    ).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect(e.clearLayer(id)).toEqual({ ok: false, reason: 'locked' });
    e.setLayerProps(id, { locked: false, visible: false });
    expect(drawStroke(e, line(10, 50, 90, 50, 10)).started).toEqual({ ok: false, reason: 'hidden' });
    expect(e.document.layer(id).surface.isEmpty()).toBe(true);
  });

  it('overlapping dabs of one stroke never exceed the stroke opacity', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    e.setBrush({
      size: 20,
      opacity: 50,
      hardness: 100,
      flowRate: 100,
      spacing: 5,
      pressureSensitivity: 0,
      smoothing: 0,
    });
    const pts = [...line(10, 50, 90, 50, 10), ...line(90, 50, 10, 52, 10), ...line(10, 52, 90, 50, 10)];
    drawStroke(e, pts);
    const a = alphaAt(e, e.document.activeLayerId, 50, 50);
    expect(a).toBeGreaterThanOrEqual(127);
    expect(a).toBeLessThanOrEqual(128);
    // a second stroke adds on top
    drawStroke(e, line(10, 50, 90, 50, 10));
    expect(alphaAt(e, e.document.activeLayerId, 50, 50)).toBeGreaterThan(185);
  });

  it('low flow builds up within the stroke towards the cap', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    e.setBrush({
      size: 20,
      opacity: 100,
      hardness: 100,
      flowRate: 10,
      spacing: 10,
      pressureSensitivity: 0,
      smoothing: 0,
    });
    drawStroke(e, line(40, 50, 41, 50, 2));
    const once = alphaAt(e, e.document.activeLayerId, 40, 50);
    e.undo();
    drawStroke(e, line(40, 50, 60, 50, 10));
    const many = alphaAt(e, e.document.activeLayerId, 50, 50);
    expect(once).toBeLessThan(60);
    expect(many).toBeGreaterThan(once * 2);
  });

  it('sub-pixel brushes still paint, by coverage', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    e.selectPreset('eyelash');
    expect(e.brush.size).toBe(0.3);
    e.setBrush({ tapering: { enabled: false, startTaper: 0, endTaper: 0 } });
    drawStroke(e, line(10, 50.5, 90, 50.5, 20));
    const a = alphaAt(e, e.document.activeLayerId, 50, 50);
    expect(a).toBeGreaterThan(40); // ~0.3 coverage
    expect(a).toBeLessThan(120);
    const e2 = new PaintEngine({ width: 100, height: 100 });
    e2.setBrush({ size: 0.1, hardness: 100, pressureSensitivity: 0, smoothing: 0 });
    drawStroke(e2, line(10, 50.5, 90, 50.5, 20));
    const thin = alphaAt(e2, e2.document.activeLayerId, 50, 50);
    expect(thin).toBeGreaterThan(0);
    expect(thin).toBeLessThan(a);
  });

  it('every eraser reduces alpha; the highlight eraser only partly, the precision eraser with a hard edge', () => {
    const erased = (preset: string) => {
      const e = new PaintEngine({ width: 120, height: 120 });
      const id = e.document.activeLayerId;
      fillLayer(e, id, 30, 60, 90);
      e.selectPreset(preset);
      e.setBrush({ smoothing: 0 });
      expect(e.tool).toBe('eraser');
      drawStroke(e, line(20, 60, 100, 60, 20));
      return { e, id, centre: alphaAt(e, id, 60, 60) };
    };
    expect(erased('basic-eraser').centre).toBe(0);
    expect(erased('soft-eraser').centre).toBeLessThan(200);
    const hl = erased('highlight-eraser');
    expect(hl.centre).toBeLessThan(255);
    expect(hl.centre).toBeGreaterThanOrEqual(127); // at most half removed by one stroke
    expect(hl.e.document.layer(hl.id).surface.getPixel(60, 60).r).toBe(30); // colour kept, only alpha lifted
    // size 3 centred on y = 60: rows 59-60 cleared, 58 and 61 half (antialiased edge), 57 and 62 intact
    const p = erased('precision-eraser');
    expect(p.centre).toBe(0);
    expect(alphaAt(p.e, p.id, 60, 59)).toBe(0);
    expect(alphaAt(p.e, p.id, 60, 58)).toBe(128);
    expect(alphaAt(p.e, p.id, 60, 57)).toBe(255);
    expect(alphaAt(p.e, p.id, 60, 62)).toBe(255);
    // the soft eraser fades over many pixels instead
    const soft = erased('soft-eraser');
    const profile = [60, 66, 72, 78].map((y) => alphaAt(soft.e, soft.id, 60, y));
    expect(profile[0]).toBeLessThan(profile[1] as number);
    expect(profile[1]).toBeLessThan(profile[2] as number);
    expect(profile[2]).toBeLessThan(profile[3] as number);
  });
});

describe('undo and redo', () => {
  it('undo restores the exact pixels and redo re-applies them', () => {
    const e = new PaintEngine({ width: 300, height: 300 });
    const id = e.document.activeLayerId;
    e.setColor('#3366cc');
    drawStroke(e, line(10, 10, 290, 280, 50));
    const area = { x: 0, y: 0, width: 300, height: 300 };
    const before = e.document.layer(id).surface.readRect(area);
    e.setColor('#ff8800');
    e.setBrush({ size: 40, opacity: 60, hardness: 30 });
    drawStroke(e, line(290, 10, 10, 290, 50));
    const after = e.document.layer(id).surface.readRect(area);
    expect(diffCount(after, before)).toBeGreaterThan(1000);
    expect(e.undo()).toBe(true);
    expect(diffCount(e.document.layer(id).surface.readRect(area), before)).toBe(0);
    expect(e.redo()).toBe(true);
    expect(diffCount(e.document.layer(id).surface.readRect(area), after)).toBe(0);
    // the composite follows, through the dirty rects of the undo
    e.render();
    expect(diffCount(e.output.data, after)).toBe(0);
    e.undo();
    e.render();
    expect(diffCount(e.flatten(100).data, before)).toBe(0);
    expect(diffCount(e.output.data, before)).toBe(0);
  });

  it('undoes layer operations: add, delete, reorder, properties, duplicate, merge, import, clear', () => {
    const e = new PaintEngine({ width: 64, height: 64 });
    const bg = e.document.activeLayerId;
    fillLayer(e, bg, 200, 100, 50);
    const a = e.addLayer();
    fillLayer(e, a, 100, 150, 200);
    const names = () => e.document.layers.map((l) => l.name);
    expect(names()).toEqual(['Background', 'Layer 1']);
    e.setLayerProps(a, { blendMode: 'multiply', opacity: 50 });
    e.renameLayer(a, 'Shade');
    e.moveLayer(a, 0);
    expect(names()).toEqual(['Shade', 'Background']);
    e.undo();
    expect(names()).toEqual(['Background', 'Shade']);
    e.undo();
    expect(names()).toEqual(['Background', 'Layer 1']);
    e.undo();
    expect(e.document.layer(a).blendMode).toBe('normal');
    expect(e.document.layer(a).opacity).toBe(100);
    e.redo();
    const dup = e.duplicateLayer(a);
    expect(names()).toEqual(['Background', 'Layer 1', 'Layer 1 copy']);
    expect(e.document.layer(dup).surface.readRect({ x: 0, y: 0, width: 64, height: 64 })).toEqual(
      e.document.layer(a).surface.readRect({ x: 0, y: 0, width: 64, height: 64 }),
    );
    e.undo();
    expect(names()).toEqual(['Background', 'Layer 1']);
    expect(e.mergeDown(a)).toEqual({ ok: true });
    expect(names()).toEqual(['Background']);
    expect(e.document.activeLayerId).toBe(bg);
    // multiply at 50 %: 200 * (0.5 + 0.5 * 100/255) = 139.2
    expect(e.document.layer(bg).surface.getPixel(5, 5).r).toBe(139);
    e.undo();
    expect(names()).toEqual(['Background', 'Layer 1']);
    expect(e.document.layer(bg).surface.getPixel(5, 5).r).toBe(200);
    const img = e.importImage(
      { data: new Uint8ClampedArray(4 * 4 * 4).fill(255), width: 4, height: 4 },
      { x: 10, y: 10, scale: 2 },
    );
    expect(e.document.layer(img).surface.getPixel(17, 17).a).toBe(255);
    expect(e.document.layer(img).surface.getPixel(18, 18).a).toBe(0);
    e.undo();
    expect(e.document.findLayer(img)).toBeUndefined();
    e.clearLayer(a);
    expect(e.document.layer(a).surface.isEmpty()).toBe(true);
    e.undo();
    expect(e.document.layer(a).surface.getPixel(5, 5).b).toBe(200);
  });

  it('slider drags become one undo step', () => {
    const e = new PaintEngine({ width: 32, height: 32 });
    const id = e.document.activeLayerId;
    for (const v of [90, 70, 50]) e.setLayerProps(id, { opacity: v }, { transient: true });
    e.setLayerProps(id, { opacity: 40 });
    expect(e.memoryUsage().undoEntries).toBe(1);
    e.undo();
    expect(e.document.layer(id).opacity).toBe(100);
  });

  it('undo during a stroke drops that stroke only', () => {
    const e = new PaintEngine({ width: 100, height: 100 });
    drawStroke(e, line(10, 10, 90, 10, 10));
    e.beginStroke({ x: 10, y: 50, pressure: 1, time: 0, pointerType: 'mouse' });
    e.extendStroke(line(10, 50, 90, 50, 10));
    expect(e.undo()).toBe(true);
    expect(e.isStroking).toBe(false);
    expect(alphaAt(e, e.document.activeLayerId, 50, 10)).toBeGreaterThan(0);
    expect(alphaAt(e, e.document.activeLayerId, 50, 50)).toBe(0);
  });

  it('the memory budget evicts the oldest entries', () => {
    const e = new PaintEngine({ width: 512, height: 512, history: { budgetBytes: 600_000 } });
    e.setBrush({ size: 30 });
    for (let i = 0; i < 12; i++) drawStroke(e, line(10, 20 + i * 40, 500, 20 + i * 40, 20));
    const m = e.memoryUsage();
    expect(m.bytes).toBeLessThanOrEqual(600_000);
    expect(m.undoEntries).toBeLessThan(12);
    expect(m.undoEntries).toBeGreaterThan(0);
    expect(m.evicted).toBe(12 - m.undoEntries);
    let undone = 0;
    while (e.undo()) undone++;
    expect(undone).toBe(m.undoEntries);
    // the oldest strokes could not be undone, the newest all were
    expect(alphaAt(e, e.document.activeLayerId, 250, 20)).toBeGreaterThan(0);
    expect(alphaAt(e, e.document.activeLayerId, 250, 20 + 11 * 40)).toBe(0);
  });

  it('stores a stroke as the pixels it changed, the same size for undo and redo', () => {
    const e = new PaintEngine({ width: 256, height: 256 });
    expect(e.memoryUsage().bytes).toBe(0);
    drawStroke(e, line(10, 10, 20, 10, 3)); // inside one tile, which was empty before
    const stored = e.memoryUsage().bytes;
    // a few dozen pixels of 4 bytes plus bookkeeping, far from a whole 64 KB tile
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(4096);
    e.undo();
    expect(e.memoryUsage().bytes).toBe(stored);
    expect(e.document.activeLayer.surface.isEmpty()).toBe(true); // the tile is unallocated again
    e.redo();
    expect(e.memoryUsage().bytes).toBe(stored);
  });

  it('undo and redo are exact over strokes, erasing and fills on the same tiles', () => {
    const e = new PaintEngine({ width: 300, height: 200 });
    const id = e.document.activeLayerId;
    const snap = () => e.document.activeLayer.surface.readRect({ x: 0, y: 0, width: 300, height: 200 });
    const states = [snap()];
    e.setBrush({ size: 24, opacity: 70 });
    drawStroke(e, line(5, 30, 290, 170, 40));
    states.push(snap());
    e.setColor('#20c040');
    drawStroke(e, line(5, 170, 290, 30, 40));
    states.push(snap());
    e.setTool('eraser');
    drawStroke(e, line(150, 0, 150, 200, 30));
    states.push(snap());
    e.applyPixels(id, { x: 100, y: 50, width: 50, height: 50 }, new Uint8ClampedArray(50 * 50 * 4).fill(200));
    states.push(snap());
    for (let i = 1; i < states.length; i++) expect(diffCount(states[i]!, states[i - 1]!)).toBeGreaterThan(0);
    for (let i = states.length - 2; i >= 0; i--) {
      e.undo();
      expect(diffCount(snap(), states[i]!)).toBe(0);
    }
    for (let i = 1; i < states.length; i++) {
      e.redo();
      expect(diffCount(snap(), states[i]!)).toBe(0);
    }
  });
});

describe('layer rules', () => {
  it('the first layer is Background and new layers are Layer N', () => {
    const e = new PaintEngine();
    expect(e.document.width).toBe(800);
    expect(e.document.height).toBe(600);
    expect(e.document.layers.map((l) => l.name)).toEqual(['Background']);
    e.addLayer();
    e.addLayer();
    expect(e.document.layers.map((l) => l.name)).toEqual(['Background', 'Layer 1', 'Layer 2']);
    expect(() => new PaintEngine({ width: 9000, height: 10 })).toThrow();
  });

  it('deletes only while more than one layer exists; deleting the active one selects the first', () => {
    const e = new PaintEngine({ width: 32, height: 32 });
    const bg = e.document.activeLayerId;
    expect(e.deleteLayer(bg)).toEqual({ ok: false, reason: 'last-layer' });
    const a = e.addLayer();
    const b = e.addLayer();
    expect(e.document.activeLayerId).toBe(b);
    expect(e.deleteLayer(b)).toEqual({ ok: true });
    expect(e.document.activeLayerId).toBe(bg);
    e.setActiveLayer(a);
    expect(e.deleteLayer(bg)).toEqual({ ok: true });
    expect(e.document.activeLayerId).toBe(a); // not the active one: selection stays
    expect(e.deleteLayer(a)).toEqual({ ok: false, reason: 'last-layer' });
    e.undo();
    expect(e.document.layers.map((l) => l.id)).toEqual([bg, a]);
    e.undo();
    expect(e.document.layers.map((l) => l.id)).toEqual([bg, a, b]);
    expect(e.document.activeLayerId).toBe(b);
  });

  it('notifies subscribers with a fresh snapshot', () => {
    const e = new PaintEngine({ width: 32, height: 32 });
    let calls = 0;
    const off = e.subscribe(() => calls++);
    const s1 = e.getSnapshot();
    e.addLayer();
    const s2 = e.getSnapshot();
    expect(calls).toBeGreaterThan(0);
    expect(s2).not.toBe(s1);
    expect(s2.layers).toHaveLength(2);
    expect(e.getSnapshot()).toBe(s2);
    off();
  });
});

describe('rendering', () => {
  it('render() returns the changed areas once and nothing while idle', () => {
    const e = new PaintEngine({ width: 400, height: 300 });
    expect(e.render().length).toBeGreaterThan(0); // first full composite
    expect(e.render()).toEqual([]);
    e.beginStroke({ x: 200, y: 150, pressure: 1, time: 0, pointerType: 'touch' });
    const rects = e.render();
    expect(rects.length).toBeGreaterThan(0);
    for (const r of rects) {
      // only around the dab (size 5 at 200,150), never the whole page
      expect(r.x).toBeGreaterThanOrEqual(128);
      expect(r.x + r.width).toBeLessThanOrEqual(256);
      expect(r.y + r.height).toBeLessThanOrEqual(256);
    }
    expect(e.render()).toEqual([]);
    e.endStroke();
    expect(e.sampleColor(200, 150)).toEqual({ r: 0, g: 0, b: 0, a: 255 });
  });
});

describe('history labels', () => {
  it('lists undoable steps oldest first and redoable ones next first', () => {
    const e = new PaintEngine({ width: 64, height: 64 });
    e.setBrush({ size: 6, pressureSensitivity: 0 });
    drawStroke(e, line(5, 5, 50, 5, 10));
    e.addLayer();
    e.renameLayer(e.document.activeLayerId, 'Ink');
    expect(e.history.labels()).toEqual({ undo: ['Brush stroke', 'Add layer', 'Rename layer'], redo: [] });
    e.undo();
    e.undo();
    expect(e.history.labels()).toEqual({ undo: ['Brush stroke'], redo: ['Add layer', 'Rename layer'] });
  });
});

describe('layer thumbnails', () => {
  it('sample the layer without copying it, and their version moves only with its pixels', () => {
    const e = new PaintEngine({ width: 400, height: 200 });
    const id = e.document.activeLayerId;
    e.applyPixels(id, { x: 0, y: 0, width: 200, height: 200 }, new Uint8ClampedArray(200 * 200 * 4).map((_, i) => [255, 0, 0, 255][i % 4]!));
    const t = e.thumbnail(id, 40);
    expect([t.width, t.height]).toEqual([40, 20]);
    expect(Array.from(t.data.subarray(0, 4))).toEqual([255, 0, 0, 255]); // left half red
    expect(t.data[(10 * 40 + 30) * 4 + 3]).toBe(0); // right half empty
    const before = e.getSnapshot().layers[0]!.pixelsVersion;
    const other = e.addLayer();
    const otherVersion = () => e.getSnapshot().layers.find((l) => l.id === other)!.pixelsVersion;
    const otherBefore = otherVersion();
    expect(e.getSnapshot().layers[0]!.pixelsVersion).toBe(before);
    e.setActiveLayer(id);
    drawStroke(e, line(250, 100, 350, 100, 10));
    expect(e.getSnapshot().layers[0]!.pixelsVersion).toBeGreaterThan(before);
    expect(otherVersion()).toBe(otherBefore); // the other layer's thumbnail is not redrawn
  });
});
