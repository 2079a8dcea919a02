import { z } from 'zod';
import {
  BACKGROUND_IDS,
  CUSTOM_BACKGROUND_MAX_CHARS,
  CUSTOM_BACKGROUND_PATTERN,
  LAYOUT_ITEM_OPTIONAL_RANGES,
  LAYOUT_ITEM_RANGES,
  PANEL_IDS,
  type Preferences,
  type PreferencesResponse,
} from './layout';

/**
 * The preferences API contract (GET/PUT /api/me/preferences), built from the same ranges and pattern as
 * the launcher's own checks in layout.ts, so the server validates and documents exactly those rules.
 */
const int = ([min, max]: readonly [number, number]) => z.number().int().min(min).max(max);

export const layoutItemSchema = z.object({
  i: z.enum(PANEL_IDS),
  x: int(LAYOUT_ITEM_RANGES.x),
  y: int(LAYOUT_ITEM_RANGES.y),
  w: int(LAYOUT_ITEM_RANGES.w),
  h: int(LAYOUT_ITEM_RANGES.h),
  static: z.boolean().optional(),
  minW: int(LAYOUT_ITEM_OPTIONAL_RANGES.minW).optional(),
  minH: int(LAYOUT_ITEM_OPTIONAL_RANGES.minH).optional(),
  maxW: int(LAYOUT_ITEM_OPTIONAL_RANGES.maxW).optional(),
  maxH: int(LAYOUT_ITEM_OPTIONAL_RANGES.maxH).optional(),
});
export const layoutSchema = z
  .array(layoutItemSchema)
  .max(PANEL_IDS.length)
  .refine((items) => new Set(items.map((i) => i.i)).size === items.length, 'Each panel appears once');
export const panelsSchema = z.object({ modes: z.boolean(), charge: z.boolean(), header: z.boolean(), footer: z.boolean() });
export const customBackgroundSchema = z.string().max(CUSTOM_BACKGROUND_MAX_CHARS).regex(CUSTOM_BACKGROUND_PATTERN, 'Must be an image data URL');

export const preferencesSchema: z.ZodType<Preferences> = z.strictObject({
  layout: layoutSchema,
  background: z.enum(BACKGROUND_IDS),
  customBackground: customBackgroundSchema.nullable(),
  panels: panelsSchema,
});
export const preferencesResponseSchema: z.ZodType<PreferencesResponse> = z.object({
  preferences: preferencesSchema.nullable(),
  updatedAt: z.string().nullable(),
});
