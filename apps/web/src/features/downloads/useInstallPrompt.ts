import { useSyncExternalStore } from 'react';
import { canPromptInstall, isStandalone, onInstallPromptChange, promptInstall } from '../../shared/modes/serviceWorker';

/** The browser's install prompt for the web app: available, already installed, and the action. */
export function useInstallPrompt() {
  const available = useSyncExternalStore(onInstallPromptChange, canPromptInstall);
  return { available, installed: isStandalone(), install: promptInstall };
}
