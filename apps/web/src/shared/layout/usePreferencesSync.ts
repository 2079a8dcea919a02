import { endpointRef, type appApi } from '@yumi/core';
import { useEffect } from 'react';
import { call } from '../api/client';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useLayoutStore } from './store';

// The shell loads no zod: its calls name their endpoints by reference (checked against the contract).
const PREFERENCES = endpointRef<typeof appApi.preferences>('GET', '/api/me/preferences');
const SAVE_PREFERENCES = endpointRef<typeof appApi.savePreferences>('PUT', '/api/me/preferences');

const PUSH_DELAY_MS = 800;

/**
 * Signed-in users keep their layout on the server: on sign-in the server's copy (if any) replaces the
 * local one, otherwise the local one is uploaded; afterwards every change is pushed (debounced).
 */
export function usePreferencesSync() {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ready = false;
    const push = () => {
      void call(SAVE_PREFERENCES, { body: useLayoutStore.getState().preferences() }, { quiet: true }).catch(() => {
        // Offline or over the cap: the local copy stays; the next change tries again.
      });
    };
    call(PREFERENCES, {}, { quiet: true })
      .then((res) => {
        if (cancelled) return;
        if (res.preferences) useLayoutStore.getState().replaceFromServer(res.preferences);
        else push();
      })
      .catch(() => undefined)
      .finally(() => (ready = true));
    const unsubscribe = useLayoutStore.subscribe((state, prev) => {
      if (!ready || state.revision === prev.revision) return;
      clearTimeout(timer);
      timer = setTimeout(push, PUSH_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [userId]);
}
