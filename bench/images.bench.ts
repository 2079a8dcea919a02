/**
 * Image generation benchmarks: the procedural renderer at 768x1024 (budget 300 ms), outline extraction
 * of an 800x600 picture as the outline endpoint does it (budget 50 ms), and the full post-processing
 * chain on a 1024x1024 image. Baselines from the same run: sharp decoding and re-encoding the same-sized
 * PNG (the least any image endpoint spends), and one pass summing the 800x600 buffer.
 */
import { createSyntheticDrawing, extractOutline, type RgbaImage } from '../packages/imaging/src/index';
import sharp from 'sharp';
import { postProcess } from '../apps/server/src/modules/images/postprocess';
import { renderCharacterPng } from '../apps/server/src/providers/image/procedural/render';
import { traitsFromPrompt } from '../packages/core/src/procedural/index';
import type { BenchResult } from './types';

const WARMUP = 2;
const RUNS = 9;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function time(fn: () => unknown): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return Math.round(median(samples) * 100) / 100;
}

function sumBytes(image: RgbaImage): number {
  let sum = 0;
  for (let i = 0; i < image.data.length; i++) sum += image.data[i]!;
  return sum;
}

export default async function run(): Promise<BenchResult[]> {
  // The busiest scene and pose: the night sky with its stars and a jumping witch with long hair.
  const traits = traitsFromPrompt({ prompt: 'witch girl with long black hair and green eyes jumping, starry night, cat ears', seed: 7 });
  const character = await renderCharacterPng(traits, 768, 1024);
  const square = await renderCharacterPng(traitsFromPrompt({ prompt: 'maid cafe', seed: 3 }), 1024, 1024);
  const drawing = createSyntheticDrawing(800, 600);

  const pngBaseline = { name: 'sharp decode + PNG encode of the same image', value: await time(() => sharp(character).png().toBuffer()) };
  const squareBaseline = { name: 'sharp decode + PNG encode of the same image', value: await time(() => sharp(square).png().toBuffer()) };
  const byteBaseline = { name: 'sum of bytes, one pass over the same 800x600 buffer', value: await time(() => sumBytes(drawing)) };
  const chain = { upscale: true, denoise: true, lineArtCleanup: true, colorCorrection: { contrast: 1.1, saturation: 1.2, bloom: 0.5 } };
  return [
    { name: 'images: procedural render 768x1024 (SVG to PNG)', value: await time(() => renderCharacterPng(traits, 768, 1024)), unit: 'ms', baseline: pngBaseline, budget: { max: 300 } },
    { name: 'images: outline extraction 800x600', value: await time(() => extractOutline(drawing, { strength: 0.5, detailLevel: 0.5, background: 'transparent' })), unit: 'ms', baseline: byteBaseline, budget: { max: 50 } },
    { name: 'images: post-processing chain 1024x1024 (denoise, clean-up, colour, bloom, 2x upscale)', value: await time(() => postProcess(square, chain)), unit: 'ms', baseline: squareBaseline },
    { name: 'images: post-processing chain 1024x1024 without upscale', value: await time(() => postProcess(square, { ...chain, upscale: false })), unit: 'ms', baseline: squareBaseline },
  ];
}
