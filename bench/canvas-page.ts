// Runs in headless Chromium (bundled by canvas.bench.ts): the paint benchmark in the browser's engine,
// plus the full frame the web app does, including uploading the dirty rects to a real <canvas>.
import { PaintEngine, type InputPoint } from '@yumi/paint';
import runPaintBench from './paint.bench';

const SIZE = 2048;

function frameStats(frames: number[]) {
  const s = [...frames].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  return { p50: at(50), p95: at(95), max: s[s.length - 1] ?? NaN };
}

function stroke(seed: number): InputPoint[] {
  return Array.from({ length: 1000 }, (_, i) => {
    const t = i / 999;
    return { x: 100 + t * 1840, y: 500 + seed * 40 + Math.sin(t * 9 + seed) * 250, pressure: 0.35 + 0.6 * Math.abs(Math.sin(t * 7)), time: i * 4, pointerType: 'pen' as const };
  });
}

/** 10 layers with large painted areas, the middle one active, as in an illustration. */
function buildEngine(): PaintEngine {
  const engine = new PaintEngine({ width: SIZE, height: SIZE });
  const fill = (id: string, x: number, y: number, w: number, h: number, rgba: number[]) => {
    const data = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
    engine.applyPixels(id, { x, y, width: w, height: h }, data);
  };
  fill(engine.document.activeLayerId, 0, 0, SIZE, SIZE, [250, 248, 240, 255]);
  const modes = ['normal', 'multiply', 'screen', 'overlay', 'normal', 'darken', 'lighten', 'normal', 'multiply'] as const;
  for (let i = 1; i < 10; i++) {
    const id = engine.addLayer();
    fill(id, (i * 173) % 700, (i * 311) % 700, 1300, 1300, [(i * 40) % 256, (i * 90) % 256, (i * 150) % 256, 160 + i * 9]);
    engine.setLayerProps(id, { blendMode: modes[i - 1] ?? 'normal', opacity: 60 + i * 4 });
  }
  engine.setActiveLayer(engine.document.layers[5]!.id);
  engine.history.clear();
  engine.selectPreset('basic-brush');
  engine.setBrush({ size: 30, pressureSensitivity: 60 });
  return engine;
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
