import { aiApi, type ArchiveSummary, type ChatArchive } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { deleteLocalArchive, getLocalArchive, listLocalArchives, type StoredArchive } from './archiveDb';
import { syncArchive } from './archiveSync';
import { ARCHIVES_KEY } from './useArchiveSync';

export interface ArchiveListItem extends ArchiveSummary {
  onDevice: boolean;
  onServer: boolean;
  /** This device holds turns the server has not got yet. */
  pending: boolean;
  /** Why the server refused them, in the user's language. */
  refused?: string;
}

/** This device's archives plus, for signed-in users, those kept on the server (other devices). */
export function useArchives() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...ARCHIVES_KEY, user?.id ?? 'anonymous'],
    queryFn: async (): Promise<ArchiveListItem[]> => {
      const local = await listLocalArchives().catch(() => [] as StoredArchive[]);
      // Offline, this device's copies are listed alone.
      const server = user
        ? await call(aiApi.archives).then(
            (r) => r.archives,
            (err: unknown) => {
              if (err instanceof ApiError && err.type === 'NETWORK' && local.length > 0) return [];
              throw err;
            },
          )
        : [];
      const byId = new Map<string, ArchiveListItem>();
      for (const a of server) byId.set(a.id, { ...a, onDevice: false, onServer: true, pending: false });
      for (const { messages: _m, pending, refused, ...a } of local) {
        const s = byId.get(a.id);
        const waiting = !!user && !!pending;
        byId.set(a.id, { ...a, messageCount: Math.max(a.messageCount, s?.messageCount ?? 0), onDevice: true, onServer: !!s, pending: waiting, refused: waiting ? refused : undefined });
      }
      return [...byId.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    },
  });

  /**
   * One conversation. Signed in, the copies on this device and on the server are merged first (each may have
   * turns the other lacks: answered offline here, asked online elsewhere), and both keep the result; without
   * the server, this device's copy. A chat of signed-out use kept here stays here.
   */
  const open = async (item: ArchiveListItem): Promise<ChatArchive> => {
    let found: StoredArchive | undefined;
    if (user && (item.onServer || item.pending)) {
      try {
        found = await syncArchive(item.id);
        if (found && item.onDevice) void client.invalidateQueries({ queryKey: ARCHIVES_KEY });
      } catch (err) {
        if (!item.onDevice) throw err;
      }
    }
    found ??= await getLocalArchive(item.id).catch(() => undefined);
    if (!found) throw new Error('Archive not found');
    const { pending: _pending, refused: _refused, ...archive } = found;
    return archive;
  };

  const remove = async (item: ArchiveListItem) => {
    if (item.onDevice) await deleteLocalArchive(item.id);
    if (item.onServer && user) await call(aiApi.deleteArchive, { params: { id: item.id } });
    await client.invalidateQueries({ queryKey: ARCHIVES_KEY });
  };
  return { ...query, open, remove };
}
