import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { compatibleModel, findModel, LLM_PROVIDERS, MODEL_CATALOGUE, type LlmProvider, type ModelInfo } from '@yumi/core';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { httpFetch } from './http-fetch';

/** Whether this server can reach a provider: `local` always, the others once their key or URL is set. */
export function isProviderConfigured(config: Config, provider: LlmProvider): boolean {
  switch (provider) {
    case 'local':
      return true;
    case 'openai':
      return !!config.OPENAI_API_KEY;
    case 'claude':
      return !!config.ANTHROPIC_API_KEY;
    case 'qwen':
      return !!config.QWEN_API_KEY;
    case 'openai-compatible':
      return !!config.OPENAI_COMPATIBLE_BASE_URL && config.OPENAI_COMPATIBLE_MODELS.length > 0;
  }
}

/** Every model this server knows: the catalogue plus the self-hosted models named in config. */
export function allModels(config: Config): ModelInfo[] {
  return [...MODEL_CATALOGUE, ...config.OPENAI_COMPATIBLE_MODELS.map(compatibleModel)];
}

/** The catalogue entry of a request's provider/model, or a clear 422. */
export function resolveModel(config: Config, provider: string, model: string): ModelInfo {
  if (!(LLM_PROVIDERS as readonly string[]).includes(provider)) {
    throw new HttpError(422, 'UNKNOWN_PROVIDER', `Unknown provider "${provider.slice(0, 40)}"`);
  }
  const info = findModel(provider, model, config.OPENAI_COMPATIBLE_MODELS);
  if (!info) throw new HttpError(422, 'UNKNOWN_MODEL', `Unknown model "${model.slice(0, 100)}" for provider ${provider}`);
  if (!isProviderConfigured(config, info.provider)) {
    throw new HttpError(422, 'PROVIDER_NOT_CONFIGURED', `The ${provider} provider is not configured on this server. Choose another model in the Models tab.`);
  }
  return info;
}

/** A model of the provider specification (what `streamText` drives, used directly for speed). */
export type SpecModel = ReturnType<ReturnType<typeof createOpenAI>['chat']>;
type Factory = (modelId: string) => SpecModel;
const factories = new WeakMap<Config, Map<LlmProvider, Factory>>();

/** Builds (once per config) the Vercel AI SDK provider for a configured provider. Keys stay inside. */
function factoryFor(config: Config, provider: LlmProvider): Factory {
  let byProvider = factories.get(config);
  if (!byProvider) factories.set(config, (byProvider = new Map()));
  const cached = byProvider.get(provider);
  if (cached) return cached;
  let factory: Factory;
  switch (provider) {
    case 'openai': {
      const p = createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, fetch: httpFetch });
      factory = (id) => p.chat(id);
      break;
    }
    case 'qwen': {
      // DashScope speaks the OpenAI chat-completions protocol at its compatible-mode endpoint.
      const p = createOpenAI({ apiKey: config.QWEN_API_KEY, baseURL: config.QWEN_BASE_URL, name: 'qwen', fetch: httpFetch });
      factory = (id) => p.chat(id);
      break;
    }
    case 'openai-compatible': {
      // Ollama and LM Studio ignore the key; vLLM may require one.
      const p = createOpenAI({
        apiKey: config.OPENAI_COMPATIBLE_API_KEY ?? 'none',
        baseURL: config.OPENAI_COMPATIBLE_BASE_URL,
        name: 'openai-compatible',
        fetch: httpFetch,
      });
      factory = (id) => p.chat(id);
      break;
    }
    case 'claude': {
      const p = createAnthropic({ apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL, fetch: httpFetch });
      factory = (id) => p(id);
      break;
    }
    case 'local':
      throw new HttpError(500, 'INTERNAL', 'The offline assistant is not a language model');
  }
  byProvider.set(provider, factory);
  return factory;
}

export function languageModelFor(config: Config, model: ModelInfo): SpecModel {
  return factoryFor(config, model.provider)(model.apiModel ?? model.id);
}
