import { defaultKeymap, indentWithTab } from '@codemirror/commands';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExt } from '@codemirror/view';
import { MAX_DOCUMENT_CHARS, MAX_SUGGESTION_CHARS, minimalEdit } from '@yumi/core';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { toast } from '../../ui/toast';
import { makeAnchor } from './comments/anchors';
import { commentMarks, setCommentRanges, threadRange, type CommentRange } from './comments/commentMarks';
import { isEmptyDraft, type SuggestDraft } from './suggestions/draft';
import { draftField, setDraft, setSuggestionRanges, suggestionFilter, suggestionMarks, type SuggestionRange } from './suggestions/suggestMarks';
import type { SuggestionSync } from './suggestions/sync';
import type { LiveText } from './useLiveText';
import './live.css';

/** What tools do with the editor (the Writing Helper's EditorApi): every change goes into the shared text. */
export interface LiveEditorApi {
  getText(): string;
  getSelection(): { start: number; end: number };
  selectedText(): string;
  setText(text: string): boolean;
  replaceRange(start: number, end: number, text: string): boolean;
  insertAtCursor(text: string): boolean;
  focus(): void;
}

/** What the comments do with the editor besides: select a thread's text, and find where it is now. */
export interface LiveEditorHandle extends LiveEditorApi {
  /** Selects a range and scrolls it into view (a comment's text). */
  select(from: number, to: number): void;
  /** Where a comment's highlight is now, or null when its text is gone. */
  commentRange(threadId: string): { from: number; to: number } | null;
}

interface Props {
  live: LiveText;
  readOnly: boolean;
  label: string;
  placeholder: string;
  className?: string;
  onText(text: string): void;
  onSelectionChange?(s: { start: number; end: number }): void;
  /** The comment threads' ranges to highlight (resolved against the shared text when the threads load). */
  commentRanges?: CommentRange[];
  /** A highlighted comment was clicked. */
  onOpenThread?(threadId: string): void;
  /** Ctrl/⌘+Alt+M: comment on the selection. */
  onAddComment?(): void;
  /** Suggestion mode: my edits become suggestions (sent through `sync`) instead of changing the text. */
  suggesting?: boolean;
  suggestions?: { sync: SuggestionSync; color: string; ranges: SuggestionRange[] };
}

/**
 * The editor of a shared document (issue 32): CodeMirror bound to the document's Y.Text (y-codemirror.next),
 * with everyone's cursor and selection in their colour and name, and Yjs undo that undoes only my own edits.
 */
export const LiveEditor = forwardRef<LiveEditorHandle, Props>(function LiveEditor(
  { live, readOnly, label, placeholder, className, onText, onSelectionChange, commentRanges, onOpenThread, onAddComment, suggesting = false, suggestions },
  ref,
) {
  const { t } = useTranslation('writing');
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const suggestMode = useRef(new Compartment());
  const callbacks = useRef({ onText, onSelectionChange, onOpenThread, onAddComment, suggestions });
  callbacks.current = { onText, onSelectionChange, onOpenThread, onAddComment, suggestions };
  /** A draft may replace and propose at most MAX_SUGGESTION_CHARS each; past that the keystroke is refused. */
  const suggestionFits = (d: SuggestDraft) => {
    if (d.to - d.from <= MAX_SUGGESTION_CHARS && d.insert.length <= MAX_SUGGESTION_CHARS) return true;
    toast('error', t('suggestions.tooLarge', { max: MAX_SUGGESTION_CHARS.toLocaleString() }));
    return false;
  };
  const modeExtension = (on: boolean) => (on ? suggestionFilter(suggestionFits) : []);
  /** My draft as it changed: sent (after a pause) as a new suggestion, a revision, or a deletion when emptied. */
  const draftChanged = (draft: SuggestDraft | null) => {
    const sync = callbacks.current.suggestions?.sync;
    if (!sync) return;
    if (!draft) return void sync.flush();
    const { anchor, quote } = makeAnchor(live.text, draft.from, draft.to, MAX_SUGGESTION_CHARS);
    sync.changed(draft.key, isEmptyDraft(draft) ? null : { anchor, quote, insert: draft.insert });
  };

  useEffect(() => {
    const undoManager = new Y.UndoManager(live.text);
    const tooLarge = () => toast('error', t('editor.tooLarge', { max: MAX_DOCUMENT_CHARS.toLocaleString() }));
    const state = EditorState.create({
      doc: live.text.toString(),
      extensions: [
        keymap.of([
          { key: 'Mod-Alt-m', run: () => (callbacks.current.onAddComment?.(), true) },
          ...yUndoManagerKeymap,
          ...defaultKeymap,
          indentWithTab,
        ]),
        commentMarks((id) => callbacks.current.onOpenThread?.(id)),
        suggestionMarks(
          { color: () => callbacks.current.suggestions?.color ?? 'currentColor', draftId: (key) => callbacks.current.suggestions?.sync.draftId(key) },
          (id) => callbacks.current.onOpenThread?.(id),
        ),
        suggestMode.current.of(modeExtension(suggesting)),
        EditorView.lineWrapping,
        placeholderExt(placeholder),
        EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', spellcheck: 'true', 'data-testid': 'live-editor' }),
        // A typed or pasted change that would pass the document cap is refused here, before it reaches the others.
        EditorState.changeFilter.of((tr) => {
          if (tr.newDoc.length <= MAX_DOCUMENT_CHARS || tr.newDoc.length <= tr.startState.doc.length) return true;
          tooLarge();
          return false;
        }),
        editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        yCollab(live.text, live.provider.awareness, { undoManager }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) callbacks.current.onText(u.state.doc.toString());
          const draft = u.state.field(draftField);
          if (draft !== u.startState.field(draftField)) draftChanged(draft);
          if (u.selectionSet) {
            const { from, to } = u.state.selection.main;
            callbacks.current.onSelectionChange?.({ start: from, end: to });
          }
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current! });
    view.current = v;
    callbacks.current.onText(live.text.toString());
    return () => {
      void callbacks.current.suggestions?.sync.flush();
      v.destroy();
      undoManager.destroy();
      view.current = null;
    };
    // The view is built once per live document; the read-only switch below reconfigures it in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.text, live.provider]);

  // Ranges come resolved against the Yjs document, which is in step with the editor outside its updates.
  useEffect(() => {
    view.current?.dispatch({ effects: setCommentRanges.of(commentRanges ?? []) });
  }, [commentRanges, live.text]);

  // My draft goes once its suggestion is decided or deleted by someone else (its text is in the document, or not).
  const ranges = suggestions?.ranges;
  useEffect(() => {
    const v = view.current;
    if (!v || !ranges) return;
    const draft = v.state.field(draftField);
    const id = draft && suggestions?.sync.draftId(draft.key);
    const gone = id && !ranges.some((r) => r.id === id);
    v.dispatch({ effects: [setSuggestionRanges.of(ranges), ...(gone ? [setDraft.of(null)] : [])] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ranges, live.text]);

  // Leaving suggestion mode sends the draft as it is and stops drawing it (the sent one shows from the server).
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ effects: [suggestMode.current.reconfigure(modeExtension(suggesting)), ...(suggesting ? [] : [setDraft.of(null)])] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggesting]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]) });
  }, [readOnly]);

  const apply = (from: number, to: number, insert: string): boolean => {
    const v = view.current;
    if (!v || readOnly) return false;
    const before = v.state.doc.length;
    if (before - (to - from) + insert.length > MAX_DOCUMENT_CHARS) {
      toast('error', t('editor.tooLarge', { max: MAX_DOCUMENT_CHARS.toLocaleString() }));
      return false;
    }
    v.dispatch({ changes: { from, to, insert }, selection: EditorSelection.cursor(from + insert.length), scrollIntoView: true });
    return true;
  };

  useImperativeHandle(ref, () => ({
    getText: () => view.current?.state.doc.toString() ?? '',
    getSelection: () => {
      const main = view.current?.state.selection.main;
      return { start: main?.from ?? 0, end: main?.to ?? 0 };
    },
    selectedText: () => {
      const s = view.current?.state;
      return s ? s.sliceDoc(s.selection.main.from, s.selection.main.to) : '';
    },
    setText: (text) => {
      const current = view.current?.state.doc.toString() ?? '';
      const edit = minimalEdit(current, text);
      return edit ? apply(edit.from, edit.to, edit.insert) : true;
    },
    replaceRange: (start, end, text) => apply(start, end, text),
    insertAtCursor: (text) => {
      const main = view.current?.state.selection.main;
      return apply(main?.from ?? 0, main?.to ?? 0, text);
    },
    focus: () => view.current?.focus(),
    select: (from, to) => {
      const v = view.current;
      if (!v) return;
      const length = v.state.doc.length;
      v.dispatch({ selection: EditorSelection.range(Math.min(from, length), Math.min(to, length)), scrollIntoView: true });
      v.focus();
    },
    commentRange: (threadId) => (view.current ? threadRange(view.current, threadId) : null),
  }));

  return <div ref={host} className={`live-editor ${className ?? ''}`} data-readonly={readOnly || undefined} />;
});
