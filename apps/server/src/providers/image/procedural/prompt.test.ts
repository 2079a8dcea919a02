import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCharacterPng } from './render';
import { traitsFromPrompt } from '@yumi/core/procedural';

const ORANGE = '#f97316';
const BLUE = '#3b82f6';
const PURPLE = '#8b5cf6';
const GREEN = '#22c55e';
const RED = '#dc2626';

/** Share of the picture's pixels within a small distance of `hex`. */
async function share(prompt: string, hex: string, seed = 7): Promise<number> {
  const png = await renderCharacterPng(traitsFromPrompt({ prompt, seed }), 192, 256);
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 40) n++;
  }
  return n / (info.width * info.height);
}

describe('the generator follows the prompt', () => {
  it('reads a hair colour next to a hair style ("orange ponytail"), and the outfit colour', () => {
    const t = traitsFromPrompt({ prompt: 'a girl with an orange ponytail in a blue dress', seed: 3 });
    expect(t).toMatchObject({ hairColor: ORANGE, hairStyle: 'ponytail', outfit: 'dress', outfitColor: BLUE, gender: 'girl' });
  });

  it('reads Japanese, Chinese and Korean prompts', () => {
    expect(traitsFromPrompt({ prompt: 'オレンジ色のポニーテールの女の子、青いドレス、剣を持つ', seed: 1 })).toMatchObject({
      hairColor: ORANGE, hairStyle: 'ponytail', outfit: 'dress', outfitColor: BLUE, prop: 'sword', gender: 'girl',
    });
    expect(traitsFromPrompt({ prompt: '绿色头发的男孩，拿着书', seed: 1 })).toMatchObject({ hairColor: GREEN, gender: 'boy', prop: 'book' });
    expect(traitsFromPrompt({ prompt: '빨간 머리 소녀, 우산', seed: 1 })).toMatchObject({ hairColor: RED, gender: 'girl', prop: 'umbrella' });
  });

  it('reads gender, age and props', () => {
    expect(traitsFromPrompt({ prompt: 'a young boy with a sword', seed: 2 })).toMatchObject({ gender: 'boy', prop: 'sword', hairStyle: 'bob' });
    expect(traitsFromPrompt({ prompt: 'a little child', seed: 2 }).age).toBe('child');
    expect(traitsFromPrompt({ prompt: 'an old woman with a cup of tea', seed: 2 })).toMatchObject({ age: 'elder', prop: 'cup', hairColor: '#e5e7eb' });
    expect(traitsFromPrompt({ prompt: 'an office woman', seed: 2 }).age).toBe('adult');
  });

  it('draws the colours it read: checked in the rendered pixels', async () => {
    const orangeHair = 'girl with an orange ponytail, blue dress, plain white background';
    expect(await share(orangeHair, ORANGE)).toBeGreaterThan(0.02);
    expect(await share(orangeHair, BLUE)).toBeGreaterThan(0.02);
    expect(await share(orangeHair, PURPLE)).toBeLessThan(0.002);
    const green = 'girl with green hair in a red dress, plain white background';
    expect(await share(green, GREEN)).toBeGreaterThan(0.02);
    expect(await share(green, RED)).toBeGreaterThan(0.02);
    expect(await share(green, ORANGE)).toBeLessThan(0.002);
    // The Japanese prompt gives the same colours.
    expect(await share('オレンジ色のポニーテール、青いドレス、白い背景', ORANGE)).toBeGreaterThan(0.02);
  });

  it('a child is drawn smaller than a teen with the same seed', async () => {
    const opaqueRows = async (prompt: string) => {
      const png = await renderCharacterPng(traitsFromPrompt({ prompt: `${prompt}, red hair, red dress, plain white background`, seed: 4 }), 96, 128);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let top = info.height;
      for (let i = 0; i < data.length; i += info.channels) {
        if (Math.abs(data[i]! - 0xdc) + Math.abs(data[i + 1]! - 0x26) + Math.abs(data[i + 2]! - 0x26) < 60) top = Math.min(top, Math.floor(i / info.channels / info.width));
      }
      return top;
    };
    expect(await opaqueRows('a little child')).toBeGreaterThan((await opaqueRows('a teenage girl')) + 5);
  });
});
