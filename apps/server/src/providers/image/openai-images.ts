import sharp from 'sharp';
import { decodeBase64Image, normaliseImage, providerFetch, readJson } from './http';
import type { ImageOutput, ImageProvider, ImageRequest } from './types';
import { ProviderError } from './types';

const SERVICE = 'OpenAI Images';
const SIZES: Record<string, Array<[number, number]>> = {
  'gpt-image-1': [[1024, 1024], [1024, 1536], [1536, 1024]],
  'dall-e-3': [[1024, 1024], [1024, 1792], [1792, 1024]],
  'dall-e-2': [[256, 256], [512, 512], [1024, 1024]],
};

/** The supported size closest in aspect ratio; the result is then resized to what was asked. */
export function nearestSize(model: string, width: number, height: number): string {
  const options = SIZES[model] ?? SIZES['gpt-image-1']!;
  const want = Math.log(width / height);
  const best = options.reduce((a, b) => (Math.abs(Math.log(b[0] / b[1]) - want) < Math.abs(Math.log(a[0] / a[1]) - want) ? b : a));
  return `${best[0]}x${best[1]}`;
}

interface ImagesResponse {
  data?: Array<{ b64_json?: unknown; url?: unknown }>;
}

/** OpenAI Images API: /images/generations and /images/edits (with a mask whose transparent pixels are redrawn). */
export class OpenAiImagesProvider implements ImageProvider {
  readonly id = 'openai-images' as const;
  readonly label = 'OpenAI Images';
  readonly offline = false;
  readonly capabilities = { img2img: true, inpaint: true, negativePrompt: false, seed: false, steps: false, guidance: false };

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly defaultModel: string,
    private readonly timeoutMs: number,
  ) {}

  private url(path: string) {
    return `${this.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  async listModels() {
    return { models: [...new Set([this.defaultModel, 'gpt-image-1', 'dall-e-3', 'dall-e-2'])], defaultModel: this.defaultModel, samplers: [] };
  }

  async generate(request: ImageRequest): Promise<ImageOutput[]> {
    const model = request.model ?? this.defaultModel;
    const size = nearestSize(model, request.width, request.height);
    const http = { timeoutMs: this.timeoutMs, signal: request.signal, headers: { authorization: `Bearer ${this.apiKey}` } };
    request.onProgress(0.05);
    let res: Response;
    if (request.init) {
      const [w, h] = size.split('x').map(Number) as [number, number];
      const form = new FormData();
      form.append('model', model);
      form.append('prompt', request.prompt);
      form.append('n', String(request.count));
      form.append('size', size);
      const image = await sharp(request.init.image).resize(w, h, { fit: 'cover' }).ensureAlpha().png().toBuffer();
      form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
      if (request.init.mask) {
        // OpenAI edits repaint where the mask is transparent; our masks are white where to repaint.
        const alpha = await sharp(request.init.mask).resize(w, h, { fit: 'cover' }).greyscale().negate().raw().toBuffer();
        const mask = await sharp({ create: { width: w, height: h, channels: 3, background: '#000000' } })
          .joinChannel(alpha, { raw: { width: w, height: h, channels: 1 } })
          .png()
          .toBuffer();
        form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
      }
      if (model.startsWith('dall-e')) form.append('response_format', 'b64_json');
      res = await providerFetch(this.url('/images/edits'), { method: 'POST', body: form }, http);
    } else {
      const body: Record<string, unknown> = { model, prompt: request.prompt, n: request.count, size };
      if (model.startsWith('dall-e')) body.response_format = 'b64_json';
      res = await providerFetch(this.url('/images/generations'), { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, http);
    }
    const json = await readJson<ImagesResponse>(res, SERVICE);
    if (!Array.isArray(json.data) || json.data.length === 0) throw new ProviderError('malformed', `${SERVICE} sent no images`);
    return Promise.all(
      json.data.slice(0, request.count).map(async (item, i) => {
        let bytes: Buffer;
        if (typeof item.b64_json === 'string') bytes = decodeBase64Image(item.b64_json, SERVICE);
        else if (typeof item.url === 'string' && /^https?:\/\//.test(item.url)) {
          const img = await providerFetch(item.url, {}, { timeoutMs: this.timeoutMs, signal: request.signal });
          if (!img.ok) throw new ProviderError('http', `${SERVICE} image download answered ${img.status}`, img.status);
          bytes = Buffer.from(await img.arrayBuffer());
        } else throw new ProviderError('malformed', `${SERVICE} sent an item without an image`);
        return { png: await normaliseImage(bytes, request.width, request.height, SERVICE), seed: request.seed + i };
      }),
    );
  }
}
