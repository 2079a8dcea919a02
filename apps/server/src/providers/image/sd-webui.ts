import { decodeBase64Image, normaliseImage, providerFetch, readJson, sleep } from './http';
import type { ImageOutput, ImageProvider, ImageRequest } from './types';
import { ProviderError } from './types';

interface SdResponse {
  images?: unknown;
  info?: unknown;
}

const SERVICE = 'The Stable Diffusion WebUI';

/** AUTOMATIC1111 / Forge WebUI API: /sdapi/v1/txt2img and /sdapi/v1/img2img (init image, mask, denoising strength), progress from /sdapi/v1/progress. */
export class SdWebuiProvider implements ImageProvider {
  readonly id = 'sd-webui' as const;
  readonly label = 'Stable Diffusion WebUI (AUTOMATIC1111 / Forge)';
  readonly offline = false;
  readonly capabilities = { img2img: true, inpaint: true, negativePrompt: true, seed: true, steps: true, guidance: true };

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private url(path: string) {
    return `${this.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  async listModels(signal: AbortSignal) {
    const opts = { timeoutMs: Math.min(this.timeoutMs, 10_000), signal };
    const [models, samplers] = await Promise.all([
      providerFetch(this.url('/sdapi/v1/sd-models'), {}, opts).then((r) => readJson<Array<{ title?: string; model_name?: string }>>(r, SERVICE)),
      providerFetch(this.url('/sdapi/v1/samplers'), {}, opts).then((r) => readJson<Array<{ name?: string }>>(r, SERVICE)),
    ]);
    const names = (Array.isArray(models) ? models : []).map((m) => m.title ?? m.model_name ?? '').filter(Boolean);
    return { models: names, defaultModel: names[0] ?? null, samplers: (Array.isArray(samplers) ? samplers : []).map((s) => s.name ?? '').filter(Boolean) };
  }

  async generate(request: ImageRequest): Promise<ImageOutput[]> {
    const body: Record<string, unknown> = {
      prompt: request.prompt,
      negative_prompt: request.negativePrompt,
      seed: request.seed,
      steps: request.steps,
      cfg_scale: request.guidance,
      width: request.width,
      height: request.height,
      batch_size: request.count,
      n_iter: 1,
      send_images: true,
      save_images: false,
    };
    if (request.sampler) body.sampler_name = request.sampler;
    if (request.model) body.override_settings = { sd_model_checkpoint: request.model };
    let path = '/sdapi/v1/txt2img';
    if (request.init) {
      path = '/sdapi/v1/img2img';
      body.init_images = [request.init.image.toString('base64')];
      body.denoising_strength = request.init.strength;
      if (request.init.mask) {
        body.mask = request.init.mask.toString('base64');
        body.mask_blur = 4;
        body.inpainting_fill = 1; // start from the original pixels under the mask
        body.inpaint_full_res = false;
      }
    }
    // The generation call blocks until done; progress comes from polling beside it.
    const done = new AbortController();
    const poll = this.pollProgress(request, done.signal);
    try {
      const res = await providerFetch(
        this.url(path),
        { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
        { timeoutMs: this.timeoutMs, signal: request.signal },
      );
      const json = await readJson<SdResponse>(res, SERVICE);
      if (!Array.isArray(json.images) || json.images.length === 0) throw new ProviderError('malformed', `${SERVICE} sent no images`);
      const seeds = parseSeeds(json.info);
      const images = json.images.slice(0, request.count);
      return await Promise.all(
        images.map(async (b64, i) => ({
          png: await normaliseImage(decodeBase64Image(b64, SERVICE), request.width, request.height, SERVICE),
          seed: seeds[i] ?? request.seed + i,
        })),
      );
    } finally {
      done.abort();
      await poll;
    }
  }

  private async pollProgress(request: ImageRequest, stop: AbortSignal): Promise<void> {
    while (!stop.aborted) {
      try {
        await sleep(500, stop);
        const res = await providerFetch(this.url('/sdapi/v1/progress?skip_current_image=true'), {}, { timeoutMs: 5000, signal: stop });
        const json = (await res.json()) as { progress?: unknown };
        if (typeof json.progress === 'number' && json.progress > 0) request.onProgress(Math.min(0.99, json.progress));
      } catch {
        // Progress is best effort; the generation call decides success.
      }
    }
  }
}

function parseSeeds(info: unknown): number[] {
  try {
    const parsed = typeof info === 'string' ? (JSON.parse(info) as { all_seeds?: unknown; seed?: unknown }) : (info as { all_seeds?: unknown; seed?: unknown });
    if (Array.isArray(parsed?.all_seeds)) return parsed.all_seeds.filter((s): s is number => typeof s === 'number');
    if (typeof parsed?.seed === 'number') return [parsed.seed];
  } catch {
    // The info block is optional.
  }
  return [];
}
