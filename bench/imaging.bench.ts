/**
 * Imaging benchmarks (DESIGN.md: colour analysis and outline extraction of an 800x600 image each
 * under 50 ms in Node). Each figure is the median of several runs beside a baseline measured in the
 * same run: one plain pass over the same buffer summing its bytes, the least any algorithm reading
 * every pixel must spend, so drift of the shared machine shows in both numbers.
 */
import {
  analyzeColors,
  createSyntheticDrawing,
  extractOutline,
  floodFill,
  inpaint,
  lineArtFill,
} from '../packages/imaging/src/index';
import type { RgbaImage } from '../packages/imaging/src/index';

type BenchResult = {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  budget?: { max: number };
};

const WARMUP = 3;
const RUNS = 15;
const BUDGET_MS = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Median wall time of `fn` in milliseconds, after warm-up runs that let the JIT settle. */
function time(fn: () => unknown): number {
  let sink = 0;
  for (let i = 0; i < WARMUP; i++) sink += fn() === undefined ? 0 : 1;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    sink += fn() === undefined ? 0 : 1;
    samples.push(performance.now() - start);
  }
  if (sink < 0) throw new Error('unreachable');
  return Math.round(median(samples) * 100) / 100;
}

function sumBytes(image: RgbaImage): number {
  let sum = 0;
  const { data } = image;
  for (let i = 0; i < data.length; i++) sum += data[i] ?? 0;
  return sum;
}

/** A wavy 8 px stroke across the drawing's background, as a mask for the inpainting figure. */
function strokeMask(image: RgbaImage): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (let x = 20; x < 200; x++) {
    const cy = 80 + Math.sin(x / 15) * 20;
    for (let y = Math.round(cy - 4); y < Math.round(cy + 4); y++) mask[y * image.width + x] = 1;
  }
  return mask;
}

export default async function run(): Promise<BenchResult[]> {
  const drawing = createSyntheticDrawing(800, 600);
  const baselineValue = time(() => sumBytes(drawing));
  const baseline = { name: 'sum of bytes, one pass over the same 800x600 buffer', value: baselineValue };
  const mask = strokeMask(drawing);
  const figure = (name: string, fn: () => unknown, budget = true): BenchResult => ({
    name,
    value: time(fn),
    unit: 'ms',
    baseline,
    ...(budget ? { budget: { max: BUDGET_MS } } : {}),
  });
  return [
    figure('imaging: colour analysis, 800x600', () => analyzeColors(drawing)),
    figure('imaging: outline extraction, 800x600', () =>
      extractOutline(drawing, { strength: 0.5, detailLevel: 0.5 }),
    ),
    // The background is the largest region of the drawing: the worst case for a click.
    figure('imaging: flood fill (auto_fill) of the background, 800x600', () =>
      floodFill(drawing, 5, 5, '#ffcc00'),
    ),
    figure('imaging: line-art fill (pattern_detect) of the background, 800x600', () =>
      lineArtFill(drawing, 5, 5, '#ffcc00', { detailLevel: 75 }),
    ),
    figure('imaging: inpainting an 8x180 px stroke, 800x600', () => inpaint(drawing, mask), false),
  ];
}
