import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { normaliseImage, providerFetch, readJson, sleep } from './http';
import type { ImageOutput, ImageProvider, ImageRequest } from './types';
import { ProviderError } from './types';

const SERVICE = 'ComfyUI';
type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

interface HistoryEntry {
  outputs?: Record<string, { images?: Array<{ filename: string; subfolder?: string; type?: string }> }>;
  status?: { status_str?: string; completed?: boolean; messages?: unknown[] };
}

/**
 * The default workflow (ComfyUI "API format"): checkpoint, two prompts, sampler, decode, save. With an init
 * image it encodes the upload instead of an empty latent; with a mask it uses the upload's alpha as the
 * area to repaint (VAEEncodeForInpaint).
 */
function buildWorkflow(request: ImageRequest, checkpoint: string, upload?: string): Graph {
  const g: Graph = {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: checkpoint } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: request.prompt, clip: ['4', 1] } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: request.negativePrompt, clip: ['4', 1] } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: request.width, height: request.height, batch_size: request.count } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        seed: request.seed,
        steps: request.steps,
        cfg: request.guidance,
        sampler_name: request.sampler ?? 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['4', 0],
        positive: ['6', 0],
        negative: ['7', 0],
        latent_image: ['5', 0],
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'yumi', images: ['8', 0] } },
  };
  if (upload && request.init) {
    g['10'] = { class_type: 'LoadImage', inputs: { image: upload } };
    g['11'] = request.init.mask
      ? { class_type: 'VAEEncodeForInpaint', inputs: { pixels: ['10', 0], vae: ['4', 2], mask: ['10', 1], grow_mask_by: 6 } }
      : { class_type: 'VAEEncode', inputs: { pixels: ['10', 0], vae: ['4', 2] } };
    g['3']!.inputs.latent_image = ['11', 0];
    g['3']!.inputs.denoise = request.init.mask ? 1 : request.init.strength;
    delete g['5'];
  }
  return g;
}

/** A workflow template file whose string values may hold {{prompt}}, {{negative_prompt}}, {{seed}}, {{steps}}, {{cfg}}, {{width}}, {{height}}, {{batch_size}}, {{checkpoint}}. */
function fillTemplate(template: unknown, request: ImageRequest, checkpoint: string): Graph {
  const values: Record<string, string | number> = {
    prompt: request.prompt,
    negative_prompt: request.negativePrompt,
    seed: request.seed,
    steps: request.steps,
    cfg: request.guidance,
    width: request.width,
    height: request.height,
    batch_size: request.count,
    checkpoint,
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\{\{(\w+)\}\}$/.exec(v);
      if (whole && whole[1]! in values) return values[whole[1]!];
      return v.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(template) as Graph;
}

/** ComfyUI API: POST /prompt, progress from /queue, results from /history and /view, uploads to /upload/image. */
export class ComfyUiProvider implements ImageProvider {
  readonly id = 'comfyui' as const;
  readonly label = 'ComfyUI';
  readonly offline = false;
  readonly capabilities = { img2img: true, inpaint: true, negativePrompt: true, seed: true, steps: true, guidance: true };
  private readonly clientId = randomUUID();

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly workflowPath?: string,
  ) {}

  private url(path: string) {
    return `${this.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  async listModels(signal: AbortSignal) {
    const res = await providerFetch(this.url('/object_info/CheckpointLoaderSimple'), {}, { timeoutMs: Math.min(this.timeoutMs, 10_000), signal });
    const info = await readJson<{ CheckpointLoaderSimple?: { input?: { required?: { ckpt_name?: unknown[] } } } }>(res, SERVICE);
    const names = info.CheckpointLoaderSimple?.input?.required?.ckpt_name?.[0];
    const models = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
    return { models, defaultModel: models[0] ?? null, samplers: ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'ddim'] };
  }

  async generate(request: ImageRequest): Promise<ImageOutput[]> {
    const http = { timeoutMs: this.timeoutMs, signal: request.signal };
    const deadline = Date.now() + this.timeoutMs;
    const checkpoint = request.model ?? (await this.listModels(request.signal)).defaultModel;
    if (!checkpoint) throw new ProviderError('http', `${SERVICE} has no checkpoint installed`);
    let upload: string | undefined;
    if (request.init) upload = await this.upload(request, http);
    const graph = this.workflowPath
      ? fillTemplate(JSON.parse(await readFile(this.workflowPath, 'utf8')), request, checkpoint)
      : buildWorkflow(request, checkpoint, upload);

    const queued = await readJson<{ prompt_id?: unknown; node_errors?: unknown }>(
      await providerFetch(this.url('/prompt'), { method: 'POST', body: JSON.stringify({ prompt: graph, client_id: this.clientId }), headers: { 'content-type': 'application/json' } }, http),
      SERVICE,
    );
    if (typeof queued.prompt_id !== 'string') throw new ProviderError('malformed', `${SERVICE} did not return a prompt id`);
    const promptId = queued.prompt_id;

    for (;;) {
      if (Date.now() > deadline) throw new ProviderError('timeout', 'The image service did not answer in time');
      const history = await readJson<Record<string, HistoryEntry>>(await providerFetch(this.url(`/history/${encodeURIComponent(promptId)}`), {}, http), SERVICE);
      const entry = history[promptId];
      if (entry?.status?.status_str === 'error') throw new ProviderError('http', `${SERVICE} failed to run the workflow`);
      if (entry?.outputs && (entry.status?.completed ?? true)) {
        const files = Object.values(entry.outputs).flatMap((o) => o.images ?? []).slice(0, request.count);
        if (files.length === 0) throw new ProviderError('malformed', `${SERVICE} finished without images`);
        request.onProgress(0.95);
        return Promise.all(
          files.map(async (f, i) => {
            const q = new URLSearchParams({ filename: f.filename, subfolder: f.subfolder ?? '', type: f.type ?? 'output' });
            const res = await providerFetch(this.url(`/view?${q}`), {}, http);
            if (!res.ok) throw new ProviderError('http', `${SERVICE} answered ${res.status}`, res.status);
            const data = Buffer.from(await res.arrayBuffer());
            return { png: await normaliseImage(data, request.width, request.height, SERVICE), seed: request.seed + i };
          }),
        );
      }
      await this.reportQueue(request, promptId, http);
      await sleep(400, request.signal);
    }
  }

  /** Queued: 5 %; running: 50 %. ComfyUI reports step progress only over its websocket. */
  private async reportQueue(request: ImageRequest, promptId: string, http: { timeoutMs: number; signal: AbortSignal }) {
    try {
      const res = await providerFetch(this.url('/queue'), {}, http);
      const q = (await res.json()) as { queue_running?: unknown[][]; queue_pending?: unknown[][] };
      if (q.queue_running?.some((item) => item[1] === promptId)) request.onProgress(0.5);
      else if (q.queue_pending?.some((item) => item[1] === promptId)) request.onProgress(0.05);
    } catch {
      // Progress is best effort.
    }
  }

  private async upload(request: ImageRequest, http: { timeoutMs: number; signal: AbortSignal }): Promise<string> {
    const init = request.init!;
    let png = init.image;
    if (init.mask) {
      // LoadImage's MASK output is the inverted alpha: transparent pixels are the ones to repaint.
      const alpha = await sharp(init.mask).resize(request.width, request.height).greyscale().negate().raw().toBuffer();
      png = await sharp(init.image).resize(request.width, request.height).removeAlpha().joinChannel(alpha, { raw: { width: request.width, height: request.height, channels: 1 } }).png().toBuffer();
    }
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `yumi-${randomUUID()}.png`);
    form.append('overwrite', 'true');
    const json = await readJson<{ name?: unknown; subfolder?: unknown }>(await providerFetch(this.url('/upload/image'), { method: 'POST', body: form }, http), SERVICE);
    if (typeof json.name !== 'string') throw new ProviderError('malformed', `${SERVICE} did not accept the image`);
    return typeof json.subfolder === 'string' && json.subfolder ? `${json.subfolder}/${json.name}` : json.name;
  }
}
