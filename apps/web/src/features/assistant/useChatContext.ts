import type { ChatContext } from '@yumi/core';
import { useLocation } from 'react-router';
import { modeForPath, useAiSettings, useDeclaredAssistantMode } from '../../shared/ai';

/** What every chat call sends: the chosen provider, model and personality, and the mode of this screen. */
export function useChatContext(): ChatContext {
  const { provider, model, personality } = useAiSettings();
  const declared = useDeclaredAssistantMode((s) => s.mode);
  const { pathname } = useLocation();
  return { provider, model, personality, mode: declared ?? modeForPath(pathname) };
}
