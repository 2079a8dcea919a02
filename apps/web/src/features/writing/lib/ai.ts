import { DEFAULT_MODEL, DEFAULT_PERSONA, isPersonaKey, MODEL_REQUIRED_MESSAGE, type ChatContext, type LlmProvider } from '@yumi/core';
import { ApiError } from '../../../shared/api/client';

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

/**
 * Chat-based tools (continuation, collaboration, rubric) need a real model: the offline assistant would
 * answer with help text instead, so they refuse up front with the same MODEL_REQUIRED the server uses.
 */
export function assertModel(ctx: AiContext): void {
  if (ctx.provider === 'local') throw Object.assign(new Error(MODEL_REQUIRED_MESSAGE), { code: 'MODEL_REQUIRED' });
}

export function isModelRequired(err: unknown): boolean {
  return err instanceof ApiError ? err.code === 'MODEL_REQUIRED' : (err as { code?: string })?.code === 'MODEL_REQUIRED';
}
