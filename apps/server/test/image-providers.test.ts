import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { THEME_PROMPTS } from '@yumi/core';
import { ComfyUiProvider } from '../src/providers/image/comfyui';
import { OpenAiImagesProvider, nearestSize } from '../src/providers/image/openai-images';
import { ProceduralProvider } from '../src/providers/image/procedural';
import { SdWebuiProvider } from '../src/providers/image/sd-webui';
import { ProviderError, type ImageProvider, type ImageRequest } from '../src/providers/image/types';
import { CpuPool } from '../src/workers/pool';
import { fakeComfyUi, fakeOpenAiImages, fakeSdWebui, solidPng, type Behaviour, type FakeServer } from './image-fakes';

function request(over: Partial<ImageRequest> = {}): ImageRequest {
  return {
    prompt: 'anime girl, pink hair',
    negativePrompt: 'lowres',
    width: 256,
    height: 320,
    seed: 7,
    steps: 20,
    guidance: 6.5,
    count: 1,
    signal: new AbortController().signal,
    onProgress: () => undefined,
    ...over,
  };
}

async function size(png: Buffer) {
  const m = await sharp(png).metadata();
  return [m.width, m.height, m.format];
}

/** The failure cases every adapter must map to a ProviderError (and so to API_ERROR and a refund). */
async function expectFailures(provider: ImageProvider, fake: FakeServer) {
  const cases: Array<[Behaviour, string]> = [
    ['4xx', 'http'],
    ['5xx', 'http'],
    ['hang', 'timeout'],
    ['garbage', 'malformed'],
    ['not-json', 'malformed'],
  ];
  for (const [behaviour, kind] of cases) {
    fake.behaviour = behaviour;
    try {
      const err = await provider.generate(request()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, behaviour).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).kind, behaviour).toBe(kind);
    } finally {
      fake.behaviour = 'ok';
    }
  }
}

describe('procedural renderer', () => {
  const cpu = new CpuPool({ threads: 1, maxQueue: 8 });
  const p = new ProceduralProvider(cpu);
  afterAll(() => cpu.close());

  it('is deterministic per seed and prompt', async () => {
    const [a] = await p.generate(request({ seed: 99 }));
    const [b] = await p.generate(request({ seed: 99 }));
    expect(a!.png.equals(b!.png)).toBe(true);
    expect(await size(a!.png)).toEqual([256, 320, 'png']);
  });

  it('draws different images for different prompts and seeds', async () => {
    const [a] = await p.generate(request({ prompt: 'girl with blue hair in a kimono, sakura' }));
    const [b] = await p.generate(request({ prompt: 'witch with green hair at night' }));
    const [c] = await p.generate(request({ prompt: 'girl with blue hair in a kimono, sakura', seed: 8 }));
    expect(a!.png.equals(b!.png)).toBe(false);
    expect(a!.png.equals(c!.png)).toBe(false);
  });

  it('follows colour words: blue hair makes a mostly blue head region', async () => {
    const [blue] = await p.generate(request({ prompt: 'confident standing girl with blue hair, plain background', width: 384, height: 512 }));
    const [red] = await p.generate(request({ prompt: 'confident standing girl with red hair, plain background', width: 384, height: 512 }));
    // The top of the head, left of where a ribbon may sit (x 152-188, y 72-86 on a 384x512 image), is hair.
    const mean = async (png: Buffer) => {
      const raw = await sharp(png).extract({ left: 152, top: 72, width: 36, height: 14 }).removeAlpha().raw().toBuffer();
      const sum = [0, 0, 0];
      for (let i = 0; i < raw.length; i++) sum[i % 3]! += raw[i]!;
      return sum.map((v) => v / (raw.length / 3));
    };
    const [br, , bb] = await mean(blue!.png);
    const [rr, , rb] = await mean(red!.png);
    expect(bb!).toBeGreaterThan(br!);
    expect(rr!).toBeGreaterThan(rb!);
  });

  it('renders any size, count and theme base character', async () => {
    const theme = THEME_PROMPTS[0]!;
    const out = await p.generate(request({ width: 640, height: 360, count: 2, prompt: theme.prompt, theme: theme.theme, baseCharacter: theme.baseCharacter }));
    expect(out).toHaveLength(2);
    expect(out.map((o) => o.seed)).toEqual([7, 8]);
    expect(await size(out[0]!.png)).toEqual([640, 360, 'png']);
  });
});

describe('AUTOMATIC1111 / Forge adapter', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await fakeSdWebui();
  });
  afterAll(() => fake.close());

  it('sends txt2img in the WebUI wire format and reads its seeds', async () => {
    const sd = new SdWebuiProvider(fake.url, 2000);
    const out = await sd.generate(request({ count: 2, sampler: 'Euler a', model: 'animagine-xl' }));
    expect(out.map((o) => o.seed)).toEqual([7, 8]);
    expect(await size(out[0]!.png)).toEqual([256, 320, 'png']);
    const sent = fake.requests.find((r) => r.path === '/sdapi/v1/txt2img')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      prompt: 'anime girl, pink hair',
      negative_prompt: 'lowres',
      seed: 7,
      steps: 20,
      cfg_scale: 6.5,
      width: 256,
      height: 320,
      batch_size: 2,
      sampler_name: 'Euler a',
      override_settings: { sd_model_checkpoint: 'animagine-xl' },
    });
  });

  it('sends img2img with init image, mask and denoising strength', async () => {
    const sd = new SdWebuiProvider(fake.url, 2000);
    const image = await solidPng(256, 320);
    const mask = await solidPng(256, 320, '#ffffff');
    await sd.generate(request({ init: { image, strength: 0.35, mask } }));
    const sent = fake.requests.filter((r) => r.path === '/sdapi/v1/img2img').pop()!.body as Record<string, unknown>;
    expect(sent.denoising_strength).toBe(0.35);
    expect(sent.init_images).toEqual([image.toString('base64')]);
    expect(sent.mask).toBe(mask.toString('base64'));
  });

  it('lists models and samplers', async () => {
    const sd = new SdWebuiProvider(fake.url, 2000);
    expect(await sd.listModels(new AbortController().signal)).toEqual({ models: ['animagine-xl.safetensors [abc]'], defaultModel: 'animagine-xl.safetensors [abc]', samplers: ['Euler a', 'DPM++ 2M'] });
  });

  it('maps 4xx, 5xx, timeouts and garbage to provider errors', async () => {
    await expectFailures(new SdWebuiProvider(fake.url, 600), fake);
  });

  it('reports a server that is not there as a network error', async () => {
    const err = await new SdWebuiProvider('http://127.0.0.1:9', 1000).generate(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('network');
  });
});

describe('ComfyUI adapter', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await fakeComfyUi();
  });
  afterAll(() => fake.close());

  it('queues the workflow with the prompt injected, waits on /history and fetches from /view', async () => {
    const comfy = new ComfyUiProvider(fake.url, 5000);
    const progress: number[] = [];
    const out = await comfy.generate(request({ onProgress: (p) => progress.push(p) }));
    expect(await size(out[0]!.png)).toEqual([256, 320, 'png']);
    const sent = fake.requests.find((r) => r.path === '/prompt')!.body as { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }>; client_id: string };
    expect(typeof sent.client_id).toBe('string');
    const nodes = Object.values(sent.prompt);
    expect(nodes.find((n) => n.class_type === 'CheckpointLoaderSimple')!.inputs.ckpt_name).toBe('anything-v5.safetensors');
    expect(nodes.filter((n) => n.class_type === 'CLIPTextEncode').map((n) => n.inputs.text)).toEqual(['anime girl, pink hair', 'lowres']);
    expect(nodes.find((n) => n.class_type === 'KSampler')!.inputs).toMatchObject({ seed: 7, steps: 20, cfg: 6.5, denoise: 1 });
    expect(fake.requests.some((r) => r.path.startsWith('/history/'))).toBe(true);
    expect(fake.requests.some((r) => r.path.startsWith('/view?filename=prompt-'))).toBe(true);
    expect(progress.at(-1)).toBe(0.95);
  });

  it('uploads the init image for image-to-image and encodes it with the strength as denoise', async () => {
    const comfy = new ComfyUiProvider(fake.url, 5000);
    await comfy.generate(request({ init: { image: await solidPng(256, 320), strength: 0.4 } }));
    expect(fake.requests.some((r) => r.path === '/upload/image' && r.contentType.startsWith('multipart/form-data'))).toBe(true);
    const sent = fake.requests.filter((r) => r.path === '/prompt').pop()!.body as { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }> };
    const nodes = Object.values(sent.prompt);
    expect(nodes.find((n) => n.class_type === 'LoadImage')!.inputs.image).toBe('yumi-upload.png');
    expect(nodes.some((n) => n.class_type === 'VAEEncode')).toBe(true);
    expect(nodes.find((n) => n.class_type === 'KSampler')!.inputs.denoise).toBe(0.4);
  });

  it('maps failures to provider errors', async () => {
    await expectFailures(new ComfyUiProvider(fake.url, 800), fake);
  });
});

describe('OpenAI Images adapter', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await fakeOpenAiImages();
  });
  afterAll(() => fake.close());

  it('generates with the bearer key and resizes to the requested size', async () => {
    const ai = new OpenAiImagesProvider(`${fake.url}/v1`, 'sk-test', 'gpt-image-1', 2000);
    const out = await ai.generate(request({ count: 2 }));
    expect(out).toHaveLength(2);
    expect(await size(out[0]!.png)).toEqual([256, 320, 'png']);
    expect(fake.requests.find((r) => r.path === '/v1/images/generations')!.body).toEqual({ model: 'gpt-image-1', prompt: 'anime girl, pink hair', n: 2, size: '1024x1536' });
  });

  it('edits with a mask through multipart', async () => {
    const ai = new OpenAiImagesProvider(`${fake.url}/v1`, 'sk-test', 'gpt-image-1', 2000);
    await ai.generate(request({ init: { image: await solidPng(256, 320), strength: 0.5, mask: await solidPng(256, 320, '#ffffff') } }));
    const sent = fake.requests.filter((r) => r.path === '/v1/images/edits').pop()!;
    expect(sent.contentType).toContain('multipart/form-data');
    expect(String(sent.body)).toContain('name="mask"');
    expect(String(sent.body)).toContain('name="image"');
  });

  it('maps a wrong key and failures to provider errors', async () => {
    const wrong = await new OpenAiImagesProvider(`${fake.url}/v1`, 'sk-wrong', 'gpt-image-1', 2000).generate(request()).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ kind: 'http', status: 401 });
    expect((wrong as Error).message).toContain('Incorrect API key');
    await expectFailures(new OpenAiImagesProvider(`${fake.url}/v1`, 'sk-test', 'gpt-image-1', 600), fake);
  });

  it('picks the supported size closest in aspect', () => {
    expect(nearestSize('gpt-image-1', 768, 1024)).toBe('1024x1536');
    expect(nearestSize('dall-e-3', 1024, 576)).toBe('1792x1024');
    expect(nearestSize('gpt-image-1', 512, 512)).toBe('1024x1024');
  });
});
