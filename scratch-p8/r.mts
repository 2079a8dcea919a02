import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { traitsFromPrompt } from '../apps/server/src/providers/image/procedural/traits';
import { renderCharacterPng } from '../apps/server/src/providers/image/procedural/render';
import { THEME_PROMPTS } from '../packages/core/src/images';
const prompts = [
  ...THEME_PROMPTS.map(t => ({ prompt: t.prompt, theme: t.theme, baseCharacter: t.baseCharacter })),
  { prompt: 'witch girl with black hair and green eyes, starry night, jumping' },
  { prompt: 'knight with blonde hair, determined fist, forest' },
  { prompt: 'cat girl in a hoodie, blue hair bob, surprised' },
  { prompt: 'kimono, sakura, meditating, long purple hair' },
  { prompt: 'princess dress, silver hair braid, mischievous smirk, glasses' },
];
const tiles: Buffer[] = [];
for (const [i, p] of prompts.entries()) {
  const tr = traitsFromPrompt({ ...p, seed: 1234 + i } as any);
  const t0 = performance.now();
  const png = await renderCharacterPng(tr, 768, 1024);
  console.log(i, tr.pose, tr.outfit, (performance.now() - t0).toFixed(0), 'ms');
  tiles.push(await sharp(png).resize(256, 341).png().toBuffer());
}
const sheet = await sharp({ create: { width: 256 * 4, height: 341 * 2, channels: 4, background: '#000' } })
  .composite(tiles.map((b, i) => ({ input: b, left: (i % 4) * 256, top: Math.floor(i / 4) * 341 }))).png().toBuffer();
writeFileSync('/tmp/p8/sheet.png', sheet);
