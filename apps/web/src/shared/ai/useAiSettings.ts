import { DEFAULT_MODEL, DEFAULT_PERSONA, isPersonaKey, LLM_PROVIDERS, type LlmProvider, type PersonaKey } from '@yumi/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface AiSettings {
  provider: LlmProvider;
  model: string;
  personality: PersonaKey;
  setModel(provider: LlmProvider, model: string): void;
  setPersonality(personality: PersonaKey): void;
}

/**
 * The user's chosen provider, model and personality (shared contract): persisted in local storage and
 * sent with every chat and edit call, so the model picked in the Models tab is the one used.
 */
export const useAiSettings = create<AiSettings>()(
  persist(
    (set) => ({
      provider: DEFAULT_MODEL.provider,
      model: DEFAULT_MODEL.model,
      personality: DEFAULT_PERSONA,
      setModel: (provider, model) => set({ provider, model }),
      setPersonality: (personality) => set({ personality }),
    }),
    {
      name: 'yumi-ai-settings',
      version: 1,
      // A tampered or outdated entry falls back to the defaults field by field.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<AiSettings>;
        return {
          ...current,
          provider: p.provider && (LLM_PROVIDERS as readonly string[]).includes(p.provider) ? p.provider : current.provider,
          model: typeof p.model === 'string' && p.model.length <= 100 ? p.model : current.model,
          personality: p.personality && isPersonaKey(p.personality) ? p.personality : current.personality,
        };
      },
    },
  ),
);
