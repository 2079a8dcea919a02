import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { compatibleModel, LLM_PROVIDERS, MODEL_CATALOGUE, type ConnectionKind, type LlmProvider, type ModelInfo } from '@yumi/core';
import { createOllama } from 'ollama-ai-provider-v2';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';

/** One place a provider is reached: from environment variables or from an admin's connection. */
export interface Endpoint {
  kind: ConnectionKind;
  apiKey?: string;
  baseUrl?: string;
  /** Discovered (or configured) model names, for openai-compatible and ollama. */
  models: readonly string[];
}

export const providerOfKind = (kind: ConnectionKind): Exclude<LlmProvider, 'local'> => (kind === 'anthropic' ? 'claude' : kind);

/**
 * The Vercel AI SDK model of one endpoint; keys stay inside. The providers call Node's own fetch (undici:
 * keep-alive, no per-origin connection cap), so calls to one provider reuse their connections.
 */
export function endpointModel(endpoint: Endpoint, modelId: string): LanguageModel {
  switch (endpoint.kind) {
    case 'openai':
      return createOpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseUrl }).chat(modelId);
    case 'qwen':
      // DashScope speaks the OpenAI chat-completions protocol at its compatible-mode endpoint.
      return createOpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseUrl, name: 'qwen' }).chat(modelId);
    case 'openai-compatible':
      // Ollama's /v1 and LM Studio ignore the key; vLLM may require one.
      return createOpenAI({ apiKey: endpoint.apiKey ?? 'none', baseURL: endpoint.baseUrl, name: 'openai-compatible' }).chat(modelId);
    case 'anthropic':
      return createAnthropic({ apiKey: endpoint.apiKey, baseURL: endpoint.baseUrl })(modelId);
    case 'ollama':
      // Ollama's own protocol (/api/chat, NDJSON stream); a key, when set, for a proxy in front of it.
      return createOllama({
        baseURL: `${endpoint.baseUrl ?? 'http://127.0.0.1:11434'}/api`,
        headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : undefined,
      })(modelId);
  }
}

/** The endpoints set by environment variables (they keep working beside the admin page's connections). */
export function envEndpoints(config: Config): Endpoint[] {
  const out: Endpoint[] = [];
  if (config.OPENAI_API_KEY) out.push({ kind: 'openai', apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL, models: [] });
  if (config.ANTHROPIC_API_KEY) out.push({ kind: 'anthropic', apiKey: config.ANTHROPIC_API_KEY, baseUrl: config.ANTHROPIC_BASE_URL, models: [] });
  if (config.QWEN_API_KEY) out.push({ kind: 'qwen', apiKey: config.QWEN_API_KEY, baseUrl: config.QWEN_BASE_URL, models: [] });
  if (config.OPENAI_COMPATIBLE_BASE_URL && config.OPENAI_COMPATIBLE_MODELS.length > 0) {
    out.push({ kind: 'openai-compatible', apiKey: config.OPENAI_COMPATIBLE_API_KEY, baseUrl: config.OPENAI_COMPATIBLE_BASE_URL, models: config.OPENAI_COMPATIBLE_MODELS });
  }
  return out;
}

/** What this server can reach right now: the offline assistant, env providers and admins' connections. */
export interface LlmSetup {
  configured(provider: LlmProvider): boolean;
  /** Every model this server knows: the catalogue plus the self-hosted models. */
  models(): ModelInfo[];
  /** The entry of a request's provider/model, or a clear 422. */
  resolve(provider: string, model: string): ModelInfo;
  languageModel(model: ModelInfo): LanguageModel;
}

/**
 * Builds the setup from endpoints in order of precedence: for OpenAI, Anthropic and Qwen the first endpoint
 * of the kind serves the catalogue's models (connections come first, so an admin's key wins over the env
 * one); a self-hosted model is served by the first endpoint that lists it.
 */
export function buildLlmSetup(endpoints: Endpoint[]): LlmSetup {
  const byProvider = new Map<LlmProvider, Endpoint>();
  const selfHosted = new Map<string, { info: ModelInfo; endpoint: Endpoint }>();
  for (const e of endpoints) {
    const provider = providerOfKind(e.kind);
    if (e.kind === 'openai-compatible' || e.kind === 'ollama') {
      for (const id of e.models) {
        const key = `${provider}\u0000${id}`;
        if (!selfHosted.has(key)) selfHosted.set(key, { info: compatibleModel(id, e.kind), endpoint: e });
      }
      if (e.models.length > 0 && !byProvider.has(provider)) byProvider.set(provider, e);
    } else if (!byProvider.has(provider)) {
      byProvider.set(provider, e);
    }
  }
  const built = new Map<string, LanguageModel>();
  const configured = (provider: LlmProvider) => provider === 'local' || byProvider.has(provider);
  const models = () => [...MODEL_CATALOGUE, ...[...selfHosted.values()].map((s) => s.info)];
  return {
    configured,
    models,
    resolve(provider, model) {
      if (!(LLM_PROVIDERS as readonly string[]).includes(provider)) {
        throw new HttpError(422, 'UNKNOWN_PROVIDER', `Unknown provider "${provider.slice(0, 40)}"`);
      }
      const info =
        provider === 'openai-compatible' || provider === 'ollama'
          ? selfHosted.get(`${provider}\u0000${model}`)?.info
          : MODEL_CATALOGUE.find((m) => m.provider === provider && m.id === model);
      if (!info) throw new HttpError(422, 'UNKNOWN_MODEL', `Unknown model "${model.slice(0, 100)}" for provider ${provider}`);
      if (!configured(info.provider)) {
        throw new HttpError(422, 'PROVIDER_NOT_CONFIGURED', `The ${provider} provider is not configured on this server. Choose another model in the Models tab.`);
      }
      return info;
    },
    languageModel(model) {
      const key = `${model.provider}\u0000${model.id}`;
      const cached = built.get(key);
      if (cached) return cached;
      const endpoint = selfHosted.get(key)?.endpoint ?? byProvider.get(model.provider);
      if (!endpoint) throw new HttpError(500, 'INTERNAL', 'The offline assistant is not a language model');
      const lm = endpointModel(endpoint, model.apiModel ?? model.id);
      built.set(key, lm);
      return lm;
    },
  };
}
