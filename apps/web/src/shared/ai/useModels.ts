import { endpointRef, type aiApi } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client';
import { useAiSettings } from './useAiSettings';

// The shell loads no zod: the call names its endpoint by reference (checked against the contract).
const MODELS = endpointRef<typeof aiApi.models>('GET', '/api/models');

export const MODELS_KEY = ['ai', 'models'] as const;

/** The catalogue with availability on this server (GET /api/models). */
export function useModels() {
  return useQuery({ queryKey: MODELS_KEY, queryFn: () => call(MODELS), staleTime: 10 * 60_000 });
}

/**
 * Keeps the chosen model usable: when the stored choice is not served here (no key for that provider),
 * the server's default is taken instead, so a chat never fails for a model the user cannot pick.
 */
export function useReconcileModel() {
  const { data } = useModels();
  const { provider, model, setModel } = useAiSettings();
  useEffect(() => {
    if (!data) return;
    const chosen = data.models.find((m) => m.provider === provider && m.id === model);
    if (!chosen?.available) setModel(data.defaultModel.provider, data.defaultModel.model);
  }, [data, provider, model, setModel]);
}
