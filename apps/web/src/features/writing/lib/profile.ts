import type { CreativeControlSettings, HistoryKind, UserHistory, WritingProfile, YumiPersonality } from '@yumi/core';
import { recordHistory, recordPersonality } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../shared/api/client';
import { useCurrentUser } from '../../../shared/hooks/useCurrentUser';
import { useWritingStore } from '../store';

const key = (userId: string) => ['writing', 'profile', userId, 'writing'];

/**
 * Creative control settings and writing history: on the server per user when signed in,
 * in this browser otherwise. Updates apply immediately (optimistic) and then persist.
 */
export function useWritingProfile() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const local = useWritingStore();
  const query = useQuery({
    queryKey: key(user?.id ?? 'anon'),
    queryFn: () => api.get<WritingProfile>('/api/documents/profile/writing'),
    enabled: !!user,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (body: { controlSettings?: CreativeControlSettings; userHistory?: UserHistory }) =>
      api.put<WritingProfile>('/api/documents/profile/writing', body, { retries: 1 }),
    onSuccess: (p) => user && client.setQueryData(key(user.id), p),
  });
  const remote = user ? query.data : undefined;
  const controlSettings = remote?.controlSettings ?? local.localControl;
  const userHistory = remote?.userHistory ?? local.localHistory;

  const setControl = useCallback(
    (next: CreativeControlSettings) => {
      if (!user) return local.setLocalControl(next);
      client.setQueryData<WritingProfile>(key(user.id), (p) => (p ? { ...p, controlSettings: next } : p));
      save.mutate({ controlSettings: next });
    },
    [client, local, save, user],
  );

  const remember = useCallback(
    (kind: HistoryKind, value: string) => {
      if (!value.trim()) return;
      if (!user) return local.addLocalHistory(kind, value);
      client.setQueryData<WritingProfile>(key(user.id), (p) => (p ? { ...p, userHistory: recordHistory(p.userHistory, kind, value) } : p));
      void api
        .post<WritingProfile>('/api/documents/profile/writing/history', { kind, value: value.slice(0, 80) })
        .then((p) => client.setQueryData(key(user.id), p))
        .catch(() => undefined);
    },
    [client, local, user],
  );

  const setPersonality = useCallback(
    (p: YumiPersonality) => {
      if (!user) return local.setLocalPersonality(p);
      const history = recordPersonality(userHistory, p);
      client.setQueryData<WritingProfile>(key(user.id), (old) => (old ? { ...old, userHistory: history } : old));
      save.mutate({ userHistory: history });
    },
    [client, local, save, user, userHistory],
  );

  return { controlSettings, userHistory, setControl, remember, setPersonality };
}
