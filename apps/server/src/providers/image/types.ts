import type { BaseCharacter, ImageProviderId, Theme } from '@yumi/core';

/** One port for every image model: text-to-image, image-to-image with strength, inpainting with a mask. */
export interface ImageRequest {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  seed: number;
  steps: number;
  guidance: number;
  sampler?: string;
  model?: string;
  count: number;
  /** Image-to-image: the start picture (PNG) and how far to move from it (0-1); with a mask, only the mask's white pixels are redrawn. */
  init?: { image: Buffer; strength: number; mask?: Buffer };
  theme?: Theme;
  baseCharacter?: BaseCharacter;
  signal: AbortSignal;
  /** 0-1, as the provider reports it. */
  onProgress(progress: number): void;
}

export interface ImageOutput {
  png: Buffer;
  seed: number;
}

interface ImageCapabilities {
  img2img: boolean;
  inpaint: boolean;
  negativePrompt: boolean;
  seed: boolean;
  steps: boolean;
  guidance: boolean;
}

export interface ImageProvider {
  readonly id: ImageProviderId;
  readonly label: string;
  readonly capabilities: ImageCapabilities;
  /** Embedded, needs no network. */
  readonly offline: boolean;
  /** Models and samplers the provider offers (asked live where the API can tell). */
  listModels(signal: AbortSignal): Promise<{ models: string[]; defaultModel: string | null; samplers: string[] }>;
  generate(request: ImageRequest): Promise<ImageOutput[]>;
}

export type ProviderFailure = 'http' | 'timeout' | 'network' | 'malformed';

/** A provider that failed: the job fails with API_ERROR and the user pays nothing. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
