import { defaultControlSettings, recordPersonality, type CreativeControlSettings, type YumiPersonality } from '@yumi/core';
import { useCallback, useState } from 'react';
import { useServerProfile } from '../../shared/writing/useServerProfile';

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
  const { user, profile, update } = useServerProfile('report');
  const [local, setLocal] = useState<CreativeControlSettings>(readLocal);
  const controlSettings = profile?.controlSettings ?? local;

  const setControl = useCallback(
    (next: CreativeControlSettings) => {
      if (!user) {
        setLocal(next);
        localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
        return;
      }
      update((p) => ({ ...p, controlSettings: next }), { controlSettings: next });
    },
    [update, user],
  );
  // Changing personality records it as lastUsedPersonality (first document §4); the panel's onChange
  // already saved the setting itself.
  const setPersonality = useCallback(
    (p: YumiPersonality) => {
      if (!profile) return;
      const history = recordPersonality(profile.userHistory, p);
      update((old) => ({ ...old, userHistory: history }), { userHistory: history });
    },
    [profile, update],
  );
  return { controlSettings, setControl, setPersonality };
}
