import type { Character, CreateCharacterInput, UpdateCharacterInput, VersionDetail, VersionInput } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export const CHARACTERS_KEY = ['anime', 'characters'] as const;
const base = '/api/anime-helper/characters';
/** Saves send layer images: allow a slow upload. */
const SAVE_TIMEOUT = 120_000;

export const charactersApi = {
  list: () => api.get<Character[]>(base, { quiet: true }),
  create: (body: CreateCharacterInput) => api.post<Character>(base, body, { timeoutMs: SAVE_TIMEOUT }),
  update: (id: string, body: UpdateCharacterInput) => api.patch<Character>(`${base}/${id}`, body),
  remove: (id: string) => api.delete<void>(`${base}/${id}`, { retries: 0 }),
  duplicate: (id: string) => api.post<Character>(`${base}/${id}/duplicate`),
  addVersion: (id: string, body: VersionInput) => api.post<Character>(`${base}/${id}/versions`, body, { timeoutMs: SAVE_TIMEOUT }),
  version: (id: string, versionId: string) => api.get<VersionDetail>(`${base}/${id}/versions/${versionId}`, { timeoutMs: SAVE_TIMEOUT }),
  removeVersion: (id: string, versionId: string) => api.delete<Character>(`${base}/${id}/versions/${versionId}`, { retries: 0 }),
};

export function useCharacters(enabled: boolean) {
  return useQuery({ queryKey: CHARACTERS_KEY, queryFn: charactersApi.list, enabled, retry: false });
}

/** Puts a changed character into the cached list (so panels update without a refetch). */
export function useStoreCharacter() {
  const qc = useQueryClient();
  return (c: Character) =>
    qc.setQueryData<Character[]>(CHARACTERS_KEY, (list) => {
      const rest = (list ?? []).filter((x) => x.id !== c.id);
      return [c, ...rest];
    });
}
