import { describe, expect, it } from 'vitest';
import { blendPixel } from './blend.js';
import { Compositor } from './compositor.js';
import { PaintDocument } from './document.js';
import type { BlendMode } from './layer.js';

/** One pixel: opaque backdrop (200, 100, 50) under opaque source (100, 150, 200) with `mode`. */
function compositePair(mode: BlendMode, sourceAlpha = 255, opacity = 100): number[] {
  const doc = new PaintDocument({ width: 4, height: 4 });
  doc.layers[0]?.surface.writeRect(
    { x: 1, y: 1, width: 1, height: 1 },
    new Uint8ClampedArray([200, 100, 50, 255]),
  );
  const top = doc.createLayer();
  doc.insertLayer(top, 1);
  top.blendMode = mode;
  top.opacity = opacity;
  top.surface.writeRect(
    { x: 1, y: 1, width: 1, height: 1 },
    new Uint8ClampedArray([100, 150, 200, sourceAlpha]),
  );
  return [...new Compositor().compositeRect(doc, { x: 1, y: 1, width: 1, height: 1 }).data];
}

describe('blend modes', () => {
  // Expected values worked out by hand from the W3C formulas on 0-255 values.
  it.each<[BlendMode, number[]]>([
    ['normal', [100, 150, 200, 255]],
    // b*s/255: 200*100/255 = 78.4, 100*150/255 = 58.8, 50*200/255 = 39.2
    ['multiply', [78, 59, 39, 255]],
    // b + s - b*s/255: 221.6, 191.2, 210.8
    ['screen', [222, 191, 211, 255]],
    // backdrop > 127.5: 255 - 2(255-200)(255-100)/255 = 188.1; else 2*b*s/255: 117.6, 78.4
    ['overlay', [188, 118, 78, 255]],
    ['darken', [100, 100, 50, 255]],
    ['lighten', [200, 150, 200, 255]],
  ])('%s composites the known pair', (mode, expected) => {
    expect(compositePair(mode)).toEqual(expected);
  });

  it('layer opacity and source alpha mix the blended colour with the backdrop', () => {
    // multiply at 50 % opacity: 0.5 * 78.4 + 0.5 * 200 = 139.2
    expect(compositePair('multiply', 255, 50)).toEqual([139, 79, 45, 255]);
    // normal with half-transparent source: (100 + 200) / 2 = 150 (127/255 alpha)
    expect(compositePair('normal', 128, 100)[0]).toBe(150);
  });

  it('any mode over an empty backdrop is the source itself', () => {
    const acc = new Float32Array(4);
    blendPixel(acc, 0, 0.2, 0.1, 0.05, 0.5, 'multiply');
    expect([...acc].map((v) => Math.round(v * 1000))).toEqual([200, 100, 50, 500]);
  });

  it('hidden layers and zero opacity do not contribute', () => {
    const doc = new PaintDocument({ width: 2, height: 2 });
    doc.layers[0]?.surface.writeRect(
      { x: 0, y: 0, width: 1, height: 1 },
      new Uint8ClampedArray([9, 9, 9, 255]),
    );
    const c = new Compositor();
    expect([...c.compositeRect(doc, { x: 0, y: 0, width: 1, height: 1 }).data]).toEqual([9, 9, 9, 255]);
    (doc.layers[0] as { visible: boolean }).visible = false;
    expect([...c.compositeRect(doc, { x: 0, y: 0, width: 1, height: 1 }).data]).toEqual([0, 0, 0, 0]);
  });
});

describe('dirty-rect compositing', () => {
  it('writes only inside the requested rect', () => {
    const doc = new PaintDocument({ width: 300, height: 300 });
    const full = new Uint8ClampedArray(300 * 300 * 4).fill(255);
    doc.layers[0]?.surface.writeRect({ x: 0, y: 0, width: 300, height: 300 }, full);
    const target = { data: new Uint8ClampedArray(300 * 300 * 4), width: 300, height: 300 };
    new Compositor().compositeInto(doc, { x: 120, y: 100, width: 20, height: 50 }, target);
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < 300; y++)
      for (let x = 0; x < 300; x++) {
        const a = target.data[(y * 300 + x) * 4 + 3];
        const isIn = x >= 120 && x < 140 && y >= 100 && y < 150;
        if (a === 255 && isIn) inside++;
        if (a !== 0 && !isIn) outside++;
      }
    expect(inside).toBe(20 * 50);
    expect(outside).toBe(0);
  });

  it('composites onto a background colour when given', () => {
    const doc = new PaintDocument({ width: 2, height: 2 });
    const px = new Compositor().compositeRect(
      doc,
      { x: 0, y: 0, width: 1, height: 1 },
      { background: { r: 255, g: 255, b: 255, a: 255 } },
    );
    expect([...px.data]).toEqual([255, 255, 255, 255]);
  });
});

describe('cached live view', () => {
  it('matches an uncached composite through strokes, undo and layer changes, and reuses cells', async () => {
    const { PaintEngine } = await import('./engine.js');
    const { drawStroke, line, fillLayer } = await import('./test/helpers.js');
    const e = new PaintEngine({ width: 300, height: 200, background: { r: 255, g: 255, b: 255, a: 255 } });
    const ids = [e.document.activeLayerId];
    const modes: BlendMode[] = ['multiply', 'normal', 'screen', 'overlay', 'darken', 'lighten', 'normal'];
    fillLayer(e, ids[0] as string, 200, 180, 160);
    modes.forEach((mode, i) => {
      const id = e.addLayer();
      ids.push(id);
      e.setColor(`#${((i * 0x3a5f7) & 0xffffff).toString(16).padStart(6, '0')}`);
      e.setBrush({ size: 40, opacity: 80, hardness: 50 });
      drawStroke(e, line(20 + i * 30, 20, 280 - i * 20, 180, 12), i);
      e.setLayerProps(id, { blendMode: mode, opacity: 50 + i * 7 });
    });
    const check = () => {
      e.render();
      const expected = new Compositor().compositeRect(
        doc(),
        { x: 0, y: 0, width: 300, height: 200 },
        { background: e.background },
      );
      let worst = 0;
      for (let i = 0; i < expected.data.length; i++)
        worst = Math.max(worst, Math.abs((expected.data[i] as number) - (e.output.data[i] as number)));
      return worst;
    };
    const doc = () => e.document;
    expect(check()).toBeLessThanOrEqual(1);
    e.setActiveLayer(ids[3] as string);
    const before = e.compositor.cellsBuilt;
    drawStroke(e, line(10, 100, 290, 100, 30));
    e.render();
    const built = e.compositor.cellsBuilt;
    expect(built).toBeGreaterThan(before); // the stroke's cells were composited once from all layers
    expect(check()).toBeLessThanOrEqual(1);
    e.undo();
    expect(check()).toBeLessThanOrEqual(1);
    e.redo();
    e.undo();
    // undoing and redoing on the active layer reuses the cached layers below and above it
    expect(e.compositor.cellsBuilt).toBe(built);
    expect(check()).toBeLessThanOrEqual(1);
    e.setActiveLayer(ids[5] as string);
    e.redo(); // changes layer 3, which is below the new active layer: its cells must be rebuilt
    expect(check()).toBeLessThanOrEqual(1);
    e.moveLayer(ids[1] as string, 6);
    expect(check()).toBeLessThanOrEqual(1);
    e.setLayerProps(ids[6] as string, { visible: false });
    expect(check()).toBeLessThanOrEqual(1);
    e.setBrush({ size: 30 });
    e.selectPreset('basic-eraser');
    e.setActiveLayer(ids[0] as string);
    drawStroke(e, line(10, 50, 290, 150, 30));
    expect(check()).toBeLessThanOrEqual(1);
  });

  it('caches multiply and screen layers above the active one as one group, exactly enough', async () => {
    const { PaintEngine } = await import('./engine.js');
    const { drawStroke, line } = await import('./test/helpers.js');
    // no background: the group must also be right over transparent and half-covered backdrops
    const e = new PaintEngine({ width: 260, height: 140 });
    const base = e.document.activeLayerId;
    e.setBrush({ size: 60, opacity: 70, hardness: 30 });
    e.setColor('#c08040');
    drawStroke(e, line(10, 70, 250, 70, 10));
    const active = e.addLayer();
    const above: [BlendMode, string, boolean][] = [
      ['multiply', '#3050e0', false],
      ['screen', '#f0e020', false],
      ['normal', '#20a060', true], // clipped to the screen layer
      ['multiply', '#ff80c0', false],
      ['screen', '#4040ff', false],
    ];
    above.forEach(([mode, color, clipping], i) => {
      const id = e.addLayer();
      e.setColor(color);
      e.setBrush({ size: 50 + i * 8, opacity: 60 + i * 8 });
      drawStroke(e, line(20 + i * 40, 10, 240 - i * 30, 130, 12), i + 2);
      e.setLayerProps(id, { blendMode: mode, opacity: 55 + i * 9, clipping });
    });
    e.setActiveLayer(active);
    const expected = () =>
      new Compositor().compositeRect(e.document, { x: 0, y: 0, width: 260, height: 140 }, { preview: e.currentStroke });
    const worst = () => {
      e.render();
      const want = expected().data;
      let w = 0;
      // premultiplied, since over transparency the straight colour of faint pixels is noise
      const out = e.output.data;
      for (let i = 0; i < want.length; i++) {
        const alpha = (i & 3) === 3;
        const a = alpha ? (want[i] as number) : ((want[i] as number) * (want[i | 3] as number)) / 255;
        const b = alpha ? (out[i] as number) : ((out[i] as number) * (out[i | 3] as number)) / 255;
        w = Math.max(w, Math.abs(a - b));
      }
      return w;
    };
    expect(worst()).toBeLessThanOrEqual(1);
    e.setColor('#102030');
    e.setBrush({ size: 40, opacity: 90 });
    e.beginStroke({ x: 5, y: 20, pressure: 1, time: 0, pointerType: 'mouse' }, { seed: 3 });
    e.extendStroke(line(5, 20, 250, 120, 20).slice(1));
    expect(worst()).toBeLessThanOrEqual(1); // the live stroke under the cached group
    e.endStroke();
    expect(worst()).toBeLessThanOrEqual(1);
    const built = e.compositor.cellsBuilt;
    e.undo();
    expect(worst()).toBeLessThanOrEqual(1);
    e.redo();
    expect(worst()).toBeLessThanOrEqual(1);
    expect(e.compositor.cellsBuilt).toBe(built); // undo and redo reused the cached layers
    e.setActiveLayer(base);
    expect(worst()).toBeLessThanOrEqual(1);
  });
});
