import type { EditorApi } from '../context';

/**
 * Inserts streamed text at a fixed position: each delta lands right after the previous one,
 * so the user sees the text grow in place. Answers the insertion's final range.
 */
export function streamInto(editor: EditorApi, position: number) {
  const text = editor.getText();
  const before = text.slice(0, position);
  // A space (or nothing after a newline) between the existing text and the continuation.
  let prefix = before && !/\s$/.test(before) ? ' ' : '';
  let end = position;
  return {
    push(delta: string) {
      const piece = prefix + delta;
      prefix = '';
      if (!editor.replaceRange(end, end, piece)) throw new Error('The document is full.');
      end += piece.length;
    },
    get end() {
      return end;
    },
  };
}
