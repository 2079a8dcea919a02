import { z } from 'zod';
import { BLEND_MODE_NAMES } from './blend';

/** Spec §9: a version history holds at most 20 versions. */
export const MAX_VERSIONS = 20;
export const CHARACTER_NAME_MAX = 100;
export const CHARACTER_TAGS_MAX = 20;
/** A layer image (PNG) may be this large once decoded from base64; a bigger one is a 413. */
export const LAYER_IMAGE_MAX_BYTES = 16 * 1024 * 1024;
/** All layer images of one version together. */
export const VERSION_MAX_BYTES = 48 * 1024 * 1024;
/** JSON body limit of the character routes (base64 adds a third to VERSION_MAX_BYTES). */
export const CHARACTER_BODY_LIMIT_BYTES = 72 * 1024 * 1024;
export const MAX_LAYERS_PER_VERSION = 100;
export const THUMBNAIL_MAX_CHARS = 400_000;
/** Same as the paint engine's largest document edge. */
export const CANVAS_MAX_SIDE = 8192;

const pngDataUrl = z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Expected a base64 PNG data URL');
const thumbnail = z
  .string()
  .max(THUMBNAIL_MAX_CHARS, 'The thumbnail is too large')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/, 'Expected an image data URL')
  .or(z.literal(''));

export const characterNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a name for your character.')
  .max(CHARACTER_NAME_MAX, `The name can be at most ${CHARACTER_NAME_MAX} characters.`);

/** Spec §3 character design brief. */
export const designBriefSchema = z.strictObject({
  name: z.string().max(CHARACTER_NAME_MAX).default(''),
  age: z.string().max(40).default(''),
  background: z.string().max(4000).default(''),
  catchphrase: z.string().max(300).default(''),
  personalityTraits: z.array(z.string().max(60)).max(30).default([]),
  visualMotifs: z.array(z.string().max(60)).max(30).default([]),
  designElements: z.array(z.string().max(120)).max(60).default([]),
});
export type DesignBrief = z.infer<typeof designBriefSchema>;
export const EMPTY_BRIEF: DesignBrief = { name: '', age: '', background: '', catchphrase: '', personalityTraits: [], visualMotifs: [], designElements: [] };

/** One layer of a saved canvas: its properties and its pixels as a PNG the size of the canvas. */
export const canvasLayerSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  visible: z.boolean(),
  opacity: z.number().min(0).max(100),
  blendMode: z.enum(BLEND_MODE_NAMES),
  locked: z.boolean(),
  /** Lock transparent pixels; clip to the layer below. Optional: older saves have neither. */
  alphaLock: z.boolean().optional(),
  clipping: z.boolean().optional(),
  /** A layer group (no image), and the index of the group a layer is in. Optional: older saves have none. */
  group: z.boolean().optional(),
  /** A pass-through group (PSD "Pass Through"): its layers blend straight onto what is below. */
  passThrough: z.boolean().optional(),
  parent: z.number().int().min(0).nullable().optional(),
  /** Upload: a PNG data URL; answer: the same, read back from the blob store. Empty layers have none. */
  image: pngDataUrl.nullable(),
});
export type CanvasLayer = z.infer<typeof canvasLayerSchema>;

/** Symmetry ruler types (the same list as @yumi/paint's SYMMETRY_MODES; core has no dependency on it). */
export const SYMMETRY_MODE_NAMES = ['off', 'vertical', 'horizontal', 'both', 'radial'] as const;

/** The symmetry ruler kept with a drawing: type, radial copies and centre in canvas pixels. */
export const canvasSymmetrySchema = z.strictObject({
  mode: z.enum(SYMMETRY_MODE_NAMES),
  count: z.number().int().min(2).max(16),
  cx: z.number().min(0).max(CANVAS_MAX_SIDE),
  cy: z.number().min(0).max(CANVAS_MAX_SIDE),
});

/** Spec §3 canvasData: the serialized drawing of a version (pixels stored server-side as blobs). */
export const canvasDataSchema = z.strictObject({
  width: z.number().int().min(1).max(CANVAS_MAX_SIDE),
  height: z.number().int().min(1).max(CANVAS_MAX_SIDE),
  activeLayerIndex: z.number().int().min(0).default(0),
  /** Optional: older saves have none. */
  symmetry: canvasSymmetrySchema.optional(),
  layers: z
    .array(canvasLayerSchema)
    .min(1)
    .max(MAX_LAYERS_PER_VERSION, `A drawing can have at most ${MAX_LAYERS_PER_VERSION} layers.`)
    .superRefine((layers, ctx) => {
      // a layer's group is another layer of the drawing, and a group
      layers.forEach((l, i) => {
        if (l.parent == null) return;
        if (l.parent === i || layers[l.parent]?.group !== true) ctx.addIssue({ code: 'custom', path: [i, 'parent'], message: `Layer ${i + 1} is in a group that is not in the drawing.` });
      });
    }),
});
export type CanvasData = z.infer<typeof canvasDataSchema>;

export const versionMetadataSchema = z.strictObject({
  pose: z.string().max(60).nullable().default(null),
  colors: z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/)).max(24).default([]),
  expression: z.string().max(60).nullable().default(null),
});

export const versionInputSchema = z.strictObject({
  /** A client id, only to name activeVersionId in a create call. */
  id: z.string().max(64).optional(),
  name: z.string().trim().max(CHARACTER_NAME_MAX).default(''),
  description: z.string().max(1000).default(''),
  thumbnail: thumbnail.default(''),
  timestamp: z.iso.datetime().optional(),
  canvasData: canvasDataSchema,
  metadata: versionMetadataSchema.default({ pose: null, colors: [], expression: null }),
});
export type VersionInput = z.input<typeof versionInputSchema>;

/** POST /api/anime-helper/characters: the spec's fields, plus the design brief. */
export const createCharacterSchema = z.strictObject({
  name: characterNameSchema,
  thumbnail: thumbnail.default(''),
  tags: z.array(z.string().trim().min(1).max(40)).max(CHARACTER_TAGS_MAX).default([]),
  brief: designBriefSchema.optional(),
  createdAt: z.iso.datetime().optional(),
  lastModified: z.iso.datetime().optional(),
  versions: z.array(versionInputSchema).min(1).max(MAX_VERSIONS, `A character keeps at most ${MAX_VERSIONS} versions.`),
  activeVersionId: z.string().max(64).nullish(),
  /** The id the device gave a character made offline: sending it again answers the character made the first time. */
  clientId: z.uuid().optional(),
});
export type CreateCharacterInput = z.input<typeof createCharacterSchema>;

/**
 * A delete may name the last change it saw (`seen`, the character's lastModified then; a delete made
 * offline, sent later): a later change on the server answers 409 CHARACTER_CHANGED with the current
 * character, and nothing is deleted.
 */
export const deleteCharacterQuerySchema = z.strictObject({ seen: z.iso.datetime().optional() });

export const updateCharacterSchema = z.strictObject({
  name: characterNameSchema.optional(),
  thumbnail: thumbnail.optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(CHARACTER_TAGS_MAX).optional(),
  brief: designBriefSchema.optional(),
  /** Revert: makes this version the current one. */
  activeVersionId: z.uuid().optional(),
  /**
   * What the patched details were when the edit began (an edit made offline). A field changed elsewhere
   * since, to a value other than this edit's, is not overwritten: the answer is 409 CHARACTER_CONFLICT
   * with the current character in `details.current`. Fields changed on one side only merge.
   */
  base: z
    .strictObject({
      name: z.string().max(CHARACTER_NAME_MAX),
      tags: z.array(z.string().max(40)).max(CHARACTER_TAGS_MAX),
      brief: designBriefSchema,
    })
    .partial()
    .optional(),
});
export type UpdateCharacterInput = z.input<typeof updateCharacterSchema>;

export const versionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  timestamp: z.string(),
  metadata: versionMetadataSchema,
  width: z.number(),
  height: z.number(),
  layerCount: z.number(),
  /** Bytes of layer images this version stores. */
  size: z.number(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const characterSchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  tags: z.array(z.string()),
  brief: designBriefSchema,
  createdAt: z.string(),
  lastModified: z.string(),
  /** Oldest first. */
  versions: z.array(versionSummarySchema),
  activeVersionId: z.string().nullable(),
});
export type Character = z.infer<typeof characterSchema>;

export const versionDetailSchema = versionSummarySchema.extend({ canvasData: canvasDataSchema });
export type VersionDetail = z.infer<typeof versionDetailSchema>;

export const analyzeColorsRequestSchema = z.strictObject({
  imageData: z.string().max(CHARACTER_BODY_LIMIT_BYTES).regex(/^data:image\/(png|jpe?g|webp);base64,[A-Za-z0-9+/=\s]+$/, 'Expected a base64 PNG, JPEG or WebP data URL'),
});
/**
 * The harmonies and style categories @yumi/imaging's analysis answers (core has no dependency on it). The
 * server returns imaging's result under this schema and the web reads it back as imaging's type, so both
 * type checks fail if the lists part.
 */
export const COLOR_HARMONY_NAMES = ['monochromatic', 'analogous', 'complementary', 'split-complementary', 'triadic', 'tetradic'] as const;
export const STYLE_CATEGORY_NAMES = ['monochrome', 'dark', 'vivid', 'pastel', 'muted', 'balanced'] as const;

export const colorAnalysisSchema = z.object({
  dominantColors: z.array(z.string()),
  colorHarmony: z.enum(COLOR_HARMONY_NAMES),
  suggestedPalettes: z.array(z.object({ id: z.string(), nameKey: z.string(), colors: z.array(z.string()) })),
  styleCategory: z.enum(STYLE_CATEGORY_NAMES),
  recommendations: z.object({ hairColor: z.array(z.string()), accentColors: z.array(z.string()), backgroundSuggestions: z.array(z.string()) }),
});

/** Spec §4/§5: 'Version N - time' when no name is given. */
export function defaultVersionName(n: number, time?: string): string {
  return time ? `Version ${n} - ${time}` : `Version ${n}`;
}

/** Spec §9: storage used percentage = count / 20. */
export function versionStoragePercent(count: number): number {
  return Math.round((Math.min(count, MAX_VERSIONS) / MAX_VERSIONS) * 100);
}

/** Spec §9 relative times: days, hours, minutes or 'Just now'. Answers an i18n key and a count. */
export function relativeTime(then: Date | string, now: Date): { key: 'justNow' | 'minutes' | 'hours' | 'days'; count: number } {
  const ms = now.getTime() - new Date(then).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return { key: 'justNow', count: 0 };
  if (minutes < 60) return { key: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'hours', count: hours };
  return { key: 'days', count: Math.floor(hours / 24) };
}

/** Spec §4: up to two versions can be selected for a compare; a third selection starts over with it. */
export function toggleCompareSelection(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id);
  if (selected.length >= 2) return [id];
  return [...selected, id];
}
