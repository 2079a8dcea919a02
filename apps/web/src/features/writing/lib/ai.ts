import { DEFAULT_MODEL, DEFAULT_PERSONA, isPersonaKey, type ChatContext, type LlmProvider } from '@yumi/core';

/**
 * The Writing Helper's model calls go through the assistant's shared client (POST /api/chat with SSE,
 * POST /api/edit). With only the offline provider the server answers 422 MODEL_REQUIRED.
 */
export { editText, streamChat } from '../../../shared/ai';

export type AiContext = ChatContext;

export function aiContext(settings: { provider?: string; model?: string } | null, personality: string): AiContext {
  return {
    provider: (settings?.provider as LlmProvider) ?? DEFAULT_MODEL.provider,
    model: settings?.model ?? DEFAULT_MODEL.model,
    personality: isPersonaKey(personality) ? personality : DEFAULT_PERSONA,
    mode: 'writing-helper',
  };
}

export { assertModel } from '../../../shared/ai';

