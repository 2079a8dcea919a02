import { useQuery, useQueryClient } from '@tanstack/react-query';
import { characters, type LocalCharacter } from '../../shared/offline/characters';

export const CHARACTERS_KEY = ['anime', 'characters'] as const;

/** The character library: the server, or this device's copy offline (changes sent when the network returns). */
export const charactersApi = characters;

export function useCharacters(enabled: boolean) {
  return useQuery({ queryKey: CHARACTERS_KEY, queryFn: charactersApi.list, enabled, retry: false });
}

/** Puts a changed character into the cached list (so panels update without a refetch). */
export function useStoreCharacter() {
  const qc = useQueryClient();
  return (c: LocalCharacter) =>
    qc.setQueryData<LocalCharacter[]>(CHARACTERS_KEY, (list) => {
      const rest = (list ?? []).filter((x) => x.id !== c.id);
      return [c, ...rest];
    });
}
