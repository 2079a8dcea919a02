import type { DocumentKind } from './documentSource';

/** The document being edited: its text and the version the edits are based on. */
export interface Working {
  id: string;
  title: string;
  content: string;
  version: number;
}

/** Local storage key of the document last open in a helper mode, per source (server or this browser). */
export const currentKey = (source: string, kind: DocumentKind) => `writing.current.${source}.${kind}`;
/** A synchronous copy of unsaved edits, written on every change, so a reload or crash between saves loses nothing. */
const backupKey = (id: string) => `writing.unsaved.${id}`;

export function readBackup(id: string): { title: string; content: string; baseVersion: number } | null {
  try {
    const raw = localStorage.getItem(backupKey(id));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
export function writeBackup(w: Working) {
  try {
    localStorage.setItem(backupKey(w.id), JSON.stringify({ title: w.title, content: w.content, baseVersion: w.version }));
  } catch {
    // Quota full (a huge document): the debounced save still runs.
  }
}
export const clearBackup = (id: string) => {
  try {
    localStorage.removeItem(backupKey(id));
  } catch {
    /* storage unavailable */
  }
};

