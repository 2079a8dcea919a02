import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, whileProbing, type TestApp } from './helpers';

// CPU work runs on the worker pool: while each heavy job runs, the event loop keeps answering the liveness
// probe; and when the pool's queue is full, a request is refused at once with 503 and Retry-After.
// Measured before the pool (on the event loop): the AI eraser blocked every request for 1.9 s on a
// 1024² canvas (400x400 region), the outline of a 2048² drawing for 1.6 s.

/** A busy 2048² drawing (many strokes: the edge detector and inpainting have work everywhere), as a PNG data URL. */
async function drawing(side = 2048): Promise<string> {
  const shapes: string[] = [];
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * side;
  for (let i = 0; i < 600; i++) shapes.push(`<circle cx="${rand() | 0}" cy="${rand() | 0}" r="${(rand() / 20) | 0}" fill="none" stroke="#${(i * 2654435761).toString(16).slice(-6).padStart(6, '3')}" stroke-width="5"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="100%" height="100%" fill="#fff"/>${shapes.join('')}</svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

let t: TestApp;
let base: string;
let auth: Record<string, string>;
let image: string;
beforeAll(async () => {
  // One worker thread with room for one waiting task, so the full queue below is reachable with four requests.
  t = await createTestApp({ WORKER_THREADS: '1', WORKER_QUEUE_MAX: '1' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  auth = { ...(await signUp(t.app, 'cpu')).auth, 'content-type': 'application/json' };
  image = await drawing();
}, 60_000);
afterAll(() => t.close());

const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });

async function generationDone(jobId: string) {
  for (;;) {
    const job = (await (await fetch(`${base}/api/anime-chara-helper/jobs/${jobId}`, { headers: auth })).json()) as { status: string };
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `n` pseudo-random words from a 3,000-word vocabulary (deterministic per seed). */
function prose(seed: number, n: number): string {
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(`w${(seed = (seed * 48271) % 2147483647) % 3000}`);
  return words.join(' ');
}

async function plagiarismCheck(): Promise<number> {
  const sources = [1, 2, 3].map((k) => prose(k, 60_000));
  for (const [i, text] of sources.entries()) expect((await post('/api/plagiarism/sources', { title: `Source ${i}`, text })).status).toBe(201);
  // 20,000 words, a quarter of them copied from the sources.
  const text = [prose(9, 5000), sources[0]!.split(' ').slice(100, 2600).join(' '), prose(10, 5000), sources[2]!.split(' ').slice(9000, 11500).join(' '), prose(11, 5000)].join(' ');
  return (await post('/api/plagiarism/check', { text, threshold: 15 })).status;
}

/** Each job answers its HTTP status (a generation: 200 once its job succeeded). */
const HEAVY: Array<[string, () => Promise<number>]> = [
  ['PDF export of a 20,000-character word', async () => (await post('/api/report/export/pdf', { markdown: `# Sequence\n\n${'ACGT'.repeat(5_000)}` })).status],
  ['outline of a 2048² drawing', async () => (await post('/api/anime-chara-helper/generate-outline', { type: 'image', image, strength: 0.5, detailLevel: 1 })).status],
  ['colour analysis of a 2048² drawing', async () => (await post('/api/anime-helper/analyze-colors', { imageData: image })).status],
  ['AI eraser over 300x300 of a 2048² canvas', async () => (await post('/api/anime-chara/ai-draw', { imageData: image, mode: 'ai-eraser', strength: 0.5, region: { x: 600, y: 600, width: 300, height: 300 } })).status],
  ['AI brush over 1000x1000 of a 2048² canvas', async () => (await post('/api/anime-chara/ai-draw', { imageData: image, mode: 'ai-brush', strength: 1, region: { x: 100, y: 100, width: 1000, height: 1000 } })).status],
  [
    'post-processing a 2048² image (every step)',
    async () => (await post('/api/images/process', { image, postProcessing: { upscale: true, denoise: true, lineArtCleanup: true, colorCorrection: { contrast: 1.2, saturation: 1.3, bloom: 0.8 } } })).status,
  ],
  ['plagiarism check of 20,000 words against three 60,000-word uploads', plagiarismCheck],
  [
    'four procedural 1024² generations with post-processing',
    async () => {
      const res = await post('/api/anime-chara-helper/generate', {
        prompt: 'girl with an orange ponytail holding a sword, night city',
        settings: { provider: 'procedural', width: 1024, height: 1024, iterations: 4, postProcessing: { upscale: false, denoise: true, lineArtCleanup: true, colorCorrection: { contrast: 1, saturation: 1.2, bloom: 0.5 } } },
      });
      if (res.status !== 202 && res.status !== 200) return res.status;
      const job = await generationDone(((await res.json()) as { jobId: string }).jobId);
      return job.status === 'succeeded' ? 200 : 500;
    },
  ],
];

describe('CPU work off the event loop', () => {
  it.each(HEAVY)('%s: /api/health/live keeps answering meanwhile', async (_name, work) => {
    const run = await whileProbing(`${base}/api/health/live`, work);
    console.log(`[cpu-pool] ${_name}: health slowest ${Math.round(run.slowest)} ms over ${run.probes} probes`);
    expect([200, 201]).toContain(run.result);
    expect(run.probes).toBeGreaterThan(1);
    // A bound a busy CI machine keeps (a busy loop per core slows every reply); the same work on the event loop
    // held every probe for 1.6-1.9 s on a quiet machine. The real figure is the bench's.
    expect(run.slowest).toBeLessThan(1_000);
  }, 120_000);
});

describe('a full queue', () => {
  const outline = (language: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/anime-chara-helper/generate-outline',
      headers: { ...auth, 'accept-language': language },
      payload: { type: 'image', image, strength: 0.5, detailLevel: 1 },
    });

  it('answers 503 with Retry-After in the caller’s language, and serves again once the queue drains', async () => {
    // One thread, room for one waiting task: of four simultaneous outlines, the third and fourth find the queue full.
    const answers = await Promise.all(['en', 'ja', 'zh', 'ko'].map(outline));
    const served = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(served.length + refused.length).toBe(4);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toMatchObject({ code: 'SERVER_BUSY' });
    }
    // Each refusal is in its caller's language.
    expect(new Set(refused.map((r) => r.json().error as string)).size).toBe(refused.length);
    expect((await outline('en')).statusCode).toBe(200);
  }, 120_000);

  it('the OpenAPI document declares the 503 and its Retry-After on CPU routes', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    for (const path of ['/api/report/export/pdf', '/api/anime-chara-helper/generate-outline', '/api/anime-helper/analyze-colors', '/api/anime-chara/ai-draw', '/api/images/process', '/api/plagiarism/check']) {
      expect(doc.paths[path]!.post!.responses['503']?.headers, path).toHaveProperty('Retry-After');
    }
  });
});
