import { describe, expect, it } from 'vitest';
import { PaintEngine } from '../engine.js';
import { alphaAt, drawStroke, line } from '../test/helpers.js';
import { applyPressureCurve, pressureFactor, PRESSURE_CURVE_PRESETS } from './pressure.js';
import { mirrorPoint, normalizeSymmetry, symmetryCopies } from './symmetry.js';

const engine = () => {
  const e = new PaintEngine({ width: 200, height: 200 });
  e.setBrush({ size: 8, opacity: 100, hardness: 100, smoothing: 0 });
  return e;
};
const a = (e: PaintEngine, x: number, y: number) => alphaAt(e, e.document.activeLayerId, x, y);

describe('symmetry', () => {
  it('vertical mirrors left and right, horizontal top and bottom, both into four quarters', () => {
    const e = engine();
    e.setSymmetry({ mode: 'vertical' });
    drawStroke(e, line(30, 40, 60, 40, 10));
    expect(a(e, 45, 40)).toBe(255);
    expect(a(e, 200 - 45, 40)).toBe(255); // mirrored across x = 100
    expect(a(e, 45, 160)).toBe(0);
    e.setSymmetry({ mode: 'horizontal' });
    drawStroke(e, line(30, 80, 60, 80, 10));
    expect(a(e, 45, 120)).toBe(255);
    expect(a(e, 155, 80)).toBe(0);
    e.setSymmetry({ mode: 'both' });
    drawStroke(e, line(20, 20, 20, 30, 5));
    for (const [x, y] of [[20, 25], [180, 25], [20, 175], [180, 175]] as const) expect(a(e, x, y)).toBe(255);
    e.undo(); // one stroke, one undo step, all copies
    for (const [x, y] of [[20, 25], [180, 25], [20, 175], [180, 175]] as const) expect(a(e, x, y)).toBe(0);
  });

  it('radial repeats the dab around the centre', () => {
    const e = engine();
    e.setSymmetry({ mode: 'radial', count: 6 });
    drawStroke(e, line(100, 40, 100, 45, 3));
    const s = normalizeSymmetry(e.symmetry, 200, 200);
    const copies = symmetryCopies(s);
    expect(copies).toHaveLength(5);
    for (const c of copies) {
      const p = mirrorPoint(s, c, 100, 42);
      expect(a(e, Math.round(p.x), Math.round(p.y))).toBeGreaterThan(200);
    }
    expect(a(e, 100, 158)).toBeGreaterThan(200); // the copy half a turn away
    expect(a(e, 40, 100)).toBe(0); // 90 degrees is not one of six
  });

  it('off draws one stroke; settings are clamped and recentred on a new canvas size', () => {
    const e = engine();
    drawStroke(e, line(30, 40, 60, 40, 10));
    expect(a(e, 155, 40)).toBe(0);
    expect(normalizeSymmetry({ mode: 'radial', count: 99 }, 100, 50)).toEqual({ mode: 'radial', count: 16, cx: 50, cy: 25 });
    expect(normalizeSymmetry({ mode: 'nonsense' as never }, 100, 50).mode).toBe('off');
    e.setSymmetry({ mode: 'vertical' });
    e.resizeCanvas(400, 200);
    expect(e.symmetry).toMatchObject({ mode: 'vertical', cx: 200, cy: 100 });
  });

  it('a moved centre mirrors around itself and is kept with the drawing (JSON, reload, resize, undo)', async () => {
    const { documentFromJSON } = await import('../io.js');
    const e = engine();
    e.setSymmetry({ mode: 'vertical', cx: 60 });
    drawStroke(e, line(30, 40, 40, 40, 5));
    expect(a(e, 85, 40)).toBe(255); // 35 -> 2*60 - 35
    expect(a(e, 165, 40)).toBe(0); // not around the canvas centre
    e.setSymmetry({ cx: -50, cy: 999 });
    expect(e.symmetry).toMatchObject({ cx: 0, cy: 200 }); // clamped to the canvas
    e.setSymmetry({ mode: 'radial', count: 5, cx: 70, cy: 90 });
    const back = new PaintEngine({ document: documentFromJSON(e.toJSON()) });
    expect(back.symmetry).toEqual({ mode: 'radial', count: 5, cx: 70, cy: 90 });
    const other = engine();
    other.loadDocument(documentFromJSON(e.toJSON()), { undoable: true });
    expect(other.symmetry).toEqual({ mode: 'radial', count: 5, cx: 70, cy: 90 });
    other.undo(); // the drawing before, with its own (default) ruler
    expect(other.symmetry).toMatchObject({ mode: 'off', cx: 100, cy: 100 });
    e.resizeCanvas(300, 200, 'top-left');
    expect(e.symmetry).toMatchObject({ cx: 70, cy: 90 }); // the pixels did not move
    e.resizeCanvas(200, 200, { x: -50, y: 0 });
    expect(e.symmetry).toMatchObject({ cx: 20, cy: 90 }); // cropped 50 px off the left, as the pixels
    e.scaleImage(400, 100);
    expect(e.symmetry).toMatchObject({ cx: 40, cy: 45 });
    e.undo();
    expect(e.symmetry).toMatchObject({ cx: 20, cy: 90 });
  });
});

describe('pressure curve per brush', () => {
  it('soft gives more effect for a light touch than linear, firm less; ends stay fixed', () => {
    const soft = applyPressureCurve(0.3, PRESSURE_CURVE_PRESETS.soft);
    const lin = applyPressureCurve(0.3, PRESSURE_CURVE_PRESETS.linear);
    const firm = applyPressureCurve(0.3, PRESSURE_CURVE_PRESETS.firm);
    expect(lin).toBeCloseTo(0.3, 2);
    expect(soft).toBeGreaterThan(lin + 0.15);
    expect(firm).toBeLessThan(lin - 0.15);
    for (const c of Object.values(PRESSURE_CURVE_PRESETS)) {
      expect(applyPressureCurve(0, c)).toBeCloseTo(0, 5);
      expect(applyPressureCurve(1, c)).toBeCloseTo(1, 5);
    }
    expect(pressureFactor(0.3, 100, PRESSURE_CURVE_PRESETS.soft)).toBeCloseTo(soft, 5);
    expect(pressureFactor(0.3, 0, PRESSURE_CURVE_PRESETS.soft)).toBe(1);
  });

  it('a soft curve draws a light pen stroke wider, and each brush keeps its own curve', () => {
    const width = (curve: 'soft' | 'firm') => {
      const e = engine();
      e.selectPreset('basic-brush');
      e.setBrush({ size: 30, pressureSensitivity: 100, smoothing: 0, pressureCurve: PRESSURE_CURVE_PRESETS[curve] });
      drawStroke(e, line(20, 100, 180, 100, 20, () => 0.3, 'pen'));
      let n = 0;
      for (let y = 70; y < 130; y++) if (a(e, 100, y) > 128) n++;
      return n;
    };
    expect(width('soft')).toBeGreaterThan(width('firm') + 6);
    const e = engine();
    e.selectPreset('basic-brush');
    e.setBrush({ pressureCurve: PRESSURE_CURVE_PRESETS.soft });
    e.selectPreset('basic-eraser');
    expect(e.brush.pressureCurve).toBeUndefined();
    e.selectPreset('basic-brush');
    expect(e.brush.pressureCurve).toEqual(PRESSURE_CURVE_PRESETS.soft);
    expect(e.pressureCurves).toEqual({ 'basic-brush': PRESSURE_CURVE_PRESETS.soft });
  });
});

describe('HSV colour', () => {
  it('converts both ways for primaries, greys and a round trip of every 17th value', async () => {
    const { hsvToRgb, rgbToHsv } = await import('../color.js');
    expect(rgbToHsv({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 100, v: 100 });
    expect(rgbToHsv({ r: 0, g: 255, b: 0 }).h).toBe(120);
    expect(rgbToHsv({ r: 0, g: 0, b: 255 }).h).toBe(240);
    expect(rgbToHsv({ r: 128, g: 128, b: 128 }).s).toBe(0);
    expect(hsvToRgb({ h: 60, s: 100, v: 100 })).toEqual({ r: 255, g: 255, b: 0, a: 255 });
    expect(hsvToRgb({ h: 300, s: 50, v: 100 })).toEqual({ r: 255, g: 128, b: 255, a: 255 });
    for (let r = 0; r < 256; r += 17)
      for (let g = 0; g < 256; g += 17)
        for (let b = 0; b < 256; b += 17) expect(hsvToRgb(rgbToHsv({ r, g, b }))).toEqual({ r, g, b, a: 255 });
  });
});
