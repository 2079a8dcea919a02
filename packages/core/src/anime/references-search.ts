import { z } from 'zod';

export const referenceSearchQuerySchema = z.object({
  q: z.string().max(200, 'The search can be at most 200 characters.').default(''),
});

export const referenceResultSchema = z.object({
  id: z.string(),
  /** Image URL on this server (Openverse pictures come through its thumbnail proxy, so the canvas can use them). */
  url: z.string(),
  title: z.string(),
  source: z.enum(['library', 'openverse']),
  creator: z.string().nullable(),
  license: z.string().nullable(),
  /** Where the picture comes from (attribution link). */
  landingUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type ReferenceResult = z.infer<typeof referenceResultSchema>;

export const referenceSearchResponseSchema = z.object({
  results: z.array(referenceResultSchema),
  /** Whether the open image search answered (false: unreachable or not configured). */
  openverse: z.boolean(),
});
export type ReferenceSearchResponse = z.infer<typeof referenceSearchResponseSchema>;
