import { useAiSettings, useReconcileModel } from '../../../shared/ai';

/** The provider, model and personality chosen in the assistant's Models and Personality tabs. */
export function useAiSettingsOrDefault(): { provider: string; model: string; personality: string } {
  // A stored model this server cannot serve is swapped for the server's default.
  useReconcileModel();
  const { provider, model, personality } = useAiSettings();
  return { provider, model, personality };
}
