import { aiApi, ARCHIVE_MERGE_MAX_TURNS, mergeTurns, turnsMissingFrom, type ChatArchive, type ChatContext } from '@yumi/core';
import { ApiError, call, retryLater } from '../../shared/api/client';
import { getLocalArchive, keepLocalArchive, listLocalArchives, noteRefusal, type StoredArchive } from './archiveDb';

/** The chat context a device's copy was kept with, as the server takes it to create the conversation. */
const contextOf = (a: StoredArchive) => ({ provider: a.provider, model: a.model, mode: a.mode, personality: a.personality }) as ChatContext;

/**
 * Brings together the two copies of a signed-in user's conversation: this device's (answered offline here)
 * and the server's (continued online, maybe in another browser meanwhile). The server gets the turns it
 * lacks, in batches, and merges them into its copy (mergeTurns); this device keeps the merged result. Answers
 * the conversation with every turn of both, once, in time order; undefined when neither side has it. Throws
 * when the server cannot be reached (the caller may fall back to this device's copy).
 */
export async function syncArchive(id: string): Promise<StoredArchive | undefined> {
  const local = await getLocalArchive(id).catch(() => undefined);
  let server: ChatArchive | undefined;
  try {
    server = await call(aiApi.archive, { params: { id } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  if (!local) return server;
  const missing = turnsMissingFrom(server?.messages ?? [], mergeTurns(server?.messages ?? [], local.messages));
  for (let i = 0; i < missing.length; i += ARCHIVE_MERGE_MAX_TURNS) {
    const messages = missing.slice(i, i + ARCHIVE_MERGE_MAX_TURNS).map(({ id, role, content, timestamp }) => ({ id, role, content, timestamp }));
    try {
      server = await call(aiApi.mergeArchive, { params: { id }, body: { context: contextOf(local), messages } });
    } catch (err) {
      // Refused for good (the account's conversation cap, a conversation too long): the copy stays here with why.
      if (err instanceof ApiError && !retryLater(err)) await noteRefusal(id, err.message).catch(() => undefined);
      throw err;
    }
  }
  // Private browsing can refuse IndexedDB: the merged conversation is still shown.
  return keepLocalArchive(server ?? local, { device: !server }).catch(() => ({ ...local, ...server, messages: mergeTurns(server?.messages ?? [], local.messages) }));
}

let sending: Promise<ChatArchive[]> | null = null;
/**
 * Sends every conversation this device holds turns of that the server lacks (answered here offline), when
 * the network returns or a signed-in page opens; answers the merged conversations. Stops when the server
 * cannot be reached (the rest wait for the next time); a conversation it refuses stays here, still pending.
 */
export function sendPendingArchives(): Promise<ChatArchive[]> {
  sending ??= (async () => {
    const merged: ChatArchive[] = [];
    const pending = (await listLocalArchives().catch(() => [])).filter((a) => a.pending);
    for (const archive of pending) {
      try {
        const result = await syncArchive(archive.id);
        if (result) merged.push(result);
      } catch (err) {
        if (retryLater(err)) break;
      }
    }
    return merged;
  })().finally(() => (sending = null));
  return sending;
}
