import { modeForLocation, type ModeId } from '@yumi/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useModes } from './store';

/**
 * Usage stats per mode (count, lastUsed, totalTime): entering a mode's route counts an opening; time is
 * added while the mode is on screen and the tab is visible.
 */
export function useModeUsageTracker() {
  const { pathname, search } = useLocation();
  const mode = modeForLocation(pathname, search);
  useEffect(() => {
    if (!mode) return;
    const { recordOpen, addTime } = useModes.getState();
    recordOpen(mode);
    let since: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    const flush = (current: ModeId) => {
      if (since !== null) addTime(current, performance.now() - since);
      since = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(mode);
      else since = performance.now();
    };
    const onHide = () => flush(mode);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      flush(mode);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
    };
  }, [mode]);
}
