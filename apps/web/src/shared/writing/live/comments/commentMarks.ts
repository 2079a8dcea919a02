import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';

/** A thread's range in the editor now, and whether it is the one open in the comments panel. */
export interface CommentRange {
  id: string;
  from: number;
  to: number;
  active: boolean;
}

/** Replaces the highlighted ranges (the threads were loaded or changed, or another one was opened). */
export const setCommentRanges = StateEffect.define<CommentRange[]>();

const mark = (r: CommentRange) =>
  Decoration.mark({ class: r.active ? 'cm-comment cm-comment-active' : 'cm-comment', attributes: { 'data-thread': r.id } }).range(r.from, r.to);

/**
 * The commented ranges, highlighted. Between loads they move with every change (mine and the others', which
 * y-codemirror applies as editor changes), so they never wait for the next resolve against the Yjs document.
 */
const commentField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setCommentRanges)) continue;
      const length = tr.state.doc.length;
      const ranges = effect.value
        .map((r) => ({ ...r, from: Math.min(r.from, length), to: Math.min(r.to, length) }))
        .filter((r) => r.to > r.from)
        .sort((a, b) => a.from - b.from || a.to - b.to);
      next = Decoration.set(ranges.map(mark));
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** The thread under a position, the innermost (shortest) first when comments overlap. */
function threadAt(view: EditorView, pos: number): string | null {
  let found: { id: string; size: number } | null = null;
  view.state.field(commentField).between(pos, pos, (from, to, value) => {
    const id = (value.spec.attributes as Record<string, string>)['data-thread']!;
    if (!found || to - from < found.size) found = { id, size: to - from };
  });
  return (found as { id: string } | null)?.id ?? null;
}

/** The current range of a thread's highlight, or null when its text is gone. */
export function threadRange(view: EditorView, id: string): { from: number; to: number } | null {
  let range: { from: number; to: number } | null = null;
  view.state.field(commentField).between(0, view.state.doc.length, (from, to, value) => {
    if ((value.spec.attributes as Record<string, string>)['data-thread'] === id) range = { from, to };
  });
  return range;
}

/** The comment highlights, and a click on one opens its thread. */
export function commentMarks(onOpen: (id: string) => void): Extension {
  return [
    commentField,
    EditorView.domEventHandlers({
      click(event, view) {
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        const id = pos === null ? null : threadAt(view, pos);
        if (id) onOpen(id);
        return false;
      },
    }),
  ];
}
