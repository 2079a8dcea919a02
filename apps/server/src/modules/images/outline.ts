import { GENERATION_MESSAGES, IMAGE_PROMPT_MAX, type OutlineRequest } from '@yumi/core';
import { hashString, traitsFromPrompt, type CharacterTraits } from '@yumi/core/procedural';
import { extractOutline } from '@yumi/imaging';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { renderCharacterPng } from '../../providers/image/procedural/render';
import { asBuffer } from '../../workers/pool';
import { decodeImageDataUrl, pngDataUrl, pngToRgba, rgbaToPng } from './decode';

/** Outlines are computed at most this large (longest side); bigger sources are scaled down first. */
const OUTLINE_MAX_SIDE = 2048;
const TEXT_OUTLINE_SIZE = { width: 600, height: 800 };

type Parsed = Extract<OutlineRequest, { type: 'image' }> | Extract<OutlineRequest, { type: 'text' }>;

export interface OutlineJob {
  /** A checked, re-encoded PNG, or the traits of the procedural character to draw and outline. */
  source: { png: Uint8Array } | { traits: CharacterTraits };
  strength: number;
  detailLevel: number;
  /** Line width in pixels (1-12). */
  thickness: number;
}

/** The CPU part (runs on the pool): one line per contour at the chosen thickness, as a transparent PNG. */
export async function outlinePng(job: OutlineJob): Promise<{ png: Uint8Array; width: number; height: number }> {
  const source = 'png' in job.source ? asBuffer(job.source.png) : await renderCharacterPng(job.source.traits, TEXT_OUTLINE_SIZE.width, TEXT_OUTLINE_SIZE.height);
  const fitted = await sharp(source).resize(OUTLINE_MAX_SIDE, OUTLINE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  const outline = extractOutline(await pngToRgba(fitted), { strength: job.strength, detailLevel: job.detailLevel, thickness: job.thickness, background: 'transparent' });
  return { png: await rgbaToPng(outline), width: outline.width, height: outline.height };
}

/**
 * The AI outline generator: clean line art from a sketch or photo, or from a description, the outline of
 * the procedural character drawn from it. Answers a transparent PNG data URL so it can become a layer.
 */
export async function generateOutline(ctx: AppContext, body: Parsed & { strength?: number; detailLevel?: number; thickness?: number }) {
  let source: OutlineJob['source'];
  if (body.type === 'image') {
    source = { png: (await decodeImageDataUrl(body.image)).png };
  } else {
    const prompt = body.prompt.trim();
    if (!prompt) throw new HttpError(422, 'OUTLINE_INPUT_REQUIRED', GENERATION_MESSAGES.outlineNeedsInput);
    if (prompt.length > IMAGE_PROMPT_MAX) throw new HttpError(422, 'VALIDATION_ERROR', 'The description is too long');
    source = { traits: traitsFromPrompt({ prompt, seed: hashString(prompt.toLowerCase()) }) };
  }
  let out: Awaited<ReturnType<typeof outlinePng>>;
  try {
    out = await ctx.cpu.run('outline', { source, strength: body.strength ?? 0.5, detailLevel: body.detailLevel ?? 0.5, thickness: body.thickness ?? 2 });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(500, 'OUTLINE_FAILED', GENERATION_MESSAGES.outlineFailed);
  }
  return { outlineUrl: pngDataUrl(asBuffer(out.png)), width: out.width, height: out.height };
}
