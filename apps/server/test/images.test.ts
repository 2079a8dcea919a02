import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GENERATION_MESSAGES, IMAGE_PRICE_TIMESHARDS, imagesApi } from '@yumi/core';
import type { AppContext } from '../src/context';
import { getBalance, grant } from '../src/modules/billing/ledger';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';
import { fakeSdWebui, solidPng, type FakeServer } from './image-fakes';

let t: TestApp;
let ctx: AppContext;
let sd: FakeServer;
beforeAll(async () => {
  sd = await fakeSdWebui();
  t = await createTestApp({ SD_WEBUI_URL: sd.url, IMAGE_PROVIDER_TIMEOUT_MS: '6000', IMAGE_CONCURRENCY_REMOTE: '1' });
  ctx = { config: t.config, database: t.database, db: t.database.db, clock: t.clock, log: t.app.log } as unknown as AppContext;
});
afterAll(async () => {
  await t.close();
  await sd.close();
});

type User = Awaited<ReturnType<typeof signUp>>;
const small = { provider: 'procedural', width: 256, height: 320, postProcessing: { upscale: false, denoise: true, lineArtCleanup: true, colorCorrection: { contrast: 1, saturation: 1, bloom: 0.5 } } };

function generate(u: User, prompt: string, settings: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/anime-chara-helper/generate', headers: u.auth, payload: { prompt, settings: { ...small, ...settings } } });
}

async function waitForJob(u: User, id: string) {
  // Generous: the shared test machines can be slow, and a hanging provider takes its full timeout.
  for (const end = Date.now() + 45_000; Date.now() < end; ) {
    const res = await t.app.inject({ url: `/api/anime-chara-helper/jobs/${id}`, headers: u.auth });
    const job = res.json();
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not finish');
}

async function status(u: User) {
  return (await t.app.inject({ url: '/api/billing/image-gen-status', headers: u.auth })).json();
}

async function makePremium(u: User, balance: number) {
  await t.database.db.execute(
    sql`INSERT INTO purchases (user_id, provider, method, kind, item_id, tokens, amount_cents, status) VALUES (${u.user.id}, 'test', 'stripe', 'package', 'creator', 700000, 1000, 'paid')`,
  );
  if (balance > 0) await grant(ctx, { userId: u.user.id, amount: balance, reason: 'test', sourceType: 'test-seed', sourceId: u.user.id });
}

describe('image generation: free trials', () => {
  it('answers the status of a new user: no access, no trial used', async () => {
    const u = await signUp(t.app);
    expect(await status(u)).toEqual({ hasAccess: false, freeTrialsUsed: 0, freeTrialsTotal: 3, freeTrialsRemaining: 3, pricePerImage: IMAGE_PRICE_TIMESHARDS });
    expect((await t.app.inject({ url: '/api/billing/image-gen-status' })).statusCode).toBe(401);
  });

  it('generates with the procedural renderer, stores the image and uses one trial', async () => {
    const u = await signUp(t.app);
    const res = await generate(u, 'anime girl with blue hair in a maid dress', { theme: 'maid', seed: 42 });
    expect(res.statusCode).toBe(202);
    const accepted = res.json();
    expect(accepted).toMatchObject({ status: 'queued', payment: 'trial' });
    const job = await waitForJob(u, accepted.jobId);
    expect(job.status).toBe('succeeded');
    expect(job.progress).toBe(1);
    expect(job.results).toHaveLength(1);
    const image = job.results[0];
    expect(image).toMatchObject({ provider: 'procedural', seed: 42, prompt: 'anime girl with blue hair in a maid dress', cost: 0, width: 256, height: 320 });
    expect(image.negativePrompt).toContain('lowres');
    const file = await t.app.inject({ url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 320]);
    expect((await t.app.inject({ url: image.url.replace(/token=.{4}/, 'token=AAAA') })).statusCode).toBe(404);
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 1, freeTrialsRemaining: 2 });
  });

  it('upscale renders the procedural character at twice the size', async () => {
    const u = await signUp(t.app);
    const res = await generate(u, 'cat girl', { postProcessing: { ...small.postProcessing, upscale: true } });
    const job = await waitForJob(u, res.json().jobId);
    expect([job.results[0].width, job.results[0].height]).toEqual([512, 640]);
  });

  it('lets ten parallel requests use exactly 3 trials, then shows the exhausted-trials text', async () => {
    const u = await signUp(t.app);
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => generate(u, `girl number ${i}`)));
    const accepted = all.filter((r) => r.statusCode === 202);
    const refused = all.filter((r) => r.statusCode !== 202);
    expect(accepted).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode).toBe(402);
      expect(errorBody(r)).toMatchObject({ code: 'TRIALS_EXHAUSTED', error: GENERATION_MESSAGES.trialsExhausted });
    }
    for (const r of accepted) expect((await waitForJob(u, r.json().jobId)).status).toBe('succeeded');
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 3, freeTrialsRemaining: 0 });
    expect((await generate(u, 'one more')).statusCode).toBe(402);
  });

  it('does not consume a trial when the provider fails', async () => {
    const u = await signUp(t.app);
    sd.behaviour = '5xx';
    try {
      const res = await generate(u, 'girl', { provider: 'sd-webui' });
      expect(res.statusCode).toBe(202);
      const job = await waitForJob(u, res.json().jobId);
      expect(job).toMatchObject({ status: 'failed', code: 'API_ERROR', results: [] });
      expect(job.error).toContain(GENERATION_MESSAGES.unavailable);
    } finally {
      sd.behaviour = 'ok';
    }
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 0 });
    sd.behaviour = 'hang';
    try {
      const job = await waitForJob(u, (await generate(u, 'girl', { provider: 'sd-webui' })).json().jobId);
      expect(job).toMatchObject({ status: 'failed', code: 'API_ERROR' });
    } finally {
      sd.behaviour = 'ok';
    }
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 0 });
  });
});

describe('image generation: bad input', () => {
  it('refuses an empty or whitespace prompt with the spec message, and a 100 KB prompt', async () => {
    const u = await signUp(t.app);
    for (const prompt of ['', '   \n ']) {
      const res = await generate(u, prompt);
      expect(res.statusCode).toBe(422);
      expect(errorBody(res)).toMatchObject({ code: 'EMPTY_PROMPT', error: 'Please enter a description for your character.' });
    }
    const huge = await generate(u, 'a'.repeat(100_000));
    expect(huge.statusCode).toBe(422);
    expect(errorBody(huge).code).toBe('VALIDATION_ERROR');
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 0 });
  });

  it('refuses bad settings, anonymous callers and unknown providers', async () => {
    const u = await signUp(t.app);
    const anon = await t.app.inject({ method: 'POST', url: '/api/anime-chara-helper/generate', payload: { prompt: 'x', settings: {} } });
    expect(anon.statusCode).toBe(401);
    for (const settings of [{ width: 10 }, { iterations: 0 }, { steps: 1000 }, { provider: 'midjourney' }, { bogus: true }, { postProcessing: { colorCorrection: { contrast: 9 } } }]) {
      const res = await generate(u, 'girl', settings);
      expect(res.statusCode, JSON.stringify(settings)).toBe(422);
    }
    const missing = await generate(u, 'girl', { provider: 'comfyui' });
    expect(missing.statusCode).toBe(422);
    expect(errorBody(missing).code).toBe('PROVIDER_UNAVAILABLE');
    expect((await t.app.inject({ url: '/api/anime-chara-helper/jobs/not-a-uuid', headers: u.auth })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/anime-chara-helper/jobs/00000000-0000-4000-8000-000000000000', headers: u.auth })).statusCode).toBe(404);
  });

  it('checks reference images: premium only, real images only, at most 10 MB', async () => {
    const free = await signUp(t.app);
    const png = `data:image/png;base64,${(await solidPng(64, 64)).toString('base64')}`;
    const needsPremium = await generate(free, 'girl', { referenceImage: png });
    expect(needsPremium.statusCode).toBe(402);
    expect(errorBody(needsPremium).code).toBe('PREMIUM_REQUIRED');

    const u = await signUp(t.app);
    await makePremium(u, 10 * IMAGE_PRICE_TIMESHARDS);
    const fake = await generate(u, 'girl', { referenceImage: `data:image/png;base64,${Buffer.from('this is not an image at all').toString('base64')}` });
    expect(fake.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/anime-chara-helper/generate',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: `{"prompt":"girl","settings":{"referenceImage":"data:image/png;base64,${'A'.repeat(50 * 1024 * 1024)}"}}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(await getBalance(ctx, u.user.id)).toBe(10 * IMAGE_PRICE_TIMESHARDS);
  });
});

describe('image generation: premium', () => {
  it('charges per image on success, with a reference image and no trial', async () => {
    const u = await signUp(t.app);
    await makePremium(u, 5 * IMAGE_PRICE_TIMESHARDS);
    expect(await status(u)).toMatchObject({ hasAccess: true });
    const ref = `data:image/png;base64,${(await solidPng(64, 64, '#ff0000')).toString('base64')}`;
    const res = await generate(u, 'girl', { iterations: 2, referenceImage: ref });
    expect(res.statusCode).toBe(202);
    expect(res.json().payment).toBe('credits');
    const job = await waitForJob(u, res.json().jobId);
    expect(job.status).toBe('succeeded');
    expect(job.results).toHaveLength(2);
    expect(job.results[0].cost).toBe(IMAGE_PRICE_TIMESHARDS);
    expect(await getBalance(ctx, u.user.id)).toBe(3 * IMAGE_PRICE_TIMESHARDS);
    expect(await status(u)).toMatchObject({ freeTrialsUsed: 0 });
  });

  it('never overdraws under parallel requests and refunds failed generations', async () => {
    const u = await signUp(t.app);
    await makePremium(u, 3 * IMAGE_PRICE_TIMESHARDS);
    const all = await Promise.all(Array.from({ length: 8 }, (_, i) => generate(u, `girl ${i}`)));
    const ok = all.filter((r) => r.statusCode === 202);
    expect(ok).toHaveLength(3);
    for (const r of all.filter((x) => x.statusCode !== 202)) {
      expect(r.statusCode).toBe(402);
      expect(errorBody(r)).toMatchObject({ code: 'BILLING_ERROR', error: 'Insufficient credits. Please check your balance.' });
    }
    for (const r of ok) await waitForJob(u, r.json().jobId);
    expect(await getBalance(ctx, u.user.id)).toBe(0);

    const v = await signUp(t.app);
    await makePremium(v, 2 * IMAGE_PRICE_TIMESHARDS);
    sd.behaviour = 'garbage';
    try {
      const job = await waitForJob(v, (await generate(v, 'girl', { provider: 'sd-webui', iterations: 2 })).json().jobId);
      expect(job).toMatchObject({ status: 'failed', code: 'API_ERROR' });
    } finally {
      sd.behaviour = 'ok';
    }
    expect(await getBalance(ctx, v.user.id)).toBe(2 * IMAGE_PRICE_TIMESHARDS);
  });
});

describe('queue, progress and gallery', () => {
  it('runs one job at a time per remote provider and shows the position', async () => {
    const u = await signUp(t.app);
    await makePremium(u, 10 * IMAGE_PRICE_TIMESHARDS);
    sd.delayMs = 400;
    try {
      const first = (await generate(u, 'a', { provider: 'sd-webui' })).json();
      const second = (await generate(u, 'b', { provider: 'sd-webui' })).json();
      const third = (await generate(u, 'c', { provider: 'sd-webui' })).json();
      expect(third.position).toBeGreaterThanOrEqual(1);
      let maxRunning = 0;
      for (;;) {
        const jobs = await Promise.all([first, second, third].map((j) => t.app.inject({ url: `/api/anime-chara-helper/jobs/${j.jobId}`, headers: u.auth }).then((r) => r.json())));
        maxRunning = Math.max(maxRunning, jobs.filter((j) => j.status === 'running').length);
        if (jobs.every((j) => j.status === 'succeeded' || j.status === 'failed')) {
          expect(jobs.map((j) => [j.status, j.error])).toEqual([['succeeded', null], ['succeeded', null], ['succeeded', null]]);
          break;
        }
        await new Promise((r) => setTimeout(r, 30));
      }
      expect(maxRunning).toBe(1);
      const sent = sd.requests.filter((r) => r.path === '/sdapi/v1/txt2img').slice(-3).map((r) => (r.body as { prompt: string }).prompt);
      expect(sent).toEqual(['a', 'b', 'c']);
    } finally {
      sd.delayMs = 0;
    }
  });

  it('streams progress by SSE until the job is done', async () => {
    const u = await signUp(t.app);
    const { jobId } = (await generate(u, 'girl with a ponytail')).json();
    const res = await t.app.inject({ url: `/api/anime-chara-helper/jobs/${jobId}/events`, headers: u.auth });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
    // Every event is one the contract declares: the web client refuses any other.
    for (const e of events) expect(imagesApi.jobEvents.events.safeParse(e).success, JSON.stringify(e)).toBe(true);
    const last = events[events.length - 1];
    expect(last.type).toBe('done');
    expect(last.job.status).toBe('succeeded');
    expect(last.job.results[0].url).toMatch(/^\/api\/images\/.+\/file\?token=/);
    const other = await signUp(t.app);
    expect((await t.app.inject({ url: `/api/anime-chara-helper/jobs/${jobId}/events`, headers: other.auth })).statusCode).toBe(404);
  });

  it('lists, processes and deletes gallery images, owner only', async () => {
    const u = await signUp(t.app);
    const job = await waitForJob(u, (await generate(u, 'girl in a kimono', { source: 'image' })).json().jobId);
    const id = job.results[0].id;
    const page = (await t.app.inject({ url: '/api/images?limit=10', headers: u.auth })).json();
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(page.nextCursor).toBeNull();
    expect((await t.app.inject({ url: '/api/images?limit=1000', headers: u.auth })).statusCode).toBe(422);

    const processed = await t.app.inject({
      method: 'POST',
      url: '/api/images/process',
      headers: u.auth,
      payload: { imageId: id, postProcessing: { upscale: true, denoise: false, lineArtCleanup: false, colorCorrection: { contrast: 1.2, saturation: 0.5, bloom: 0 } } },
    });
    expect(processed.statusCode).toBe(201);
    expect(processed.json()).toMatchObject({ width: 512, height: 640, provider: 'post-processing' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/images/process', headers: u.auth, payload: { postProcessing: small.postProcessing } });
    expect(bad.statusCode).toBe(422);

    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/images/process', headers: other.auth, payload: { imageId: id, postProcessing: small.postProcessing } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: u.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ url: job.results[0].url })).statusCode).toBe(404);
    const after = (await t.app.inject({ url: '/api/images', headers: u.auth })).json();
    expect(after.items).toHaveLength(1);
  });

  it('lists the providers with their models', async () => {
    const list = (await t.app.inject({ url: '/api/images/providers' })).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual(['procedural', 'sd-webui']);
    expect(list[1].models).toEqual(['animagine-xl.safetensors [abc]']);
    expect(list[1].capabilities.samplers).toContain('Euler a');
    expect(list[0]).toMatchObject({ offline: true, label: 'Procedural renderer (offline)' });
  });
});
