import type { AssistantMode } from '@yumi/core';
import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Screens switched by state rather than by route (the report screen lives under /writing) declare
 * their assistant mode here; everything else is taken from the route.
 */
export const useDeclaredAssistantMode = create<{ mode: AssistantMode | null }>(() => ({ mode: null }));

export function useDeclareAssistantMode(mode: AssistantMode): void {
  useEffect(() => {
    useDeclaredAssistantMode.setState({ mode });
    return () => {
      if (useDeclaredAssistantMode.getState().mode === mode) useDeclaredAssistantMode.setState({ mode: null });
    };
  }, [mode]);
}

/** The assistant's mode for a route (first document §2 routes). */
export function modeForPath(pathname: string): AssistantMode {
  if (/^\/(writing|writing-helper)(\/|$)/.test(pathname)) return 'writing-helper';
  if (/^\/report(-helper)?(\/|$)/.test(pathname)) return 'report-helper';
  if (/^\/anime-chara(\/|$)/.test(pathname)) return 'anime-chara-helper';
  return 'main';
}
