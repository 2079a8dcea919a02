import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  providers: z.object({
    llm: z.array(z.string()),
    image: z.array(z.string()),
    payments: z.array(z.string()),
  }),
});
export type Health = z.infer<typeof healthSchema>;
