import { z } from 'zod';

/**
 * Language-model connections that admins add at run time (admin page, Connections). Keys go in, never out:
 * the list shows only whether a key is stored.
 */
export const CONNECTION_KINDS = ['openai', 'anthropic', 'qwen', 'openai-compatible', 'ollama'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
/** Kinds that serve their own models (discovered from the server) rather than the catalogue's. */
export const DISCOVERING_KINDS: readonly ConnectionKind[] = ['openai-compatible', 'ollama'];
/** Kinds that cannot work without a key. */
export const KEYED_KINDS: readonly ConnectionKind[] = ['openai', 'anthropic', 'qwen'];

export const CONNECTION_NAME_MAX = 60;
export const CONNECTION_MODELS_MAX = 200;

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .transform((u) => u.replace(/\/+$/, ''));

export const createConnectionSchema = z
  .strictObject({
    kind: z.enum(CONNECTION_KINDS),
    name: z.string().trim().min(1).max(CONNECTION_NAME_MAX),
    /** Required for openai-compatible and ollama; optional (another endpoint) for the others. */
    baseUrl: httpUrl.optional(),
    apiKey: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (DISCOVERING_KINDS.includes(v.kind) && !v.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'A server address is required for this kind' });
    if (KEYED_KINDS.includes(v.kind) && !v.apiKey) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'An API key is required for this kind' });
  });
export type CreateConnectionRequest = z.infer<typeof createConnectionSchema>;

export const connectionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CONNECTION_KINDS),
  name: z.string(),
  baseUrl: z.string().nullable(),
  hasKey: z.boolean(),
  /** The models it serves: discovered ones, or the catalogue's for OpenAI, Anthropic and Qwen. */
  models: z.array(z.string()),
  createdAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** Providers set by environment variables: shown beside the connections, changed only by the operator. */
export const envConnectionSchema = z.object({ kind: z.enum(CONNECTION_KINDS), models: z.array(z.string()) });

export const connectionListSchema = z.object({
  connections: z.array(connectionSchema),
  fromEnvironment: z.array(envConnectionSchema),
});
export type ConnectionList = z.infer<typeof connectionListSchema>;

export const connectionTestRequestSchema = z.strictObject({ model: z.string().min(1).max(200).optional() });
export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  model: z.string(),
  latencyMs: z.number().int(),
  /** The start of the model's reply (ok) ... */
  reply: z.string().optional(),
  /** ... or the provider's own error, with any key removed. */
  error: z.string().optional(),
  status: z.number().int().optional(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;
