import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onEachReconnect } from '../../shared/network/connectivity';
import { listLocalArchives } from './archiveDb';
import { useAssistant } from './store';

export const ARCHIVES_KEY = ['ai', 'archives'] as const;

/**
 * For a signed-in user, sends the conversations answered offline on this device to the server whenever the
 * page opens online or the network returns; the open conversation then shows the turns added elsewhere too.
 */
export function useArchiveSync(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const send = async () => {
      // The sync code (and the contract it calls with) loads only when this device holds turns to send.
      if (!(await listLocalArchives().catch(() => [])).some((a) => a.pending)) return;
      await import('./archiveSync')
        .then(async (m) => {
          const merged = await m.sendPendingArchives();
          if (merged.length === 0) return;
          merged.forEach((a) => useAssistant.getState().showMerged(a));
          await client.invalidateQueries({ queryKey: ARCHIVES_KEY });
        })
        .catch(() => undefined);
    };
    return onEachReconnect(() => void send());
  }, [userId, client]);
}
