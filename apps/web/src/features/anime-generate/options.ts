import { DEFAULT_GENERATION_OPTIONS, type PostProcessing } from '@yumi/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The generation options of the customisation panel (spec §3, defaults from §9), kept across visits. */
export interface GenerateOptions {
  iterations: number;
  useCustomModel: boolean;
  postProcessing: PostProcessing;
  set(patch: Partial<Omit<GenerateOptions, 'set' | 'setPost' | 'reset'>>): void;
  setPost(patch: Partial<PostProcessing>): void;
  reset(): void;
}

const defaults = () => ({
  iterations: DEFAULT_GENERATION_OPTIONS.iterations,
  useCustomModel: DEFAULT_GENERATION_OPTIONS.useCustomModel,
  postProcessing: structuredClone(DEFAULT_GENERATION_OPTIONS.postProcessing) as PostProcessing,
});

export const useGenerateOptions = create<GenerateOptions>()(
  persist(
    (set, get) => ({
      ...defaults(),
      set: (patch) => set(patch),
      setPost: (patch) => set({ postProcessing: { ...get().postProcessing, ...patch } }),
      reset: () => set(defaults()),
    }),
    { name: 'anime-generate.options', version: 1 },
  ),
);
