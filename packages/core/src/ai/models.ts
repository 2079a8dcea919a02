/**
 * The model catalogue (first document §9 model list). Free models draw on a daily token allowance
 * per user (or IP) per provider; paid models cost timeshards per 1,000 tokens (input plus output).
 * Prices assume 100,000 timeshards per USD (second document §9 packages) with a margin.
 */
export const LLM_PROVIDERS = ['local', 'openai', 'claude', 'qwen', 'openai-compatible', 'ollama'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

export const MODEL_STRENGTHS = ['speed', 'reasoning', 'creativity', 'vision', 'longContext', 'multilingual', 'lowCost', 'offline', 'privacy'] as const;
export type ModelStrength = (typeof MODEL_STRENGTHS)[number];
export const MODEL_USES = ['chat', 'writing', 'reports', 'brainstorming', 'translation', 'imageUnderstanding', 'editing', 'help'] as const;
export type ModelUse = (typeof MODEL_USES)[number];

export interface ModelInfo {
  /** The id the client sends as `context.model`. */
  id: string;
  provider: LlmProvider;
  name: string;
  type: 'free' | 'paid';
  description: string;
  strengths: ModelStrength[];
  recommendedUses: ModelUse[];
  /** Timeshards per 1,000 tokens (paid models). */
  pricePer1kTokens: number | null;
  /** Tokens per day per user or IP (free models); null = not metered (self-hosted). */
  dailyFreeTokens: number | null;
  /** Context window in tokens; history is trimmed to fit. */
  contextTokens: number;
  /** Largest answer we ask for. */
  maxOutputTokens: number;
  /** The provider's own model name, when it differs from `id`. */
  apiModel?: string;
}

const model = (m: ModelInfo) => m;

export const MODEL_CATALOGUE: ModelInfo[] = [
  model({
    id: 'yumi-local', provider: 'local', name: 'Yumi Offline', type: 'free',
    description: 'The built-in offline assistant: answers questions about Yumi Studio from its help guide and rewrites text in four tones. It cannot write new text.',
    strengths: ['offline', 'privacy', 'speed'], recommendedUses: ['help', 'editing'],
    pricePer1kTokens: null, dailyFreeTokens: null, contextTokens: 4_000, maxOutputTokens: 1_000,
  }),
  model({
    id: 'qwen-turbo', provider: 'qwen', name: 'Qwen Turbo', type: 'free',
    description: 'Fast, capable everyday model. The recommended place to start.',
    strengths: ['speed', 'multilingual', 'lowCost'], recommendedUses: ['chat', 'writing', 'brainstorming'],
    pricePer1kTokens: null, dailyFreeTokens: 50_000, contextTokens: 128_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'qwen-plus', provider: 'qwen', name: 'Qwen Plus', type: 'paid',
    description: 'Balanced quality and speed for longer writing.',
    strengths: ['multilingual', 'creativity', 'longContext'], recommendedUses: ['writing', 'reports', 'translation'],
    pricePer1kTokens: 120, dailyFreeTokens: null, contextTokens: 128_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'qwen-max', provider: 'qwen', name: 'Qwen Max', type: 'paid',
    description: 'The strongest Qwen model for complex reasoning.',
    strengths: ['reasoning', 'multilingual'], recommendedUses: ['reports', 'writing'],
    pricePer1kTokens: 600, dailyFreeTokens: null, contextTokens: 32_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'qwen-vl-plus', provider: 'qwen', name: 'Qwen VL Plus', type: 'paid',
    description: 'Vision-language model that understands images and text.',
    strengths: ['vision', 'multilingual'], recommendedUses: ['imageUnderstanding', 'chat'],
    pricePer1kTokens: 200, dailyFreeTokens: null, contextTokens: 8_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'qwen-vl-max', provider: 'qwen', name: 'Qwen VL Max', type: 'paid',
    description: 'The most capable Qwen vision-language model.',
    strengths: ['vision', 'reasoning'], recommendedUses: ['imageUnderstanding', 'reports'],
    pricePer1kTokens: 800, dailyFreeTokens: null, contextTokens: 8_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'gpt-4o-mini', provider: 'openai', name: 'GPT-4o mini', type: 'free',
    description: 'Small, quick OpenAI model for everyday chat.',
    strengths: ['speed', 'lowCost', 'multilingual'], recommendedUses: ['chat', 'editing', 'brainstorming'],
    pricePer1kTokens: null, dailyFreeTokens: 20_000, contextTokens: 128_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'gpt-3.5-turbo', provider: 'openai', name: 'GPT-3.5 Turbo', type: 'paid',
    description: 'The classic fast OpenAI chat model.',
    strengths: ['speed', 'lowCost'], recommendedUses: ['chat', 'editing'],
    pricePer1kTokens: 150, dailyFreeTokens: null, contextTokens: 16_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'gpt-4o', provider: 'openai', name: 'GPT-4o', type: 'paid',
    description: 'OpenAI flagship multimodal model: strong writing and reasoning.',
    strengths: ['reasoning', 'creativity', 'vision'], recommendedUses: ['writing', 'reports', 'imageUnderstanding'],
    pricePer1kTokens: 800, dailyFreeTokens: null, contextTokens: 128_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'gpt-4-turbo', provider: 'openai', name: 'GPT-4 Turbo', type: 'paid',
    description: 'GPT-4 quality with a long context window.',
    strengths: ['reasoning', 'longContext'], recommendedUses: ['reports', 'writing'],
    pricePer1kTokens: 2_000, dailyFreeTokens: null, contextTokens: 128_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'gpt-4', provider: 'openai', name: 'GPT-4', type: 'paid',
    description: 'The original GPT-4: careful, thorough answers.',
    strengths: ['reasoning'], recommendedUses: ['reports'],
    pricePer1kTokens: 6_000, dailyFreeTokens: null, contextTokens: 8_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'claude-3-haiku', provider: 'claude', name: 'Claude 3 Haiku', type: 'free', apiModel: 'claude-3-haiku-20240307',
    description: 'Anthropic’s fastest model, light and responsive.',
    strengths: ['speed', 'lowCost'], recommendedUses: ['chat', 'editing'],
    pricePer1kTokens: null, dailyFreeTokens: 20_000, contextTokens: 200_000, maxOutputTokens: 2_000,
  }),
  model({
    id: 'claude-3-sonnet', provider: 'claude', name: 'Claude 3 Sonnet', type: 'paid', apiModel: 'claude-3-sonnet-20240229',
    description: 'Balanced Claude 3 model for steady writing help.',
    strengths: ['creativity', 'longContext'], recommendedUses: ['writing', 'chat'],
    pricePer1kTokens: 1_200, dailyFreeTokens: null, contextTokens: 200_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'claude-3-5-sonnet', provider: 'claude', name: 'Claude 3.5 Sonnet', type: 'paid', apiModel: 'claude-3-5-sonnet-latest',
    description: 'Sharp, nuanced writer and editor.',
    strengths: ['creativity', 'reasoning', 'longContext'], recommendedUses: ['writing', 'editing', 'reports'],
    pricePer1kTokens: 1_200, dailyFreeTokens: null, contextTokens: 200_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'claude-3-opus', provider: 'claude', name: 'Claude 3 Opus', type: 'paid', apiModel: 'claude-3-opus-20240229',
    description: 'Claude 3’s most capable model for deep work.',
    strengths: ['reasoning', 'creativity'], recommendedUses: ['reports', 'writing'],
    pricePer1kTokens: 5_000, dailyFreeTokens: null, contextTokens: 200_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'claude-sonnet-4', provider: 'claude', name: 'Claude Sonnet 4', type: 'paid', apiModel: 'claude-sonnet-4-20250514',
    description: 'Modern Claude for long, careful writing and analysis.',
    strengths: ['reasoning', 'creativity', 'longContext'], recommendedUses: ['writing', 'reports', 'editing'],
    pricePer1kTokens: 1_200, dailyFreeTokens: null, contextTokens: 200_000, maxOutputTokens: 4_000,
  }),
  model({
    id: 'claude-opus-4', provider: 'claude', name: 'Claude Opus 4', type: 'paid', apiModel: 'claude-opus-4-20250514',
    description: 'Anthropic’s most capable model for the hardest tasks.',
    strengths: ['reasoning', 'creativity', 'longContext'], recommendedUses: ['reports', 'writing'],
    pricePer1kTokens: 6_000, dailyFreeTokens: null, contextTokens: 200_000, maxOutputTokens: 4_000,
  }),
];

/** The spec's App-state default (first document §3): provider qwen, model qwen-turbo. */
export const DEFAULT_MODEL = { provider: 'qwen' as LlmProvider, model: 'qwen-turbo' };
/** What works with no key and no internet. */
export const OFFLINE_MODEL = { provider: 'local' as LlmProvider, model: 'yumi-local' };

/** A self-hosted model: on an OpenAI-compatible server (OPENAI_COMPATIBLE_MODELS or a connection) or on Ollama. */
export function compatibleModel(id: string, provider: 'openai-compatible' | 'ollama' = 'openai-compatible'): ModelInfo {
  return {
    id, provider, name: id, type: 'free',
    description: provider === 'ollama' ? 'A model on this server’s own Ollama.' : 'A model on this server’s own OpenAI-compatible endpoint (Ollama, vLLM, LM Studio).',
    strengths: ['privacy'], recommendedUses: ['chat', 'writing'],
    pricePer1kTokens: null, dailyFreeTokens: null, contextTokens: 8_000, maxOutputTokens: 2_000,
  };
}

export function findModel(provider: string, id: string, compatibleIds: readonly string[] = []): ModelInfo | undefined {
  if (provider === 'openai-compatible') return compatibleIds.includes(id) ? compatibleModel(id) : undefined;
  return MODEL_CATALOGUE.find((m) => m.provider === provider && m.id === id);
}

/** Cost of `tokens` tokens on a paid model, rounded up to whole timeshards. */
export function priceOf(model: Pick<ModelInfo, 'pricePer1kTokens'>, tokens: number): number {
  if (!model.pricePer1kTokens || tokens <= 0) return 0;
  return Math.ceil((tokens * model.pricePer1kTokens) / 1000);
}
