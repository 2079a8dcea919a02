import { z } from 'zod';

/** The one JSON error shape every API error answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The last event of a stream that failed after it began (its status was already sent): the error's text and code. */
export const streamErrorEventSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: z.string(),
});
