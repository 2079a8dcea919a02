import { describe, expect, it } from 'vitest';
import { PaintEngine } from '../engine.js';
import { drawStroke, line } from '../test/helpers.js';
import { effectivePressure, pressureFactor } from './pressure.js';
import { normalizeBrushSettings } from './settings.js';
import { PulledStringStabilizer } from './stabilizer.js';
import { createRandom } from './random.js';

function engineWith(brush: Parameters<PaintEngine['setBrush']>[0]): PaintEngine {
  const e = new PaintEngine({ width: 300, height: 200 });
  e.setBrush({ smoothing: 0, scattering: 0, tapering: { enabled: false, startTaper: 0, endTaper: 0 }, ...brush });
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
    const a = drawStroke(engineWith({ size: 20, spacing: 50, pressureSensitivity: 0 }), line(10, 50, 210, 50, 5)).dabs;
    const b = drawStroke(engineWith({ size: 20, spacing: 25, pressureSensitivity: 0 }), line(10, 50, 210, 50, 5)).dabs;
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
    const pen = (p: number) => drawStroke(engineWith({ size: 20, pressureSensitivity: 100 }), line(20, 50, 120, 50, 20, () => p, 'pen')).dabs;
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
    const { dabs } = drawStroke(e, line(20, 100, 280, 100, 60, (t) => 0.1 + 0.9 * t, 'pen'));
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
    Math.sqrt(dabs.filter((d) => d.x > 40 && d.x < 260).reduce((s, d) => s + (d.y - 100) ** 2, 0) / dabs.length);

  it('reduces the jitter of a noisy line', () => {
    const raw = rms(drawStroke(engineWith({ size: 4, smoothing: 0 }), noisy()).dabs);
    const smooth = rms(drawStroke(engineWith({ size: 4, smoothing: 70 }), noisy()).dabs);
    expect(raw).toBeGreaterThan(1);
    expect(smooth).toBeLessThan(raw * 0.35);
  });

  it('catches up to the pointer at the end of the stroke', () => {
    const { dabs } = drawStroke(engineWith({ size: 4, smoothing: 100, spacing: 10 }), line(10, 100, 200, 100, 40));
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
    const e = engineWith({ size: 10, spacing: 10, pressureSensitivity: 0, tapering: { enabled: true, startTaper: 30, endTaper: 40 } });
    const { dabs } = drawStroke(e, line(20, 100, 260, 100, 50));
    const mid = dabs[Math.floor(dabs.length / 2)]?.size ?? 0;
    expect(mid).toBeCloseTo(10, 5);
    expect(dabs[0]?.size).toBeLessThan(mid * 0.2);
    expect(dabs.at(-1)?.size).toBeLessThan(mid * 0.2);
    // the end taper shrinks monotonically over the last 40 px
    const tail = dabs.filter((d) => d.x > 225);
    for (let i = 1; i < tail.length; i++) expect(tail[i]?.size).toBeLessThanOrEqual((tail[i - 1]?.size ?? 0) + 1e-9);
    // and the tail was re-spaced for the smaller dabs (denser than the 1 px full-size spacing)
    expect(tail.length).toBeGreaterThan(40);
  });

  it('without tapering the end dabs keep full size', () => {
    const { dabs } = drawStroke(engineWith({ size: 10, pressureSensitivity: 0 }), line(20, 100, 260, 100, 50));
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
      drawStroke(engineWith({ size: 10, scattering: 80, pressureSensitivity: 0 }), line(20, 100, 260, 100, 30), seed).dabs;
    const a = draw(3);
    const maxOff = Math.max(...a.map((d) => Math.abs(d.y - 100)));
    expect(maxOff).toBeGreaterThan(2);
    expect(maxOff).toBeLessThanOrEqual(8 + 1e-9);
    expect(draw(3)).toEqual(a);
  });
});
