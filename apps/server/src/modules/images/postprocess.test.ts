import { traitsFor } from '@yumi/core/procedural';
import { postProcessPixels, type PixelPostProcessing } from '@yumi/imaging';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCharacterPng } from '../../providers/image/procedural/render';
import { postProcess } from './postprocess';

async function raw(png: Uint8Array) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

/** Mean and 99th-percentile absolute difference of the colour channels. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray) {
  const diffs: number[] = [];
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) diffs.push(Math.abs(a[i]! - b[i]!));
  diffs.sort((x, y) => x - y);
  return { mean: diffs.reduce((s, d) => s + d, 0) / diffs.length, p99: diffs[Math.floor(diffs.length * 0.99)]! };
}

describe("the browser's post-processing (pixels) against the server's (sharp)", () => {
  const cases: [string, PixelPostProcessing][] = [
    ['the spec defaults', { denoise: true, lineArtCleanup: true, colorCorrection: { contrast: 1, saturation: 1, bloom: 0.5 } }],
    ['strong colour correction, no bloom', { denoise: false, lineArtCleanup: true, colorCorrection: { contrast: 1.6, saturation: 0.4, bloom: 0 } }],
    ['full bloom, low contrast', { denoise: true, lineArtCleanup: false, colorCorrection: { contrast: 0.6, saturation: 1.8, bloom: 1 } }],
  ];
  it.each(cases)('%s: within a few levels of sharp', async (_name, options) => {
    const png = await renderCharacterPng(traitsFor({ prompt: 'a girl with pink twintails in a maid outfit, starry night', seed: 11 }), 192, 256);
    const server = await raw((await postProcess(png, { upscale: false, ...options })).png);
    const browser = postProcessPixels(await raw(png), options);
    expect([browser.width, browser.height]).toEqual([server.width, server.height]);
    const d = difference(browser.data, server.data);
    expect(d.mean).toBeLessThan(2.5);
    expect(d.p99).toBeLessThan(32);
  });
});
