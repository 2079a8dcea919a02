import { THEME_PROMPTS } from '../images';
import { describe, expect, it } from 'vitest';
import { characterSvg } from './svg';
import { POSES, traitsFromPrompt } from './traits';

describe('procedural traits from the prompt', () => {
  it('reads hair and eye colours, outfit, pose, scene and accessories from the words', () => {
    const t = traitsFromPrompt({ prompt: 'A girl with BLUE hair and green eyes in a maid outfit, jumping, starry night, cat ears and glasses', seed: 1 });
    expect(t).toMatchObject({ hairColor: '#3b82f6', eyeColor: '#22c55e', outfit: 'maid', pose: 'energetic_jump', background: 'night' });
    expect(t.accessories).toEqual(expect.arrayContaining(['catEars', 'glasses']));
    expect(traitsFromPrompt({ prompt: 'red-haired knight', seed: 1 })).toMatchObject({ hairColor: '#dc2626', outfit: 'armor' });
  });

  it("falls back to the theme's base character, then to the seed", () => {
    const maid = THEME_PROMPTS.find((x) => x.theme === 'maid')!;
    const t = traitsFromPrompt({ prompt: 'a cute character', seed: 5, theme: 'maid', baseCharacter: maid.baseCharacter });
    expect(t).toMatchObject({ hairColor: maid.baseCharacter.hairColor, eyeColor: maid.baseCharacter.eyeColor, outfit: 'maid', background: 'cafe' });
    const poses = new Set(Array.from({ length: 40 }, (_, seed) => traitsFromPrompt({ prompt: 'someone', seed }).pose));
    expect(poses.size).toBeGreaterThan(4);
    for (const p of poses) expect(POSES).toContain(p);
  });

  it('is deterministic and draws any size as a well-formed SVG', () => {
    const a = traitsFromPrompt({ prompt: 'girl in a kimono', seed: 42 });
    expect(traitsFromPrompt({ prompt: 'girl in a kimono', seed: 42 })).toEqual(a);
    const svg = characterSvg(a, 1024, 576);
    expect(svg).toMatch(/^<svg[^>]+width="1024" height="576"/);
    expect(svg).not.toMatch(/NaN|undefined/);
  });
});
