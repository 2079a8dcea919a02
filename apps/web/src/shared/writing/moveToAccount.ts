import { HELPER_MODES } from '@yumi/core';
import { clearBackup, currentKey, readBackup } from './backup';
import { localSource, serverSource } from './documentSource';

const moving = new Map<string, Promise<number>>();

/** One tab at a time moves the documents (Web Locks), so two open tabs cannot upload them twice. */
function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('yumi-move-local-documents', run) : run();
}

/**
 * Moves the documents written in this browser before signing in into the account (the documents dialog
 * promises "Sign in to keep them in your account"): each is created on the server with any unsaved edits
 * from its backup, then removed here, and the one that was open stays the open one. A failure leaves the
 * rest in this browser for the next visit. Runs once per account per page; `onMoved` hears the count.
 */
export function moveLocalDocumentsToAccount(userId: string, onMoved: (count: number) => void): Promise<number> {
  let run = moving.get(userId);
  if (!run) {
    run = exclusively(async () => {
      let moved = 0;
      for (const kind of HELPER_MODES) {
        let openLocal: string | null = null;
        try {
          openLocal = localStorage.getItem(currentKey('local', kind));
        } catch {
          /* storage unavailable */
        }
        // Oldest first, so the account's order (newest on top) matches what the user saw here.
        for (const summary of (await localSource.list(kind)).reverse()) {
          const doc = await localSource.get(summary.id);
          if (!doc) continue;
          const backup = readBackup(doc.id);
          const unsaved = backup && backup.baseVersion === doc.version ? backup : null;
          const created = await serverSource.create({ title: unsaved?.title ?? doc.title, content: unsaved?.content ?? doc.content, kind });
          await localSource.remove(doc.id);
          clearBackup(doc.id);
          if (doc.id === openLocal) {
            try {
              localStorage.setItem(currentKey('server', kind), created.id);
              localStorage.removeItem(currentKey('local', kind));
            } catch {
              /* storage unavailable */
            }
          }
          moved += 1;
        }
      }
      if (moved > 0) onMoved(moved);
      return moved;
    });
    // A failed move is tried again on the next list; what moved before the failure stays moved.
    run.catch(() => moving.delete(userId));
    moving.set(userId, run);
  }
  return run;
}
