// Runs in headless Chromium (bundled by canvas.bench.ts): the paint benchmark in the browser's engine,
// plus the full frame the web app does, including uploading the dirty rects to a real <canvas>.
import type { InputPoint } from '@yumi/paint';
import runPaintBench, { buildEngine } from './paint.bench';

const SIZE = 2048;

function frameStats(frames: number[]) {
  const s = [...frames].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  return { p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1] ?? NaN };
}

function stroke(seed: number): InputPoint[] {
  return Array.from({ length: 1000 }, (_, i) => {
    const t = i / 999;
    return { x: 100 + t * 1840, y: 500 + seed * 40 + Math.sin(t * 9 + seed) * 250, pressure: 0.35 + 0.6 * Math.abs(Math.sin(t * 7)), time: i * 4, pointerType: 'pen' as const };
  });
}

async function inPage() {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d')!;
  const engine = buildEngine();
  const image = new ImageData(engine.output.data as Uint8ClampedArray<ArrayBuffer>, SIZE, SIZE);
  const upload = () => {
    for (const r of engine.render()) ctx.putImageData(image, 0, 0, r.x, r.y, r.width, r.height);
  };
  upload();
  const frames: number[] = [];
  const undos: number[] = [];
  for (let run = 0; run < 4; run++) {
    const pts = stroke(run);
    const measured = run > 0; // the first stroke warms up the JIT
    let t = performance.now();
    engine.beginStroke(pts[0]!, { seed: run });
    upload();
    if (measured) frames.push(performance.now() - t);
    for (let i = 1; i < pts.length; i += 5) {
      t = performance.now();
      engine.extendStroke(pts.slice(i, i + 5));
      upload();
      if (measured) frames.push(performance.now() - t);
    }
    t = performance.now();
    engine.endStroke();
    upload();
    if (measured) frames.push(performance.now() - t);
    t = performance.now();
    engine.undo();
    upload();
    if (measured) undos.push(performance.now() - t);
  }
  return { frames: frameStats(frames), undo: frameStats(undos) };
}

(window as unknown as { __bench: () => Promise<unknown> }).__bench = async () => ({ paint: await runPaintBench(), page: await inPage() });
