import { describe, expect, it } from 'vitest';
import { PaintEngine } from '../engine.js';
import { drawStroke, line } from '../test/helpers.js';
import { effectivePressure, pressureFactor } from './pressure.js';
import { normalizeBrushSettings } from './settings.js';
import { PulledStringStabilizer } from './stabilizer.js';
import { createRandom } from '@yumi/core/random';

function engineWith(brush: Parameters<PaintEngine['setBrush']>[0]): PaintEngine {
  const e = new PaintEngine({ width: 300, height: 200 });
  e.setBrush({
    smoothing: 0,
    scattering: 0,
    tapering: { enabled: false, startTaper: 0, endTaper: 0 },
    ...brush,
  });
  return e;
}

describe('spacing', () => {
  it('places one dab every spacing% of the size along a straight line', () => {
    const e = engineWith({ size: 20, spacing: 25, pressureSensitivity: 0 });
    const { dabs } = drawStroke(e, line(10, 50, 110, 50, 11));
    // 100 px at 5 px steps: dabs at 0, 5, ..., 100
    expect(dabs).toHaveLength(21);
    expect(dabs[1]?.x).toBeCloseTo(15, 5);
    for (let i = 1; i < dabs.length; i++) {
      expect(Math.hypot((dabs[i]?.x ?? 0) - (dabs[i - 1]?.x ?? 0), 0)).toBeCloseTo(5, 5);
    }
  });

  it('halving the spacing doubles the dabs', () => {
    const a = drawStroke(
      engineWith({ size: 20, spacing: 50, pressureSensitivity: 0 }),
      line(10, 50, 210, 50, 5),
    ).dabs;
    const b = drawStroke(
      engineWith({ size: 20, spacing: 25, pressureSensitivity: 0 }),
      line(10, 50, 210, 50, 5),
    ).dabs;
    expect(a).toHaveLength(21); // 200 / 10 + 1
    expect(b).toHaveLength(41); // 200 / 5 + 1
  });
});

describe('pressure curve', () => {
  it('maps pressure to a size factor that grows with pressure and respects sensitivity', () => {
    expect(pressureFactor(0.2, 0)).toBe(1);
    expect(pressureFactor(1, 100)).toBe(1);
    expect(pressureFactor(0, 100)).toBe(0);
    expect(pressureFactor(0.5, 100)).toBeCloseTo(Math.pow(0.5, 1.2), 10);
    expect(pressureFactor(0.5, 50)).toBeCloseTo(0.5 + 0.5 * Math.pow(0.5, 1.2), 10);
    let prev = -1;
    for (let p = 0; p <= 1; p += 0.1) {
      const f = pressureFactor(p, 80);
      expect(f).toBeGreaterThan(prev);
      prev = f;
    }
  });

  it('pen pressure scales dab size and opacity; a mouse counts as full pressure', () => {
    const pen = (p: number) =>
      drawStroke(
        engineWith({ size: 20, pressureSensitivity: 100 }),
        line(20, 50, 120, 50, 20, () => p, 'pen'),
      ).dabs;
    const light = pen(0.25);
    const firm = pen(1);
    expect(firm[3]?.size).toBeCloseTo(20, 5);
    expect(light[3]?.size).toBeCloseTo(20 * Math.pow(0.25, 1.2), 5);
    expect(light[3]?.cap).toBeCloseTo(Math.pow(0.25, 1.2), 5);
    expect(effectivePressure({ x: 0, y: 0, pressure: 0.5, time: 0, pointerType: 'mouse' })).toBe(1);
    expect(effectivePressure({ x: 0, y: 0, pressure: 0.3, time: 0, pointerType: 'pen' })).toBe(0.3);
  });

  it('follows pressure changes along the stroke', () => {
    const e = engineWith({ size: 30, pressureSensitivity: 100, spacing: 10 });
    const { dabs } = drawStroke(
      e,
      line(20, 100, 280, 100, 60, (t) => 0.1 + 0.9 * t, 'pen'),
    );
    expect(dabs[0]?.size).toBeLessThan(5);
    expect(dabs.at(-1)?.size).toBeGreaterThan(25);
  });
});

describe('smoothing', () => {
  const noisy = () => {
    const rnd = createRandom(42);
    return line(10, 100, 290, 100, 140).map((p) => ({ ...p, y: p.y + (rnd() - 0.5) * 8 }));
  };
  const rms = (dabs: { x: number; y: number }[]) =>
    Math.sqrt(
      dabs.filter((d) => d.x > 40 && d.x < 260).reduce((s, d) => s + (d.y - 100) ** 2, 0) / dabs.length,
    );

  it('reduces the jitter of a noisy line', () => {
    const raw = rms(drawStroke(engineWith({ size: 4, smoothing: 0 }), noisy()).dabs);
    const smooth = rms(drawStroke(engineWith({ size: 4, smoothing: 70 }), noisy()).dabs);
    expect(raw).toBeGreaterThan(1);
    expect(smooth).toBeLessThan(raw * 0.35);
  });

  it('catches up to the pointer at the end of the stroke', () => {
    const { dabs } = drawStroke(
      engineWith({ size: 4, smoothing: 100, spacing: 10 }),
      line(10, 100, 200, 100, 40),
    );
    const last = dabs.at(-1);
    expect(last?.x).toBeGreaterThan(199);
  });

  it('the stabiliser ignores moves within its string length', () => {
    const s = new PulledStringStabilizer(10);
    expect(s.push({ x: 0, y: 0, pressure: 1 })).not.toBeNull();
    expect(s.push({ x: 5, y: 5, pressure: 1 })).toBeNull();
    expect(s.push({ x: 20, y: 0, pressure: 1 })).toEqual({ x: 10, y: 0, pressure: 1 });
    expect(s.finish()).toEqual({ x: 20, y: 0, pressure: 1 });
  });
});

describe('tapering', () => {
  it('makes the dabs at both ends smaller than the middle', () => {
    const e = engineWith({
      size: 10,
      spacing: 10,
      pressureSensitivity: 0,
      tapering: { enabled: true, startTaper: 30, endTaper: 40 },
    });
    const { dabs } = drawStroke(e, line(20, 100, 260, 100, 50));
    const mid = dabs[Math.floor(dabs.length / 2)]?.size ?? 0;
    expect(mid).toBeCloseTo(10, 5);
    expect(dabs[0]?.size).toBeLessThan(mid * 0.2);
    expect(dabs.at(-1)?.size).toBeLessThan(mid * 0.2);
    // the end taper shrinks monotonically over the last 40 px
    const tail = dabs.filter((d) => d.x > 225);
    for (let i = 1; i < tail.length; i++)
      expect(tail[i]?.size).toBeLessThanOrEqual((tail[i - 1]?.size ?? 0) + 1e-9);
    // and the tail was re-spaced for the smaller dabs (denser than the 1 px full-size spacing)
    expect(tail.length).toBeGreaterThan(40);
  });

  it('without tapering the end dabs keep full size', () => {
    const { dabs } = drawStroke(
      engineWith({ size: 10, pressureSensitivity: 0 }),
      line(20, 100, 260, 100, 50),
    );
    expect(dabs.at(-1)?.size).toBeCloseTo(10, 5);
  });
});

describe('brush settings', () => {
  it('clamps settings into range', () => {
    const s = normalizeBrushSettings({ size: 0, opacity: 500, spacing: 0, rotation: -90, hardness: -3 });
    expect(s.size).toBe(0.1);
    expect(s.opacity).toBe(100);
    expect(s.spacing).toBe(1);
    expect(s.rotation).toBe(270);
    expect(s.hardness).toBe(0);
  });

  it('scattering moves dabs off the path, reproducibly per seed', () => {
    const draw = (seed: number) =>
      drawStroke(
        engineWith({ size: 10, scattering: 80, pressureSensitivity: 0 }),
        line(20, 100, 260, 100, 30),
        seed,
      ).dabs;
    const a = draw(3);
    const maxOff = Math.max(...a.map((d) => Math.abs(d.y - 100)));
    expect(maxOff).toBeGreaterThan(2);
    expect(maxOff).toBeLessThanOrEqual(8 + 1e-9);
    expect(draw(3)).toEqual(a);
  });
});

describe('tips and texture', () => {
  const coverage = (brush: Parameters<PaintEngine['setBrush']>[0], pts: ReturnType<typeof line>) => {
    const e = engineWith({ pressureSensitivity: 0, hardness: 100, ...brush });
    drawStroke(e, pts);
    const s = e.document.activeLayer.surface;
    return { at: (x: number, y: number) => s.getPixel(x, y).a, surface: s };
  };

  it('a chisel tip draws thin along its long axis and thick across it; rotation turns it', () => {
    const horizontal = coverage({ size: 20, tipShape: 'chisel', rotation: 0 }, line(50, 100, 250, 100, 20));
    const vertical = coverage({ size: 20, tipShape: 'chisel', rotation: 0 }, line(150, 20, 150, 180, 20));
    // the long axis (20 px) lies along x: a horizontal stroke is 4 px tall, a vertical one 20 px wide
    expect(horizontal.at(150, 96)).toBe(0);
    expect(horizontal.at(150, 99)).toBe(255);
    expect(vertical.at(142, 100)).toBe(255);
    const turned = coverage({ size: 20, tipShape: 'chisel', rotation: 90 }, line(50, 100, 250, 100, 20));
    expect(turned.at(150, 92)).toBe(255);
  });

  it('a square tip fills the corners a round tip leaves out', () => {
    const round = coverage({ size: 20, tipShape: 'round' }, line(100, 100, 100.01, 100, 2));
    const square = coverage({ size: 20, tipShape: 'square' }, line(100, 100, 100.01, 100, 2));
    expect(round.at(91, 91)).toBe(0);
    expect(square.at(91, 91)).toBe(255);
    expect(round.at(100, 100)).toBe(255);
  });

  it('a flat tip is an ellipse narrower than it is long', () => {
    const flat = coverage({ size: 20, tipShape: 'flat' }, line(100, 100, 100.01, 100, 2));
    expect(flat.at(108, 100)).toBe(255);
    expect(flat.at(100, 95)).toBe(0);
  });

  it('paper grain varies the alpha inside a stroke; without texture it is even', () => {
    const spread = (texturePath?: string) => {
      const c = coverage(
        { size: 30, ...(texturePath ? { texturePath, textureStrength: 80 } : {}) },
        line(30, 100, 270, 100, 20),
      );
      const values = new Set<number>();
      for (let x = 60; x < 240; x++) values.add(c.at(x, 100));
      return values;
    };
    expect(spread().size).toBe(1);
    const grainy = spread('paper');
    expect(grainy.size).toBeGreaterThan(20);
    expect(Math.min(...grainy)).toBeLessThan(200);
    expect(() => coverage({ texturePath: 'missing' }, line(1, 1, 2, 2, 2))).toThrow(/not registered/);
  });

  it('the paper grain is deterministic and tileable', async () => {
    const { createPaperGrain, sampleGrain } = await import('./texture.js');
    const a = createPaperGrain(64, 3);
    const b = createPaperGrain(64, 3);
    expect(a.data).toEqual(b.data);
    expect(sampleGrain(a, 70, -3)).toBe(sampleGrain(a, 6, 61));
    const min = Math.min(...a.data);
    const max = Math.max(...a.data);
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThanOrEqual(1);
    expect(max - min).toBeGreaterThan(0.5);
  });
});
