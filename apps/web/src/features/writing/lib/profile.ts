import type { CreativeControlSettings, HistoryKind, YumiPersonality } from '@yumi/core';
import { documentsApi, recordHistory, recordPersonality } from '@yumi/core';
import { useCallback } from 'react';
import { call } from '../../../shared/api/client';
import { useServerProfile } from '../../../shared/writing/useServerProfile';
import { useWritingStore } from '../store';

/**
 * Creative control settings and writing history: on the server per user when signed in,
 * in this browser otherwise. Updates apply immediately (optimistic) and then persist.
 */
export function useWritingProfile() {
  const { user, profile, update, replace } = useServerProfile('writing');
  const local = useWritingStore();
  const controlSettings = profile?.controlSettings ?? local.localControl;
  const userHistory = profile?.userHistory ?? local.localHistory;

  const setControl = useCallback(
    (next: CreativeControlSettings) => {
      if (!user) return local.setLocalControl(next);
      update((p) => ({ ...p, controlSettings: next }), { controlSettings: next });
    },
    [local, update, user],
  );

  const remember = useCallback(
    (kind: HistoryKind, value: string) => {
      if (!value.trim()) return;
      if (!user) return local.addLocalHistory(kind, value);
      update((p) => ({ ...p, userHistory: recordHistory(p.userHistory, kind, value) }));
      void call(documentsApi.recordHistory, { params: { mode: 'writing' }, body: { kind, value: value.slice(0, 80) } })
        .then(replace)
        .catch(() => undefined);
    },
    [local, replace, update, user],
  );

  const setPersonality = useCallback(
    (p: YumiPersonality) => {
      if (!user) return local.setLocalPersonality(p);
      const history = recordPersonality(userHistory, p);
      update((old) => ({ ...old, userHistory: history }), { userHistory: history });
    },
    [local, update, user, userHistory],
  );

  return { controlSettings, userHistory, setControl, remember, setPersonality };
}
