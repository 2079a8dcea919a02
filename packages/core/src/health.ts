import { z } from 'zod';

/**
 * Public health: up or down, nothing more (what a load balancer needs: 200 ok, 503 degraded). Which
 * providers, which database and which versions run here would help an attacker pick a target.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
});
export type Health = z.infer<typeof healthSchema>;

/** Health for administrators: the database and the configured providers (names only, never a key). */
export const healthDetailsSchema = healthSchema.extend({
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  storage: z.object({ kind: z.enum(['files', 's3']), reachable: z.boolean() }),
  providers: z.object({
    llm: z.array(z.string()),
    image: z.array(z.string()),
    payments: z.array(z.string()),
  }),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;
