import { MAX_QUOTE_CHARS, type CommentAnchor } from '@yumi/core';
import * as Y from 'yjs';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * A comment's anchor on text[from, to): two Yjs relative positions, which follow their characters through
 * everyone's edits (an index would drift the moment someone types above the comment). The start sticks to
 * the first commented character, the end to the character after the last, so typing at either edge stays
 * outside the comment. A suggestion keeps its whole quote (up to MAX_SUGGESTION_CHARS): accepting compares it.
 */
export function makeAnchor(text: Y.Text, from: number, to: number, maxQuote = MAX_QUOTE_CHARS): { anchor: CommentAnchor; quote: string } {
  const start = Y.createRelativePositionFromTypeIndex(text, from, 0);
  const end = Y.createRelativePositionFromTypeIndex(text, to, -1);
  return {
    anchor: { start: toBase64(Y.encodeRelativePosition(start)), end: toBase64(Y.encodeRelativePosition(end)) },
    quote: text.toString().slice(from, to).slice(0, maxQuote),
  };
}

/** Where an anchor is in the text now; an empty range once its text was deleted, null if it cannot be read here yet. */
export function resolveAnchor(doc: Y.Doc, anchor: CommentAnchor): { from: number; to: number } | null {
  try {
    const from = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(fromBase64(anchor.start)), doc);
    const to = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(fromBase64(anchor.end)), doc);
    if (!from || !to) return null;
    return { from: from.index, to: Math.max(from.index, to.index) };
  } catch {
    return null;
  }
}
