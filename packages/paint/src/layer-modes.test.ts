import { describe, expect, it } from 'vitest';
import { Compositor } from './compositor.js';
import { PaintEngine } from './engine.js';
import { documentFromJSON } from './io.js';
import { drawStroke, line } from './test/helpers.js';

const solid = (w: number, h: number, rgba: number[]) => {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return data;
};
const at = (e: PaintEngine, x: number, y: number, id = e.document.activeLayerId) =>
  Array.from(e.document.layer(id).surface.readRect({ x, y, width: 1, height: 1 }));
const composite = (e: PaintEngine, x: number, y: number) =>
  Array.from(new Compositor().compositeRect(e.document, { x, y, width: 1, height: 1 }).data);

/** The live view after render(), to compare with an uncached composite. */
function worstLiveError(e: PaintEngine): number {
  e.render();
  const { width, height } = e.document;
  const expected = new Compositor().compositeRect(e.document, { x: 0, y: 0, width, height }).data;
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs((expected[i] as number) - (e.output.data[i] as number)));
  return worst;
}

describe('alpha lock', () => {
  it('a stroke tints existing pixels and keeps their coverage; erasing changes nothing', () => {
    const e = new PaintEngine({ width: 64, height: 64 });
    const id = e.document.activeLayerId;
    e.applyPixels(id, { x: 0, y: 0, width: 32, height: 64 }, solid(32, 64, [0, 0, 255, 128]));
    e.setLayerProps(id, { alphaLock: true });
    e.setColor('#ff0000');
    e.setBrush({ size: 20, opacity: 100, hardness: 100 });
    drawStroke(e, line(4, 32, 60, 32, 20));
    expect(worstLiveError(e)).toBeLessThanOrEqual(1);
    const inside = at(e, 16, 32);
    expect(inside[0]).toBeGreaterThan(250);
    expect(inside[3]).toBe(128);
    expect(at(e, 48, 32)).toEqual([0, 0, 0, 0]);
    e.selectPreset('basic-eraser');
    const steps = e.history.memoryUsage().undoEntries;
    drawStroke(e, line(4, 10, 60, 10, 20));
    expect(at(e, 16, 10)[3]).toBe(128);
    expect(e.history.memoryUsage().undoEntries).toBe(steps);
  });

  it('the fill bucket recolours only pixels with coverage on a locked layer', () => {
    const e = new PaintEngine({ width: 8, height: 8 });
    const id = e.document.activeLayerId;
    e.applyPixels(id, { x: 0, y: 0, width: 4, height: 8 }, solid(4, 8, [0, 255, 0, 60]));
    e.setLayerProps(id, { alphaLock: true });
    const mask = new Uint8Array(64).fill(1);
    expect(e.fillMask(id, mask, { x: 0, y: 0, width: 8, height: 8 }, { r: 9, g: 8, b: 7, a: 255 }).ok).toBe(true);
    expect(at(e, 1, 1)).toEqual([9, 8, 7, 60]);
    expect(at(e, 6, 1)).toEqual([0, 0, 0, 0]);
    e.setLayerProps(id, { alphaLock: false });
    e.fillMask(id, mask, { x: 0, y: 0, width: 8, height: 8 }, { r: 1, g: 2, b: 3, a: 255 });
    // Fully opaque everywhere the mask says, whatever was there.
    expect(at(e, 1, 1)).toEqual([1, 2, 3, 255]);
    expect(at(e, 6, 6)).toEqual([1, 2, 3, 255]);
    e.undo();
    expect(at(e, 6, 6)).toEqual([0, 0, 0, 0]);
  });
});

describe('clipping masks', () => {
  it('show a clipped layer only where its base has pixels, scaled by the base coverage, in its own blend mode', () => {
    const e = new PaintEngine({ width: 8, height: 8 });
    const base = e.document.activeLayerId;
    // Base: left half opaque white, right half half-covered white.
    e.applyPixels(base, { x: 0, y: 0, width: 4, height: 8 }, solid(4, 8, [255, 255, 255, 255]));
    e.applyPixels(base, { x: 4, y: 0, width: 2, height: 8 }, solid(2, 8, [255, 255, 255, 128]));
    const top = e.addLayer();
    e.applyPixels(top, { x: 0, y: 0, width: 8, height: 8 }, solid(8, 8, [255, 0, 0, 255]));
    e.setLayerProps(top, { clipping: true, blendMode: 'multiply' });
    // multiply on white is the source colour (W3C: B = Cs*Cb)
    expect(composite(e, 1, 1)).toEqual([255, 0, 0, 255]);
    // Half base coverage: the red comes in at alpha 0.5 over the 50 % white (its own backdrop), W3C
    // multiply with source-over: r = .5*.5 + .5*.5 + .25*1 = .75, g = b = .5*.5 = .25, a = .75.
    expect(composite(e, 4, 1)).toEqual([255, 85, 85, 192]); // 128/255 coverage: a = .751
    // Where the base has nothing, neither has the clipped layer.
    expect(composite(e, 7, 1)).toEqual([0, 0, 0, 0]);
    expect(worstLiveError(e)).toBeLessThanOrEqual(1);
    // Hiding the base hides what is clipped to it.
    e.setLayerProps(base, { visible: false });
    expect(composite(e, 1, 1)).toEqual([0, 0, 0, 0]);
    e.setLayerProps(base, { visible: true });
    // A stroke on the base extends the clipped layer's visible part in the live view after pen-up.
    e.setActiveLayer(base);
    e.setColor('#ffffff');
    e.setBrush({ size: 3, opacity: 100, hardness: 100 });
    drawStroke(e, line(7, 0, 7, 7, 10));
    expect(worstLiveError(e)).toBeLessThanOrEqual(1);
    expect(composite(e, 7, 4)[0]).toBe(255);
    // Merging the clipped layer down bakes in the clip: the picture does not change.
    e.setActiveLayer(top);
    e.setLayerProps(top, { blendMode: 'normal' });
    const before = new Compositor().compositeRect(e.document, { x: 0, y: 0, width: 8, height: 8 }).data;
    expect(e.mergeDown(top).ok).toBe(true);
    const after = new Compositor().compositeRect(e.document, { x: 0, y: 0, width: 8, height: 8 }).data;
    for (let i = 0; i < after.length; i++) expect(Math.abs((after[i] as number) - (before[i] as number))).toBeLessThanOrEqual(1);
    expect(at(e, 1, 1, base)).toEqual([255, 0, 0, 255]);
  });

  it('a stroke on a clipped layer previews exactly as it commits', () => {
    const e = new PaintEngine({ width: 64, height: 64 });
    e.applyPixels(e.document.activeLayerId, { x: 16, y: 16, width: 32, height: 32 }, solid(32, 32, [200, 200, 200, 255]));
    const top = e.addLayer();
    e.setLayerProps(top, { clipping: true });
    e.setColor('#0000ff');
    e.setBrush({ size: 12, opacity: 100 });
    const [first, ...rest] = line(0, 30, 63, 34, 30);
    e.beginStroke(first!);
    e.extendStroke(rest);
    e.render();
    const preview = e.output.data.slice();
    e.endStroke();
    expect(worstLiveError(e)).toBeLessThanOrEqual(1);
    let worst = 0;
    for (let i = 0; i < preview.length; i++) worst = Math.max(worst, Math.abs((preview[i] as number) - (e.output.data[i] as number)));
    expect(worst).toBeLessThanOrEqual(1);
    expect(composite(e, 4, 30)).toEqual([0, 0, 0, 0]);
  });

  it('alpha lock and clipping survive saving', () => {
    const e = new PaintEngine({ width: 4, height: 4 });
    const top = e.addLayer();
    e.setLayerProps(top, { clipping: true, alphaLock: true });
    const back = documentFromJSON(e.toJSON());
    expect(back.layer(top)).toMatchObject({ clipping: true, alphaLock: true });
    // Drawings saved before these existed load with both off.
    const old = JSON.parse(e.toJSON()) as { layers: Record<string, unknown>[] };
    for (const l of old.layers) {
      delete l.clipping;
      delete l.alphaLock;
    }
    expect(documentFromJSON(JSON.stringify(old)).layer(top)).toMatchObject({ clipping: false, alphaLock: false });
  });
});
