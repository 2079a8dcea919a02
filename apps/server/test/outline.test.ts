import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
/** A signed-in caller: outlines are CPU work, refused to anonymous callers. */
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await signUp(t.app, 'outliner')).auth;
});
afterAll(() => t.close());

const outline = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/anime-chara-helper/generate-outline', headers: auth, payload: payload as object });

/** A known drawing: a dark square (x 40-119, y 30-89) on white paper, 160x120. */
async function squareDrawing() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#ffffff"/><rect x="40" y="30" width="80" height="60" fill="#202020"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

async function alphaOf(dataUrl: string) {
  const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, at: (x: number, y: number) => data[(y * info.width + x) * 4 + 3]! };
}

describe('AI outline generator', () => {
  it('turns a drawing into line art matching the expected edge map', async () => {
    const res = await outline({ type: 'image', image: await squareDrawing(), strength: 0.5, detailLevel: 0.8 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.outlineUrl).toMatch(/^data:image\/png;base64,/);
    const a = await alphaOf(body.outlineUrl);
    expect([a.width, a.height]).toEqual([160, 120]);
    // Expected edge map: the square's border. Each border pixel has a line within 2 px ...
    const near = (x: number, y: number) => {
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (a.at(x + dx, y + dy) > 0) return true;
      return false;
    };
    let hits = 0;
    let total = 0;
    const check = (x: number, y: number) => {
      total += 1;
      if (near(x, y)) hits += 1;
    };
    for (let x = 44; x < 116; x += 2) for (const y of [30, 89]) check(x, y);
    for (let y = 34; y < 86; y += 2) for (const x of [40, 119]) check(x, y);
    expect(hits / total).toBeGreaterThan(0.95);
    // ... and nothing is drawn away from it: inside the square and on the open paper.
    let stray = 0;
    for (let y = 0; y < 120; y++)
      for (let x = 0; x < 160; x++) {
        const dist = Math.min(Math.abs(x - 40), Math.abs(x - 119), Math.abs(y - 30), Math.abs(y - 89));
        const onBorderLine = (x >= 36 && x <= 123 && (Math.abs(y - 30) <= 4 || Math.abs(y - 89) <= 4)) || (y >= 26 && y <= 93 && (Math.abs(x - 40) <= 4 || Math.abs(x - 119) <= 4));
        if (!onBorderLine && dist > 4 && a.at(x, y) > 0) stray++;
      }
    expect(stray).toBe(0);
  });

  it('draws more lines at a higher strength', async () => {
    // a bold square and a faint circle: only a high strength keeps the faint one
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="120" height="90" fill="#fff"/><rect x="10" y="20" width="40" height="40" fill="#222"/><circle cx="85" cy="45" r="20" fill="#ececec"/></svg>';
    const photo = await sharp(Buffer.from(svg)).png().toBuffer();
    const image = `data:image/png;base64,${photo.toString('base64')}`;
    const count = async (strength: number) => {
      const a = await alphaOf((await outline({ type: 'image', image, strength, detailLevel: 1 })).json().outlineUrl);
      let n = 0;
      for (let y = 0; y < a.height; y++) for (let x = 0; x < a.width; x++) n += a.at(x, y) > 0 ? 1 : 0;
      return n;
    };
    expect(await count(1)).toBeGreaterThan(await count(0.1));
  });

  it('outlines a character described in text', async () => {
    const res = await outline({ type: 'text', prompt: 'girl with twin tails in a maid dress', detailLevel: 0.6 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 600, height: 800 });
  });

  it('refuses missing input with the spec text, and out-of-range sliders', async () => {
    const empty = await outline({ type: 'text', prompt: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(errorBody(empty)).toMatchObject({ code: 'OUTLINE_INPUT_REQUIRED', error: 'Please upload an image or enter a text description' });
    for (const bad of [
      { type: 'image' },
      { type: 'image', image: '' },
      { type: 'image', image: await squareDrawing(), strength: 0 },
      { type: 'image', image: await squareDrawing(), detailLevel: 1.5 },
      { type: 'sketch', prompt: 'x' },
      { type: 'text', prompt: 'x'.repeat(100_000) },
    ]) {
      expect((await outline(bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(422);
    }
    const notImage = await outline({ type: 'image', image: `data:image/png;base64,${Buffer.from('<svg>hello</svg> not a png').toString('base64')}` });
    expect(notImage.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/anime-chara-helper/generate-outline',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"type":"image","image":"data:image/png;base64,${'A'.repeat(50 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
  });
});
