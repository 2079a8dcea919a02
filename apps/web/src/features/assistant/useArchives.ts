import { aiApi, type ArchiveSummary, type ChatArchive } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { deleteLocalArchive, getLocalArchive, listLocalArchives } from './archiveDb';

export const ARCHIVES_KEY = ['ai', 'archives'] as const;

export interface ArchiveListItem extends ArchiveSummary {
  onDevice: boolean;
  onServer: boolean;
}

/** This device's archives plus, for signed-in users, those kept on the server (other devices). */
export function useArchives() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...ARCHIVES_KEY, user?.id ?? 'anonymous'],
    queryFn: async (): Promise<ArchiveListItem[]> => {
      const local = await listLocalArchives().catch(() => [] as ChatArchive[]);
      const server = user ? (await call(aiApi.archives)).archives : [];
      const byId = new Map<string, ArchiveListItem>();
      for (const a of server) byId.set(a.id, { ...a, onDevice: false, onServer: true });
      for (const { messages: _m, ...a } of local) {
        const s = byId.get(a.id);
        byId.set(a.id, { ...a, messageCount: Math.max(a.messageCount, s?.messageCount ?? 0), onDevice: true, onServer: !!s });
      }
      return [...byId.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    },
  });

  /**
   * One conversation. Kept in both places, it opens the copy with more messages: this device's copy holds
   * every turn from the first answer given offline on (server turns included), the server's copy lacks those.
   */
  const open = async (item: ArchiveListItem): Promise<ChatArchive> => {
    const local = item.onDevice ? await getLocalArchive(item.id).catch(() => undefined) : undefined;
    if (item.onServer && user) {
      try {
        const server = await call(aiApi.archive, { params: { id: item.id } });
        return local && local.messages.length >= server.messages.length ? local : server;
      } catch (err) {
        if (!local) throw err;
      }
    }
    if (!local) throw new Error('Archive not found');
    return local;
  };

  const remove = async (item: ArchiveListItem) => {
    if (item.onDevice) await deleteLocalArchive(item.id);
    if (item.onServer && user) await call(aiApi.deleteArchive, { params: { id: item.id } });
    await client.invalidateQueries({ queryKey: ARCHIVES_KEY });
  };
  return { ...query, open, remove };
}
