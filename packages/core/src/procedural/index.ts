import type { BaseCharacter, Theme } from '../images';
import { hashString } from './random';
import { traitsFromPrompt, type CharacterTraits } from './traits';

/**
 * The embedded image model's drawing: an original parametric anime character as SVG, decided from the
 * prompt's words, the theme's base character and the seed. One implementation for the server (rasterised
 * by sharp on the CPU pool) and the browser (a Web Worker, for Anime offline).
 */
export { characterSvg, DESIGN_HEIGHT, DESIGN_WIDTH } from './svg';
export { hashString } from './random';
export { POSES, traitsFromPrompt } from './traits';
export type { CharacterTraits } from './traits';

/** The seed actually drawn: the request's seed mixed with the prompt, so the same seed gives a different character for a different prompt. */
export function proceduralSeed(prompt: string, seed: number): number {
  return (hashString(prompt.trim().toLowerCase()) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
}

export interface ProceduralRequest {
  prompt: string;
  seed: number;
  theme?: Theme;
  baseCharacter?: BaseCharacter;
}

/** What one picture shows; a reference picture's colours (`palette`, dominant first) colour it when given. */
export function traitsFor(request: ProceduralRequest, palette?: string[]): CharacterTraits {
  return traitsFromPrompt({
    prompt: request.prompt,
    seed: proceduralSeed(request.prompt, request.seed),
    theme: request.theme,
    baseCharacter: request.baseCharacter,
    palette,
  });
}
