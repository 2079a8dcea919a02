import type * as Y from 'yjs';

/**
 * Makes a Y.Text read `next` with the smallest single edit (common start and end kept), so cursors and
 * comments anchored in the unchanged parts stay where they are. Nothing happens when the text already matches.
 */
export function replaceText(ytext: Y.Text, next: string): void {
  const current = ytext.toString();
  if (current === next) return;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  // Never between the two halves of a surrogate pair (an emoji, a rare CJK character).
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < shorter - start && current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end++;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  ytext.doc!.transact(() => {
    ytext.delete(start, current.length - start - end);
    ytext.insert(start, next.slice(start, next.length - end));
  });
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
