import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_PRICE_TIMESHARDS, regionAround } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import { getBalance, grant } from '../src/modules/billing/ledger';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';
import { fakeSdWebui, type FakeServer } from './image-fakes';

let t: TestApp;
let sd: FakeServer;
/** A signed-in caller: the AI tools are CPU work, refused to anonymous callers. */
let artist: Record<string, string>;
beforeAll(async () => {
  sd = await fakeSdWebui();
  t = await createTestApp({ SD_WEBUI_URL: sd.url, IMAGE_PROVIDER_TIMEOUT_MS: '2000' });
  artist = (await signUp(t.app, 'artist')).auth;
});
afterAll(async () => {
  await t.close();
  await sd.close();
});

/** An 800x600 canvas: a sky-blue wall with a red 'mistake' blob at (400, 300). */
async function canvas() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#7dd3fc"/><circle cx="400" cy="300" r="20" fill="#ff0000"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

const draw = (payload: object, headers: Record<string, string> = artist) => t.app.inject({ method: 'POST', url: '/api/anime-chara/ai-draw', payload, headers });

async function pixels(dataUrl: string) {
  const { data, info } = await sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)) };
}

describe('AI canvas tools', () => {
  it('AI eraser removes what is in the 100x100 region and fills it from the surroundings', async () => {
    const region = regionAround(400, 300, 800, 600);
    expect(region).toEqual({ x: 350, y: 250, width: 100, height: 100 });
    const res = await draw({ imageData: await canvas(), mode: 'ai-eraser', region });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ region, engine: 'offline' });
    const layer = await pixels(body.imageData);
    expect([layer.info.width, layer.info.height]).toEqual([800, 600]);
    // Inside: the red blob is gone, the wall colour continues.
    const [r, g, b, a] = layer.at(400, 300);
    expect(a).toBe(255);
    expect(Math.abs(r! - 0x7d) + Math.abs(g! - 0xd3) + Math.abs(b! - 0xfc)).toBeLessThan(12);
    // Outside: the layer is transparent, so it only covers the region.
    expect(layer.at(100, 100)[3]).toBe(0);
    expect(layer.at(349, 300)[3]).toBe(0);
  });

  it('AI eraser on a transparent canvas covers the line with opaque paper, and nothing else', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><path d="M70 100H130" stroke="#000" stroke-width="8"/></svg>';
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const res = await draw({ imageData: `data:image/png;base64,${png.toString('base64')}`, mode: 'ai-eraser', region: regionAround(100, 100, 200, 200) });
    expect(res.statusCode).toBe(200);
    const layer = await pixels(res.json().imageData);
    const [r, g, b, a] = layer.at(100, 100);
    expect(a).toBe(255);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(200);
    // Empty canvas inside the region stays empty: only what was drawn gets covered.
    expect(layer.at(100, 60)[3]).toBe(0);
  });

  it('AI brush redraws the region it touches in flat cel shading with an inked edge', async () => {
    const res = await draw({ imageData: await canvas(), mode: 'ai-brush', strength: 0.5, region: { x: 350, y: 250, width: 100, height: 100 } });
    expect(res.statusCode).toBe(200);
    const layer = await pixels(res.json().imageData);
    const [r, g, b, a] = layer.at(400, 300);
    expect(Math.abs(r! - 255) + g! + b!).toBeLessThanOrEqual(4); // a flat area stays its colour
    expect(a).toBe(255);
    // where the blob meets the wall the new layer draws a dark line (the blob's rim is at x = 380)
    const rim = Math.min(...[376, 377, 378, 379, 380, 381, 382, 383, 384].map((x) => layer.at(x, 300).slice(0, 3).reduce((s, v) => s + v, 0)));
    expect(rim).toBeLessThan(0.75 * 255);
    expect(layer.at(10, 10)[3]).toBe(0);
  });

  it('clips a region at the edge and refuses one outside the canvas', async () => {
    const edge = await draw({ imageData: await canvas(), mode: 'regenerate', region: { x: 760, y: 560, width: 100, height: 100 } });
    expect(edge.statusCode).toBe(200);
    expect(edge.json().region).toEqual({ x: 760, y: 560, width: 40, height: 40 });
    const outside = await draw({ imageData: await canvas(), mode: 'ai-eraser', region: { x: 900, y: 700, width: 100, height: 100 } });
    expect(outside.statusCode).toBe(422);
    expect(errorBody(outside)).toMatchObject({ code: 'REGION_OUTSIDE_CANVAS' });
    const negative = await draw({ imageData: await canvas(), mode: 'ai-eraser', region: { x: -300, y: -300, width: 100, height: 100 } });
    expect(negative.statusCode).toBe(422);
  });

  it('refuses bad input', async () => {
    const image = await canvas();
    for (const bad of [
      { mode: 'ai-eraser', region: { x: 0, y: 0, width: 10, height: 10 } },
      { imageData: image, mode: 'ai-smudge', region: { x: 0, y: 0, width: 10, height: 10 } },
      { imageData: image, mode: 'ai-eraser', strength: 2, region: { x: 0, y: 0, width: 10, height: 10 } },
      { imageData: image, mode: 'ai-eraser', region: { x: 0, y: 0, width: 0, height: 10 } },
      { imageData: 'hello', mode: 'ai-eraser', region: { x: 0, y: 0, width: 10, height: 10 } },
    ]) {
      expect((await draw(bad)).statusCode).toBe(422);
    }
    const notImage = await draw({ imageData: `data:image/png;base64,${Buffer.from('GIF89a not really').toString('base64')}`, mode: 'ai-eraser', region: { x: 0, y: 0, width: 10, height: 10 } });
    expect(notImage.statusCode).toBe(415);
  });

  it('uses a configured provider only for premium users, and refunds when it fails', async () => {
    const u = await signUp(t.app);
    const body = { imageData: await canvas(), mode: 'ai-eraser', region: { x: 350, y: 250, width: 100, height: 100 }, provider: 'sd-webui' };
    expect((await draw(body, {})).statusCode).toBe(401);
    const free = await draw(body, u.auth);
    expect(free.statusCode).toBe(402);
    expect(errorBody(free).code).toBe('PREMIUM_REQUIRED');
    expect(sd.requests.filter((r) => r.path === '/sdapi/v1/img2img')).toHaveLength(0);
  });

  it('charges a premium user for a provider call, and refunds a failed one', async () => {
    const ctx = { config: t.config, database: t.database, db: t.database.db, clock: t.clock, log: t.app.log } as unknown as AppContext;
    const u = await signUp(t.app);
    await t.database.db.execute(
      sql`INSERT INTO purchases (user_id, provider, method, kind, item_id, tokens, amount_cents, status) VALUES (${u.user.id}, 'test', 'stripe', 'package', 'taster', 100000, 100, 'paid')`,
    );
    await grant(ctx, { userId: u.user.id, amount: 3 * IMAGE_PRICE_TIMESHARDS, reason: 'test', sourceType: 'test-seed', sourceId: u.user.id });
    const body = { imageData: await canvas(), mode: 'ai-eraser', region: { x: 350, y: 250, width: 100, height: 100 }, provider: 'sd-webui' };
    const ok = await draw(body, u.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().engine).toBe('sd-webui');
    const sent = sd.requests.filter((r) => r.path === '/sdapi/v1/img2img').pop()!.body as { mask?: string; init_images: string[] };
    expect(typeof sent.mask).toBe('string');
    expect(await getBalance(ctx, u.user.id)).toBe(2 * IMAGE_PRICE_TIMESHARDS);
    sd.behaviour = '5xx';
    try {
      const failed = await draw(body, u.auth);
      expect(failed.statusCode).toBe(502);
      expect(errorBody(failed).code).toBe('API_ERROR');
    } finally {
      sd.behaviour = 'ok';
    }
    expect(await getBalance(ctx, u.user.id)).toBe(2 * IMAGE_PRICE_TIMESHARDS);
  });
});
