import { z } from 'zod';
import { streamErrorEventSchema } from './api-error';
import { IMAGE_GENERATION_PRICE } from './billing';

/** Image generation: themes, options, limits and the wire contract (second document §3, §5, §7, §8, §9). */

export const FREE_IMAGE_TRIALS = 3;
export const GENERATION_RETRY = { maxRetries: 2, delayMs: 2000 } as const;
export const AI_DRAW_REGION_SIZE = 100;
export const AI_DRAW_DEFAULT_STRENGTH = 0.5;
export const IMAGE_PROMPT_MAX = 2000;
/** Largest decoded upload (reference image, canvas, outline source): same cap as artwork uploads. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Decode limits for every image that enters the server (apps/server/src/lib/image-intake.ts), checked on
 * the header before a pixel is decoded: nothing over 8192 pixels on a side or 70 megapixels anywhere.
 */
export const IMAGE_MAX_SIDE = 8192;
export const IMAGE_MAX_PIXELS = 70_000_000;
/** Report figures are set at most a page wide: 4096 pixels on a side is far beyond print resolution. */
export const FIGURE_MAX_SIDE = 4096;
/** Images the AI canvas tools, outline and colour analysis work on (the canvas's own maximum). */
export const AI_TOOL_MAX_SIDE = 4096;
/** JSON body cap of routes that carry a base64 image (4/3 overhead plus the other fields). */
export const IMAGE_BODY_LIMIT_BYTES = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;
export const IMAGE_SIZE_MIN = 64;
export const IMAGE_SIZE_MAX = 2048;
export const IMAGE_MAX_COUNT = 4;

/** Timeshards charged per premium image: the billing contract's IMAGE_GENERATION_PRICE. */
export const IMAGE_PRICE_TIMESHARDS = IMAGE_GENERATION_PRICE;

export const GENERATION_MESSAGES = {
  emptyPrompt: 'Please enter a description for your character.',
  billingError: 'Insufficient credits. Please check your balance.',
  retrying: 'Temporarily unable to generate image. Retrying...',
  unavailable: 'Service is currently unavailable. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again.',
  trialsExhausted: "You've used all your free trials. Please purchase access to continue using image generation.",
  outlineNeedsInput: 'Please upload an image or enter a text description',
  outlineFailed: 'Failed to generate outline',
} as const;

export const THEMES = ['swimsuit', 'maid', 'seifuku'] as const;
export type Theme = (typeof THEMES)[number];

export interface BaseCharacter {
  hairColor: string;
  eyeColor: string;
  name: string;
}
export interface GenerationThemePrompt {
  id: string;
  theme: Theme;
  title: string;
  prompt: string;
  negativePrompt: string;
  baseCharacter: BaseCharacter;
}

const COMMON_NEGATIVE =
  'lowres, bad anatomy, bad hands, extra fingers, missing fingers, deformed, blurry, jpeg artifacts, watermark, signature, text, cropped, worst quality';

/** The three theme prompts of AI Generate mode, each with its base character (Yumi in three outfits). */
export const THEME_PROMPTS: readonly GenerationThemePrompt[] = [
  {
    id: 'theme-swimsuit',
    theme: 'swimsuit',
    title: 'Summer Swimsuit',
    prompt:
      'anime girl, pink twin tails, violet eyes, cheerful smile, frilled white and pink one-piece swimsuit, sunny beach, blue sky, sparkling sea, summer, cel shading, high quality',
    negativePrompt: `${COMMON_NEGATIVE}, nsfw, revealing, nudity`,
    baseCharacter: { hairColor: '#f472b6', eyeColor: '#8b5cf6', name: 'Yumi' },
  },
  {
    id: 'theme-maid',
    theme: 'maid',
    title: 'Maid Café',
    prompt:
      'anime girl, pink twin tails, violet eyes, gentle smile, classic black and white maid dress, frilled apron, maid headband, cozy cafe interior, warm lighting, cel shading, high quality',
    negativePrompt: `${COMMON_NEGATIVE}, nsfw`,
    baseCharacter: { hairColor: '#f472b6', eyeColor: '#8b5cf6', name: 'Yumi' },
  },
  {
    id: 'theme-seifuku',
    theme: 'seifuku',
    title: 'School Uniform',
    prompt:
      'anime girl, pink twin tails, violet eyes, bright smile, navy sailor school uniform, red ribbon, pleated skirt, school classroom, cherry blossoms by the window, cel shading, high quality',
    negativePrompt: `${COMMON_NEGATIVE}, nsfw`,
    baseCharacter: { hairColor: '#f472b6', eyeColor: '#8b5cf6', name: 'Yumi' },
  },
];

export function themePrompt(theme: Theme): GenerationThemePrompt {
  return THEME_PROMPTS.find((t) => t.theme === theme) ?? THEME_PROMPTS[0]!;
}

export const IMAGE_PROVIDERS = ['procedural', 'sd-webui', 'comfyui', 'openai-images'] as const;
export type ImageProviderId = (typeof IMAGE_PROVIDERS)[number];

export const colorCorrectionSchema = z.strictObject({
  contrast: z.number().min(0.5).max(2).default(1),
  saturation: z.number().min(0).max(2).default(1),
  bloom: z.number().min(0).max(1).default(0.5),
});
export const postProcessingSchema = z.strictObject({
  upscale: z.boolean().default(true),
  denoise: z.boolean().default(true),
  lineArtCleanup: z.boolean().default(true),
  colorCorrection: colorCorrectionSchema.default({ contrast: 1, saturation: 1, bloom: 0.5 }),
});
export type PostProcessing = z.infer<typeof postProcessingSchema>;

/** Spec §9 defaults: iterations 1, custom model on, upscale, denoise and line-art clean-up on, contrast 1, saturation 1, bloom 0.5. */
export const DEFAULT_GENERATION_OPTIONS = {
  iterations: 1,
  useCustomModel: true,
  referenceImage: null as string | null,
  postProcessing: {
    upscale: true,
    denoise: true,
    lineArtCleanup: true,
    colorCorrection: { contrast: 1, saturation: 1, bloom: 0.5 },
  },
} as const;

/** A base64 data URL of an image (PNG, JPEG or WebP); size and content are checked on the server. */
export const imageDataUrlSchema = z
  .string()
  .max(IMAGE_BODY_LIMIT_BYTES)
  .regex(/^data:image\/(png|jpe?g|webp);base64,[A-Za-z0-9+/=\s]+$/, 'Expected a base64 PNG, JPEG or WebP data URL');

/** How much larger "upscale" makes an image: 2x, capped so no side passes the largest size. */
export function upscaleFactor(width: number, height: number): number {
  return Math.min(2, IMAGE_SIZE_MAX / Math.max(width, height));
}

const dimension = z.number().int().min(IMAGE_SIZE_MIN).max(IMAGE_SIZE_MAX);

/** `settings` of POST /api/anime-chara-helper/generate: the spec's generation options plus the studio's parameters. */
export const generationSettingsSchema = z.strictObject({
  theme: z.enum(THEMES).optional(),
  negativePrompt: z.string().max(IMAGE_PROMPT_MAX).optional(),
  iterations: z.number().int().min(1).max(IMAGE_MAX_COUNT).default(1),
  useCustomModel: z.boolean().default(true),
  referenceImage: imageDataUrlSchema.nullish(),
  /** How far img2img may move away from the reference: 0 keeps it, 1 ignores it. */
  strength: z.number().min(0.05).max(1).default(0.6),
  postProcessing: postProcessingSchema.default(DEFAULT_GENERATION_OPTIONS.postProcessing),
  provider: z.enum(IMAGE_PROVIDERS).optional(),
  model: z.string().max(200).optional(),
  width: dimension.default(768),
  height: dimension.default(1024),
  seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  steps: z.number().int().min(1).max(150).default(28),
  guidance: z.number().min(1).max(30).default(7),
  sampler: z.string().max(60).optional(),
  source: z.enum(['anime', 'image']).default('anime'),
});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;
export type GenerationSettingsInput = z.input<typeof generationSettingsSchema>;

export const generateRequestSchema = z.strictObject({
  prompt: z.string().max(IMAGE_PROMPT_MAX, `The description can be at most ${IMAGE_PROMPT_MAX} characters.`),
  settings: generationSettingsSchema.default(generationSettingsSchema.parse({})),
});
export type GenerateRequest = z.input<typeof generateRequestSchema>;

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const generatedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  seed: z.number(),
  prompt: z.string(),
  negativePrompt: z.string(),
  provider: z.string(),
  model: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  cost: z.number(),
  createdAt: z.string(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

export const generationJobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 0-1 */
  progress: z.number(),
  /** Jobs ahead of this one for the same provider (0 when running or done). */
  position: z.number(),
  provider: z.string(),
  /** How the job is paid: a free trial, timeshards, or nothing (a failed job pays nothing). */
  payment: z.enum(['trial', 'credits']),
  results: z.array(generatedImageSchema),
  error: z.string().nullable(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;

export const generateAcceptedSchema = z.object({
  jobId: z.string(),
  status: z.enum(JOB_STATUSES),
  position: z.number(),
  payment: z.enum(['trial', 'credits']),
});

export const imageGenStatusSchema = z.object({
  hasAccess: z.boolean(),
  freeTrialsUsed: z.number(),
  freeTrialsTotal: z.number(),
  freeTrialsRemaining: z.number(),
  /** Timeshards per premium image. */
  pricePerImage: z.number(),
});
export type ImageGenStatus = z.infer<typeof imageGenStatusSchema>;

export const imageProviderInfoSchema = z.object({
  id: z.enum(IMAGE_PROVIDERS),
  label: z.string(),
  models: z.array(z.string()),
  defaultModel: z.string().nullable(),
  capabilities: z.object({
    img2img: z.boolean(),
    inpaint: z.boolean(),
    negativePrompt: z.boolean(),
    seed: z.boolean(),
    steps: z.boolean(),
    guidance: z.boolean(),
    samplers: z.array(z.string()),
  }),
  price: z.number(),
  offline: z.boolean(),
});
export type ImageProviderInfo = z.infer<typeof imageProviderInfoSchema>;

export const galleryPageSchema = z.object({
  items: z.array(generatedImageSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

export const OUTLINE_RANGE = { min: 0.1, max: 1, step: 0.1 } as const;
/** Line width of an outline in pixels. */
export const OUTLINE_THICKNESS = { min: 1, max: 12, default: 2 } as const;
const outlineSlider = z.number().min(OUTLINE_RANGE.min).max(OUTLINE_RANGE.max);
const outlineThickness = z.number().int().min(OUTLINE_THICKNESS.min).max(OUTLINE_THICKNESS.max).default(OUTLINE_THICKNESS.default);
export const outlineRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('image'),
    image: imageDataUrlSchema,
    strength: outlineSlider.default(0.5),
    detailLevel: outlineSlider.default(0.5),
    thickness: outlineThickness,
  }),
  z.strictObject({
    type: z.literal('text'),
    prompt: z.string().max(IMAGE_PROMPT_MAX),
    strength: outlineSlider.default(0.5),
    detailLevel: outlineSlider.default(0.5),
    thickness: outlineThickness,
  }),
]);
export type OutlineRequest = z.input<typeof outlineRequestSchema>;
export const outlineResponseSchema = z.object({ outlineUrl: z.string(), width: z.number(), height: z.number() });

export const AI_DRAW_MODES = ['ai-brush', 'ai-eraser', 'regenerate'] as const;
export type AiDrawMode = (typeof AI_DRAW_MODES)[number];
export const regionSchema = z.strictObject({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1).max(IMAGE_SIZE_MAX * 2),
  height: z.number().int().min(1).max(IMAGE_SIZE_MAX * 2),
});
export type Region = z.infer<typeof regionSchema>;
export const aiDrawRequestSchema = z.strictObject({
  imageData: imageDataUrlSchema,
  mode: z.enum(AI_DRAW_MODES),
  strength: z.number().min(0).max(1).default(AI_DRAW_DEFAULT_STRENGTH),
  region: regionSchema,
  /** Text guiding a region regeneration with a configured provider. */
  prompt: z.string().max(IMAGE_PROMPT_MAX).optional(),
  /** Offline algorithms when omitted; a configured model (premium, charged per call) otherwise. */
  provider: z.enum(IMAGE_PROVIDERS).optional(),
});
export type AiDrawRequest = z.input<typeof aiDrawRequestSchema>;
/** imageData: a base64 PNG the size of the canvas, transparent outside the region: the 'AI Drawing' layer. */
export const aiDrawResponseSchema = z.object({ imageData: z.string(), region: regionSchema, engine: z.string() });

/** The region of an AI brush or eraser dab: a square of AI_DRAW_REGION_SIZE around the pointer, kept inside the canvas. */
export function regionAround(x: number, y: number, canvasWidth: number, canvasHeight: number, size = AI_DRAW_REGION_SIZE): Region {
  const w = Math.min(size, canvasWidth);
  const h = Math.min(size, canvasHeight);
  const left = Math.min(Math.max(0, Math.round(x - w / 2)), canvasWidth - w);
  const top = Math.min(Math.max(0, Math.round(y - h / 2)), canvasHeight - h);
  return { x: left, y: top, width: w, height: h };
}

export const processRequestSchema = z.strictObject({
  /** A gallery image to process, or an uploaded image. */
  imageId: z.uuid().optional(),
  image: imageDataUrlSchema.optional(),
  postProcessing: postProcessingSchema,
});
export type ProcessRequest = z.input<typeof processRequestSchema>;

/**
 * A picture drawn on a device while offline (the procedural renderer in the browser), sent to the gallery when
 * the network returns: free, as drawing it was. `clientId` is the device's id for it, so a picture sent again
 * (the first answer lost on the way) is stored once.
 */
export const deviceImageRequestSchema = z.strictObject({
  clientId: z.uuid(),
  image: imageDataUrlSchema,
  prompt: z.string().max(IMAGE_PROMPT_MAX),
  negativePrompt: z.string().max(IMAGE_PROMPT_MAX).default(''),
  seed: z.number().int().min(0).max(2 ** 32 - 1),
  /** The options it was drawn with (no reference picture: only its colours were used). */
  settings: generationSettingsSchema.omit({ referenceImage: true }),
  drawnAt: z.iso.datetime(),
});
export type DeviceImageRequest = z.infer<typeof deviceImageRequestSchema>;
export type DeviceImageInput = z.input<typeof deviceImageRequestSchema>;

/** Progress events of GET /api/anime-chara-helper/jobs/:id/events (SSE `data:` lines). */
export const generationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), job: generationJobSchema }),
  z.object({ type: z.literal('done'), job: generationJobSchema }),
  streamErrorEventSchema,
]);
export type GenerationEvent = z.infer<typeof generationEventSchema>;

/** Remaining free trials (spec §4: 3 minus used). */
export function remainingTrials(used: number): number {
  return Math.max(0, FREE_IMAGE_TRIALS - used);
}

/** Server error codes the AI Generate screen maps to the spec's generation errors (§8). */
export const GENERATION_ERROR_CODES = {
  billing: 'BILLING_ERROR',
  api: 'API_ERROR',
  trialsExhausted: 'TRIALS_EXHAUSTED',
  emptyPrompt: 'EMPTY_PROMPT',
} as const;
