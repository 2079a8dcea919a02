import { defaultControlSettings, recordPersonality, type CreativeControlSettings, type WritingProfile, type YumiPersonality } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';

const key = (userId: string) => ['writing', 'profile', userId, 'report'];
const LOCAL_KEY = 'report.control';

function readLocal(): CreativeControlSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? 'null');
    return raw && typeof raw === 'object' ? { ...defaultControlSettings('report'), ...raw } : defaultControlSettings('report');
  } catch {
    return defaultControlSettings('report');
  }
}

/**
 * The Report Helper's creative control settings in its own per-mode 'report' state (level balanced,
 * teacher, all on by default): on the server per user when signed in, in this browser otherwise.
 */
export function useReportProfile() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const [local, setLocal] = useState<CreativeControlSettings>(readLocal);
  const query = useQuery({
    queryKey: key(user?.id ?? 'anon'),
    queryFn: () => api.get<WritingProfile>('/api/documents/profile/report'),
    enabled: !!user,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (body: Partial<Pick<WritingProfile, 'controlSettings' | 'userHistory'>>) => api.put<WritingProfile>('/api/documents/profile/report', body, { retries: 1 }),
    onSuccess: (p) => user && client.setQueryData(key(user.id), p),
  });
  const controlSettings = (user ? query.data?.controlSettings : undefined) ?? local;

  const setControl = useCallback(
    (next: CreativeControlSettings) => {
      if (!user) {
        setLocal(next);
        localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
        return;
      }
      client.setQueryData<WritingProfile>(key(user.id), (p) => (p ? { ...p, controlSettings: next } : p));
      save.mutate({ controlSettings: next });
    },
    [client, save, user],
  );
  // Changing personality records it as lastUsedPersonality (first document §4); the panel's onChange
  // already saved the setting itself.
  const setPersonality = useCallback(
    (p: YumiPersonality) => {
      if (!user || !query.data) return;
      const history = recordPersonality(query.data.userHistory, p);
      client.setQueryData<WritingProfile>(key(user.id), (old) => (old ? { ...old, userHistory: history } : old));
      save.mutate({ userHistory: history });
    },
    [client, query.data, save, user],
  );
  return { controlSettings, setControl, setPersonality };
}
