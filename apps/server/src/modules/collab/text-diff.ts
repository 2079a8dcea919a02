import { minimalEdit } from '@yumi/core';
import type * as Y from 'yjs';

/** Makes a Y.Text read `next` with the smallest single edit; nothing happens when the text already matches. */
export function replaceText(ytext: Y.Text, next: string): void {
  const edit = minimalEdit(ytext.toString(), next);
  if (!edit) return;
  ytext.doc!.transact(() => {
    ytext.delete(edit.from, edit.to - edit.from);
    ytext.insert(edit.from, edit.insert);
  });
}
