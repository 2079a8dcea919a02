import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { ySyncAnnotation } from 'y-codemirror.next';
import { nextDraft } from './draft';
import { draftField, suggestionFilter } from './suggestMarks';

/** An editor state in suggestion mode over `text`, with helpers that type as a user would. */
function editor(text: string, fits = () => true) {
  let state = EditorState.create({ doc: text, extensions: [draftField, suggestionFilter(fits)] });
  const edit = (from: number, to: number, insert: string, userEvent = insert ? 'input.type' : 'delete.backward') => {
    state = state.update({ changes: { from, to, insert }, userEvent }).state;
  };
  const cursor = () => state.selection.main.head;
  /** Someone else's edit, as y-codemirror dispatches it. */
  const remote = (from: number, insert: string) => {
    state = state.update({ changes: { from, insert }, annotations: ySyncAnnotation.of({} as never) }).state;
  };
  return {
    remote,
    type: (s: string) => [...s].forEach((ch) => edit(cursor(), cursor(), ch)),
    backspace: () => edit(cursor() - 1, cursor(), ''),
    del: () => edit(cursor(), cursor() + 1, '', 'delete.forward'),
    select: (from: number, to: number) => (state = state.update({ selection: { anchor: from, head: to } }).state),
    replaceSelection: (s: string) => edit(state.selection.main.from, state.selection.main.to, s),
    draft: () => state.field(draftField),
    text: () => state.doc.toString(),
    cursor,
  };
}

describe('suggestion mode drafts', () => {
  it('typing never changes the text: it grows one suggestion at the cursor', () => {
    const e = editor('The cat sat.');
    e.select(7, 7);
    e.type(' quietly');
    expect(e.text()).toBe('The cat sat.');
    expect(e.draft()).toMatchObject({ from: 7, to: 7, insert: ' quietly' });
    expect(e.cursor()).toBe(7);
  });

  it('Backspace takes back what I proposed, then strikes the text to the left', () => {
    const e = editor('The cat sat.');
    e.select(7, 7);
    e.type('s!');
    e.backspace();
    expect(e.draft()).toMatchObject({ from: 7, to: 7, insert: 's' });
    e.backspace();
    e.backspace();
    e.backspace();
    expect(e.draft()).toMatchObject({ from: 5, to: 7, insert: '' });
    expect(e.text()).toBe('The cat sat.');
    expect(e.cursor()).toBe(7);
  });

  it('a replaced selection is struck and the typed text follows it; Delete strikes to the right', () => {
    const e = editor('The cat sat.');
    e.select(4, 7);
    e.replaceSelection('d');
    e.type('og');
    expect(e.draft()).toMatchObject({ from: 4, to: 7, insert: 'dog' });
    const f = editor('abc def');
    f.select(3, 3);
    f.del();
    f.del();
    expect(f.draft()).toMatchObject({ from: 3, to: 5, insert: '' });
  });

  it('an edit elsewhere starts a new suggestion', () => {
    const e = editor('one two three');
    e.select(3, 3);
    e.type('!');
    const first = e.draft()!;
    e.select(13, 13);
    e.type('?');
    expect(e.draft()!.key).not.toBe(first.key);
    expect(e.draft()).toMatchObject({ from: 13, to: 13, insert: '?' });
  });

  it('the others’ edits move my draft with its text', () => {
    const e = editor('one two');
    e.select(7, 7);
    e.type('!');
    e.remote(0, '>> ');
    expect(e.text()).toBe('>> one two');
    expect(e.draft()).toMatchObject({ from: 10, to: 10, insert: '!' });
  });

  it('a keystroke past the bound is refused and the draft stays', () => {
    const e = editor('abc', () => false);
    e.select(3, 3);
    e.type('x');
    expect(e.draft()).toBeNull();
    expect(e.text()).toBe('abc');
  });

  it('nextDraft: an emptied draft keeps its key, so its thread is deleted rather than left behind', () => {
    const d = nextDraft(null, { from: 2, to: 2, insert: 'x' });
    expect(nextDraft(d, { from: 1, to: 2, insert: '' })).toMatchObject({ key: d.key, from: 2, to: 2, insert: '' });
  });
});
