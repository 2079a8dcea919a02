// Anime mode (Create): catalogues, rules and the characters/templates/reference-search contract.
export * from './templates';
export * from './poses';
export * from './references';
export * from './toolbar';
export * from './blend';
export * from './characters';
export * from './references-search';
import { z } from 'zod';
import { STYLE_TEMPLATES, TEMPLATE_CATEGORIES } from './templates';

export const templatesResponseSchema = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      style: z.string(),
      category: z.enum(TEMPLATE_CATEGORIES),
      description: z.string(),
      characteristics: z.array(z.string()),
      proportions: z.object({ headRatio: z.number(), bodyRatio: z.number() }),
    }),
  ),
});
export const TEMPLATE_COUNT = STYLE_TEMPLATES.length;
