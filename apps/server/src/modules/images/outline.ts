import { GENERATION_MESSAGES, IMAGE_PROMPT_MAX, type OutlineRequest } from '@yumi/core';
import { extractOutline } from '@yumi/imaging';
import sharp from 'sharp';
import { HttpError } from '../../lib/http-error';
import { traitsFromPrompt } from '../../providers/image/procedural';
import { renderCharacterPng } from '../../providers/image/procedural/render';
import { hashString } from '../../providers/image/procedural/random';
import { decodeImageDataUrl, pngDataUrl, pngToRgba, rgbaToPng } from './decode';

/** Outlines are computed at most this large (longest side); bigger sources are scaled down first. */
const OUTLINE_MAX_SIDE = 2048;
const TEXT_OUTLINE_SIZE = { width: 600, height: 800 };

type Parsed = Extract<OutlineRequest, { type: 'image' }> | Extract<OutlineRequest, { type: 'text' }>;

/**
 * The AI outline generator: clean line art from a sketch or photo (Canny edge detection tuned by strength
 * and detail level), or from a description, the outline of the procedural character drawn from it.
 * Answers a transparent PNG data URL so it can become a layer.
 */
export async function generateOutline(body: Parsed & { strength?: number; detailLevel?: number }) {
  let source: Buffer;
  if (body.type === 'image') {
    source = (await decodeImageDataUrl(body.image)).png;
  } else {
    const prompt = body.prompt.trim();
    if (!prompt) throw new HttpError(422, 'OUTLINE_INPUT_REQUIRED', GENERATION_MESSAGES.outlineNeedsInput);
    if (prompt.length > IMAGE_PROMPT_MAX) throw new HttpError(422, 'VALIDATION_ERROR', 'The description is too long');
    const traits = traitsFromPrompt({ prompt, seed: hashString(prompt.toLowerCase()) });
    source = await renderCharacterPng(traits, TEXT_OUTLINE_SIZE.width, TEXT_OUTLINE_SIZE.height);
  }
  try {
    const fitted = await sharp(source).resize(OUTLINE_MAX_SIDE, OUTLINE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    const image = await pngToRgba(fitted);
    const outline = extractOutline(image, { strength: body.strength ?? 0.5, detailLevel: body.detailLevel ?? 0.5, background: 'transparent' });
    return { outlineUrl: pngDataUrl(await rgbaToPng(outline)), width: outline.width, height: outline.height };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(500, 'OUTLINE_FAILED', GENERATION_MESSAGES.outlineFailed);
  }
}
