/**
 * What I am typing in suggestion mode, before and while it is sent: replace doc[from, to) (struck through)
 * with `insert` (shown after it). The document itself never changes; my cursor stays at `to`, after the
 * struck text and the proposed text, so typing on grows the same suggestion.
 */
export interface SuggestDraft {
  /** Local identity: a new key is a new suggestion (the sync gives each key its thread). */
  key: number;
  from: number;
  to: number;
  insert: string;
}

/** One edit of the document as the editor would have made it: doc[from, to) becomes `insert`. */
export interface Edit {
  from: number;
  to: number;
  insert: string;
}

let lastKey = 0;
const newKey = () => (lastKey += 1);

export const isEmptyDraft = (d: SuggestDraft) => d.from === d.to && d.insert === '';

/**
 * The draft after an edit I made in suggestion mode. Typing at the cursor extends the proposed text;
 * Backspace takes back what I proposed, then strikes one more character to the left; Delete strikes to the
 * right; any other edit (elsewhere, or over a selection) starts a new suggestion and leaves the last one as
 * it was sent.
 */
export function nextDraft(d: SuggestDraft | null, e: Edit): SuggestDraft {
  const deleted = e.to - e.from;
  if (d && e.from === e.to && e.from === d.to) return { ...d, insert: d.insert + e.insert };
  if (d && e.insert === '' && e.to === d.to && deleted > 0) {
    if (d.insert) return { ...d, insert: [...d.insert].slice(0, -1).join('') };
    return { ...d, from: e.from < d.from ? e.from : Math.max(0, d.from - deleted) };
  }
  if (d && e.insert === '' && e.from === d.to && d.insert === '') return { ...d, to: e.to };
  return { key: newKey(), ...e };
}
