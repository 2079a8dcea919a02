import type { ImageProviderId } from '@yumi/core';
import type { Config } from '../../config';
import type { CpuPool } from '../../workers/pool';
import { ComfyUiProvider } from './comfyui';
import { OpenAiImagesProvider } from './openai-images';
import { ProceduralProvider } from './procedural';
import { SdWebuiProvider } from './sd-webui';
import type { ImageProvider } from './types';

export * from './types';

/** The procedural renderer always; the others when the operator configured them. */
export function createImageProviders(config: Config, cpu: CpuPool): Map<ImageProviderId, ImageProvider> {
  const map = new Map<ImageProviderId, ImageProvider>();
  map.set('procedural', new ProceduralProvider(cpu));
  const timeout = config.IMAGE_PROVIDER_TIMEOUT_MS;
  if (config.SD_WEBUI_URL) map.set('sd-webui', new SdWebuiProvider(config.SD_WEBUI_URL, timeout));
  if (config.COMFYUI_URL) map.set('comfyui', new ComfyUiProvider(config.COMFYUI_URL, timeout, config.COMFYUI_WORKFLOW));
  if (config.OPENAI_API_KEY) {
    map.set('openai-images', new OpenAiImagesProvider(config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1', config.OPENAI_API_KEY, config.OPENAI_IMAGE_MODEL, timeout));
  }
  return map;
}

/** The provider used when a request names none. */
export function defaultProviderId(config: Config, available: Map<ImageProviderId, ImageProvider>): ImageProviderId {
  if (config.IMAGE_DEFAULT_PROVIDER && available.has(config.IMAGE_DEFAULT_PROVIDER)) return config.IMAGE_DEFAULT_PROVIDER;
  for (const id of ['sd-webui', 'comfyui', 'openai-images'] as const) if (available.has(id)) return id;
  return 'procedural';
}

export function concurrencyOf(config: Config, id: ImageProviderId): number {
  return id === 'procedural' ? config.IMAGE_CONCURRENCY_PROCEDURAL : config.IMAGE_CONCURRENCY_REMOTE;
}
