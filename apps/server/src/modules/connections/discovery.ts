import { CONNECTION_MODELS_MAX, type ConnectionKind } from '@yumi/core';
import { z } from 'zod';

/** Ollama's GET /api/tags and the OpenAI protocol's GET /v1/models: only the names are used. */
const ollamaTags = z.object({ models: z.array(z.object({ name: z.string().min(1).max(200) })) });
const openAiModels = z.object({ data: z.array(z.object({ id: z.string().min(1).max(200) })) });

const MAX_BODY_BYTES = 1_000_000;
const TIMEOUT_MS = 10_000;

/** Why a server could not be asked: its HTTP status and own message, or a network failure. */
export class DiscoveryError extends Error {
  constructor(
    readonly reason: 'status' | 'network' | 'format',
    readonly providerMessage: string,
    readonly status?: number,
  ) {
    super(providerMessage);
  }
}

async function getJson(url: string, apiKey: string | undefined): Promise<{ status: number; body: unknown; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) }, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    throw new DiscoveryError('network', String(cause));
  }
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new DiscoveryError('format', 'The answer is too large');
  const text = (await res.text()).slice(0, MAX_BODY_BYTES);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status (or the format check) says what went wrong.
  }
  return { status: res.status, body, text };
}

/** The provider's own error text from an error body ({error: {message}} or {error: "..."}), or its start. */
export function providerMessageOf(body: unknown, text: string): string {
  const error = (body as { error?: unknown } | null)?.error;
  const message = typeof error === 'string' ? error : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : text;
  return message.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * The models a self-hosted server offers, sorted, at most CONNECTION_MODELS_MAX. For an OpenAI-compatible
 * address without `/v1`, `/v1/models` is tried too; `baseUrl` is where it answered (used for chat).
 */
export async function discoverModels(kind: ConnectionKind, baseUrl: string, apiKey?: string): Promise<{ baseUrl: string; models: string[] }> {
  const candidates = kind === 'ollama' ? [baseUrl.replace(/\/api$/, '')] : /\/v\d+$/.test(baseUrl) ? [baseUrl] : [baseUrl, `${baseUrl}/v1`];
  let last: DiscoveryError | undefined;
  for (const base of candidates) {
    const { status, body, text } = await getJson(kind === 'ollama' ? `${base}/api/tags` : `${base}/models`, apiKey);
    if (status >= 400) {
      last = new DiscoveryError('status', providerMessageOf(body, text), status);
      if (status === 404) continue;
      throw last;
    }
    const parsed = kind === 'ollama' ? ollamaTags.safeParse(body) : openAiModels.safeParse(body);
    if (!parsed.success) {
      last = new DiscoveryError('format', kind === 'ollama' ? 'The answer of /api/tags has no model list' : 'The answer of /models has no model list');
      continue;
    }
    const names = 'models' in parsed.data ? parsed.data.models.map((m) => m.name) : parsed.data.data.map((m) => m.id);
    return { baseUrl: base, models: [...new Set(names)].sort().slice(0, CONNECTION_MODELS_MAX) };
  }
  throw last ?? new DiscoveryError('format', 'No model list');
}
