import { characterSvg, type CharacterTraits } from '@yumi/core/procedural';
import sharp from 'sharp';

/** Renders the character to a PNG of exactly width x height pixels (librsvg through sharp). */
export async function renderCharacterPng(tr: CharacterTraits, width: number, height: number): Promise<Buffer> {
  const svg = characterSvg(tr, width, height);
  return sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();
}
