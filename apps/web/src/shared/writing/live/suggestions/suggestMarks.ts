import { EditorSelection, EditorState, StateEffect, StateField, type Extension, type Transaction } from '@codemirror/state';
import { Decoration, EditorView, WidgetType } from '@codemirror/view';
import { ySyncAnnotation } from 'y-codemirror.next';
import { nextDraft, type Edit, type SuggestDraft } from './draft';

/** An open suggestion where it is in the text now: [from, to) struck through, `insert` after it, in its author's colour. */
export interface SuggestionRange {
  id: string;
  from: number;
  to: number;
  insert: string;
  color: string;
  active: boolean;
}

/** Replaces the shown suggestions (the threads were loaded or changed). */
export const setSuggestionRanges = StateEffect.define<SuggestionRange[]>();
/** Sets or clears my draft (suggestion mode was left, or the draft was sent as a new suggestion). */
export const setDraft = StateEffect.define<SuggestDraft | null>();

/**
 * The proposed text. Its colour is deliberately not a field named `color`: y-codemirror.next's caret widget
 * reuses the DOM of any widget whose `color` matches its own, so the author's caret would be drawn in its place.
 */
class InsertWidget extends WidgetType {
  constructor(
    readonly text: string,
    readonly tint: string,
    readonly id: string,
  ) {
    super();
  }
  override eq(other: InsertWidget) {
    return other.text === this.text && other.tint === this.tint && other.id === this.id;
  }
  toDOM() {
    const span = document.createElement('span');
    span.className = 'cm-suggest-ins';
    span.style.setProperty('--suggest', this.tint);
    span.dataset.suggestion = this.id;
    span.textContent = this.text;
    return span;
  }
  override ignoreEvent() {
    return false;
  }
}

const decorations = (r: SuggestionRange, side: number) => {
  const attributes = { style: `--suggest:${r.color}`, 'data-suggestion': r.id };
  const active = r.active ? ' cm-suggest-active' : '';
  return [
    ...(r.to > r.from ? [Decoration.mark({ class: `cm-suggest-del${active}`, attributes }).range(r.from, r.to)] : []),
    ...(r.insert ? [Decoration.widget({ widget: new InsertWidget(r.insert, r.color, r.id), side }).range(r.to)] : []),
  ];
};

/** The others' (and my sent) suggestions; between loads they move with every change, like comment highlights. */
const rangesField = StateField.define<SuggestionRange[]>({
  create: () => [],
  update(ranges, tr) {
    for (const effect of tr.effects) if (effect.is(setSuggestionRanges)) return effect.value;
    if (!tr.docChanged) return ranges;
    return ranges.map((r) => {
      const from = tr.changes.mapPos(r.from, 1);
      return { ...r, from, to: Math.max(from, tr.changes.mapPos(r.to, -1)) };
    });
  },
});

/** My draft, mapped through the others' edits while I type. */
export const draftField = StateField.define<SuggestDraft | null>({
  create: () => null,
  update(draft, tr) {
    for (const effect of tr.effects) if (effect.is(setDraft)) return effect.value;
    if (!draft || !tr.docChanged) return draft;
    const from = tr.changes.mapPos(draft.from, 1);
    return { ...draft, from, to: Math.max(from, tr.changes.mapPos(draft.to, -1)) };
  },
});

/** Everything drawn: the shown suggestions (but the one my draft is revising) and my draft in my colour. */
function drawn(me: { color(): string; draftId(key: number): string | undefined }) {
  return EditorView.decorations.compute([rangesField, draftField], (state) => {
    const draft = state.field(draftField);
    const revising = draft ? me.draftId(draft.key) : undefined;
    const length = state.doc.length;
    const shown = state
      .field(rangesField)
      .filter((r) => r.id !== revising)
      .map((r) => ({ ...r, from: Math.min(r.from, length), to: Math.min(r.to, length) }))
      .flatMap((r) => decorations(r, 1));
    // Side -1: the proposed text is drawn before my cursor, which stays at the draft's end.
    const mine = draft ? decorations({ id: revising ?? '', ...draft, color: me.color(), active: true }, -1) : [];
    return Decoration.set([...shown, ...mine], true);
  });
}

/** The edit a transaction would make, as one replacement (several changes are joined into the span they cover). */
function editOf(tr: Transaction): Edit | null {
  let edit: { from: number; to: number; fromB: number; toB: number } | null = null;
  tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => {
    edit = edit ? { ...edit, to: toA, toB } : { from: fromA, to: toA, fromB, toB };
  });
  const e = edit as { from: number; to: number; fromB: number; toB: number } | null;
  return e ? { from: e.from, to: e.to, insert: tr.newDoc.sliceString(e.fromB, e.toB) } : null;
}

/**
 * Suggestion mode: my edits never reach the text (a commenter's would be refused by the server anyway);
 * each becomes part of my draft instead. The others' edits (and Yjs undo) come with ySyncAnnotation and pass.
 */
export function suggestionFilter(limit: (draft: SuggestDraft, doc: EditorState['doc']) => boolean): Extension {
  return EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.annotation(ySyncAnnotation)) return tr;
    const edit = editOf(tr);
    if (!edit) return tr;
    const draft = nextDraft(tr.startState.field(draftField), edit);
    if (!limit(draft, tr.startState.doc)) return [];
    return [{ effects: setDraft.of(draft), selection: EditorSelection.cursor(draft.to), scrollIntoView: true }];
  });
}

/** The suggestions drawn inline, and a click on one opens its thread. */
export function suggestionMarks(me: { color(): string; draftId(key: number): string | undefined }, onOpen: (id: string) => void): Extension {
  return [
    rangesField,
    draftField,
    drawn(me),
    EditorView.domEventHandlers({
      click(event) {
        const id = (event.target as HTMLElement | null)?.closest<HTMLElement>('[data-suggestion]')?.dataset.suggestion;
        if (id) onOpen(id);
        return false;
      },
    }),
  ];
}
