import type { GeneratedImage, GenerationSettingsInput } from '@yumi/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../network/connectivity';
import { GenerationError, generateOnce, withGenerationRetry, type GenerationProgress } from './generation';
import { useRefreshAfterGeneration } from './hooks';

export type GenerationPhase = 'idle' | 'generating' | 'done';

/** The translated text of a generation error (spec §8 texts in English). */
function useGenerationErrorText() {
  const { t } = useTranslation('image');
  return useCallback(
    (err: GenerationError): string => {
      switch (err.type) {
        case 'TRIALS_EXHAUSTED':
          return t('errors.trialsExhausted');
        case 'BILLING_ERROR':
          return err.code === 'PREMIUM_REQUIRED' ? t('errors.premiumRequired') : t('errors.billing');
        case 'API_ERROR':
          return t('errors.unavailable');
        case 'VALIDATION':
          if (err.code === 'EMPTY_PROMPT') return t('errors.emptyPrompt');
          if (err.code === 'PAYLOAD_TOO_LARGE' || err.code === 'IMAGE_TOO_LARGE') return t('errors.tooLarge');
          if (err.code === 'UNSUPPORTED_MEDIA_TYPE') return t('errors.notAnImage');
          return err.userMessage ?? t('errors.unexpected');
        default:
          return t('errors.unexpected');
      }
    },
    [t],
  );
}

/** A generator that works without the server (Anime's procedural renderer in the browser). */
export type OfflineGenerator = (prompt: string, settings: GenerationSettingsInput, onProgress: (p: GenerationProgress) => void, signal: AbortSignal) => Promise<GeneratedImage[]>;

/**
 * Idle, then generating (progress, inputs disabled), then images; service errors retried twice, 2 s apart.
 * Offline, `offline` draws instead of the server when given.
 */
export function useGeneration(offline?: OfflineGenerator) {
  const { t } = useTranslation('image');
  const errorText = useGenerationErrorText();
  const refresh = useRefreshAfterGeneration();
  const [phase, setPhase] = useState<GenerationPhase>('idle');
  const [progress, setProgress] = useState<GenerationProgress | null>(null);
  const [results, setResults] = useState<GeneratedImage[]>([]);
  const [error, setError] = useState<{ text: string; type: GenerationError['type'] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const generate = useCallback(
    async (prompt: string, settings: GenerationSettingsInput): Promise<GeneratedImage[] | null> => {
      setError(null);
      setNotice(null);
      if (!prompt.trim()) {
        setError({ text: t('errors.emptyPrompt'), type: 'VALIDATION' });
        return null;
      }
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setPhase('generating');
      setProgress(null);
      try {
        const images =
          offline && !isOnline()
            ? await offline(prompt.trim(), settings, setProgress, controller.signal).catch(() => {
                throw new GenerationError('OTHER', null);
              })
            : await withGenerationRetry(() => generateOnce(prompt.trim(), settings, setProgress, controller.signal), {
                onRetry: () => setNotice(t('errors.retrying')),
              });
        setNotice(null);
        setResults(images);
        setPhase('done');
        return images;
      } catch (err) {
        if (controller.signal.aborted) return null;
        const e = err as GenerationError;
        setNotice(null);
        setError({ text: errorText(e), type: e.type });
        setPhase(results.length ? 'done' : 'idle');
        return null;
      } finally {
        refresh();
      }
    },
    [t, errorText, refresh, results.length, offline],
  );

  const dismiss = useCallback(() => setPhase('idle'), []);
  return { phase, progress, results, error, notice, generate, dismiss, clearError: () => setError(null) };
}
