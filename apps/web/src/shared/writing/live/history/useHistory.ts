import { historyApi, type DocumentVersionSummary } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';

const key = (documentId: string) => ['document-versions', documentId];

/**
 * A shared document's versions: the list (fetched each time the panel opens: versions are taken as people
 * type), one version's text on demand, and the two actions; each answers the server's version or throws its
 * error, already in the user's language.
 */
export function useHistory(documentId: string, selectedId: string | null) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key(documentId), queryFn: () => call(historyApi.list, { params: { id: documentId } }), staleTime: 0 });
  const selected = useQuery({
    queryKey: [...key(documentId), selectedId],
    queryFn: () => call(historyApi.get, { params: { id: documentId, versionId: selectedId! } }),
    enabled: selectedId !== null,
    staleTime: Infinity, // a version's text never changes
  });
  const reload = () => client.invalidateQueries({ queryKey: key(documentId), exact: true });
  return {
    versions: list.data?.versions ?? ([] as DocumentVersionSummary[]),
    loading: list.isLoading,
    error: (list.error ?? selected.error) as Error | null,
    selected: selected.data ?? null,
    name: async (name: string) => {
      const made = await call(historyApi.create, { params: { id: documentId }, body: { name } });
      await reload();
      return made;
    },
    restore: async (versionId: string) => {
      const made = await call(historyApi.restore, { params: { id: documentId, versionId } });
      await reload();
      return made;
    },
  };
}
