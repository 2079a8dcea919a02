import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/** A tiny PNG of one colour, what a fake image server sends back. */
export async function solidPng(width: number, height: number, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export type Behaviour = 'ok' | '4xx' | '5xx' | 'hang' | 'garbage' | 'not-json';

export interface FakeServer {
  url: string;
  behaviour: Behaviour;
  /** Every request seen: method, path and parsed JSON body (or raw text for multipart). */
  requests: Array<{ method: string; path: string; body: unknown; contentType: string }>;
  /** Milliseconds an 'ok' generation takes (lets tests watch the queue). */
  delayMs: number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function start(handler: (fake: FakeServer, req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<unknown>): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const fake: FakeServer = {
    url: '',
    behaviour: 'ok',
    requests: [],
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const contentType = req.headers['content-type'] ?? '';
      let parsed: unknown = body.toString('latin1');
      if (contentType.includes('json')) {
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          parsed = null;
        }
      }
      fake.requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body: parsed, contentType });
      await handler(fake, req, res, parsed);
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Shared failure modes; answers true when it handled the request. */
async function misbehave(fake: FakeServer, res: ServerResponse, errorBody: unknown): Promise<boolean> {
  switch (fake.behaviour) {
    case '4xx':
      json(res, 400, errorBody);
      return true;
    case '5xx':
      json(res, 500, errorBody);
      return true;
    case 'hang':
      return true; // never answers
    case 'not-json':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
      return true;
    default:
      return false;
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** AUTOMATIC1111 / Forge WebUI: /sdapi/v1/txt2img, /img2img, /progress, /sd-models, /samplers. */
export function fakeSdWebui(): Promise<FakeServer> {
  return start(async (fake, req, res, sent) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/sdapi/v1/progress') return json(res, 200, { progress: 0.5, eta_relative: 1, state: {} });
    if (path === '/sdapi/v1/sd-models') return json(res, 200, [{ title: 'animagine-xl.safetensors [abc]', model_name: 'animagine-xl' }]);
    if (path === '/sdapi/v1/samplers') return json(res, 200, [{ name: 'Euler a' }, { name: 'DPM++ 2M' }]);
    if (path === '/sdapi/v1/txt2img' || path === '/sdapi/v1/img2img') {
      if (await misbehave(fake, res, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' })) return;
      await wait(fake.delayMs);
      const body = sent as { width: number; height: number; batch_size: number; seed: number };
      if (fake.behaviour === 'garbage') return json(res, 200, { images: [Buffer.from('definitely not a png').toString('base64')], info: '{}' });
      const png = await solidPng(body.width, body.height);
      const images = Array.from({ length: body.batch_size }, () => png.toString('base64'));
      const seeds = images.map((_, i) => body.seed + i);
      return json(res, 200, { images, parameters: body, info: JSON.stringify({ seed: body.seed, all_seeds: seeds }) });
    }
    json(res, 404, { detail: 'Not Found' });
  });
}

/** ComfyUI: POST /prompt, GET /queue, /history/{id}, /view, POST /upload/image, /object_info/CheckpointLoaderSimple. */
export function fakeComfyUi(): Promise<FakeServer> {
  const done = new Set<string>();
  let n = 0;
  return start(async (fake, req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/object_info/CheckpointLoaderSimple') {
      return json(res, 200, { CheckpointLoaderSimple: { input: { required: { ckpt_name: [['anything-v5.safetensors', 'sdxl.safetensors']] } } } });
    }
    if (url.pathname === '/upload/image' && req.method === 'POST') return json(res, 200, { name: 'yumi-upload.png', subfolder: '', type: 'input' });
    if (url.pathname === '/prompt' && req.method === 'POST') {
      if (await misbehave(fake, res, { error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation' }, node_errors: {} })) return;
      n += 1;
      const id = `prompt-${n}`;
      setTimeout(() => done.add(id), fake.delayMs + 300);
      return json(res, 200, { prompt_id: id, number: n, node_errors: {} });
    }
    if (url.pathname === '/queue') return json(res, 200, { queue_running: [], queue_pending: [] });
    if (url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      if (!done.has(id)) return json(res, 200, {});
      return json(res, 200, {
        [id]: { outputs: { '9': { images: [{ filename: `${id}.png`, subfolder: '', type: 'output' }] } }, status: { status_str: 'success', completed: true } },
      });
    }
    if (url.pathname === '/view') {
      if (fake.behaviour === 'garbage') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('garbage bytes');
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(await solidPng(64, 64, '#cc3366'));
    }
    json(res, 404, { error: 'not found' });
  });
}

/** OpenAI Images: POST /v1/images/generations (JSON) and /v1/images/edits (multipart). */
export function fakeOpenAiImages(): Promise<FakeServer> {
  return start(async (fake, req, res, sent) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.headers.authorization !== 'Bearer sk-test') return json(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    if (path === '/v1/images/generations' || path === '/v1/images/edits') {
      if (await misbehave(fake, res, { error: { message: 'Your request was rejected by the safety system', type: 'invalid_request_error', code: 'content_policy_violation' } })) return;
      if (fake.behaviour === 'garbage') return json(res, 200, { created: 1, data: [{ b64_json: Buffer.from('nope nope nope nope').toString('base64') }] });
      const body = sent as { n?: number };
      const n = typeof body === 'object' && body && typeof body.n === 'number' ? body.n : 1;
      const png = (await solidPng(1024, 1024, '#22aa66')).toString('base64');
      return json(res, 200, { created: 1, data: Array.from({ length: n }, () => ({ b64_json: png })) });
    }
    json(res, 404, { error: { message: 'not found' } });
  });
}
