import { answerOffline as answerWith, type AssistantMode, type Language, type OfflineAnswer, type Persona } from '@yumi/core';
import { offlineKnowledge } from './offline';

/**
 * The offline `local` provider: the offline assistant of @yumi/core over the server's knowledge base
 * (the browser runs the same code over its own copy of the corpus when it is offline).
 */
export type { OfflineAnswer } from '@yumi/core';
export { editOffline, wordDeltas } from '@yumi/core';

export function answerOffline(message: string, persona: Persona, mode: AssistantMode, language: Language = 'en', admin = false): OfflineAnswer {
  return answerWith(message, persona, mode, language, admin, offlineKnowledge(language));
}
