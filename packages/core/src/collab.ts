import type { DocumentRole } from './sharing';

/**
 * Live co-editing over /api/collab (issue 32), the contract the server and the web app share: the Yjs
 * document is named by the document's id, its text lives in one Y.Text, and the server closes with a code
 * the web app turns into a message in the user's language (a close frame's reason has no language).
 */
export const COLLAB_PATH = '/api/collab';
export const COLLAB_TEXT_FIELD = 'content';

export const COLLAB_CLOSE = {
  signedOut: { code: 4401, reason: 'signed-out' },
  noAccess: { code: 4404, reason: 'no-access' },
  accessRemoved: { code: 4403, reason: 'access-removed' },
  tooLarge: { code: 4413, reason: 'too-large' },
  tooFast: { code: 4429, reason: 'too-fast' },
  tooManyConnections: { code: 4430, reason: 'too-many-connections' },
  malformed: { code: 4400, reason: 'malformed' },
} as const;
export type CollabCloseReason = (typeof COLLAB_CLOSE)[keyof typeof COLLAB_CLOSE]['reason'];

/**
 * A stateless message from the server: the connection's role changed (lowered to read-only, or raised), or
 * the document's comment threads changed (the editor reloads them).
 */
export type CollabNotice = { type: 'role'; role: DocumentRole } | { type: 'comments' };

/**
 * The smallest single edit that turns `current` into `next` (their common start and end kept), so cursors and
 * comments anchored in the unchanged parts stay where they are; null when they already match. Never splits a
 * surrogate pair (an emoji, a rare CJK character).
 */
export function minimalEdit(current: string, next: string): { from: number; to: number; insert: string } | null {
  if (current === next) return null;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < shorter - start && current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end++;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  return { from: start, to: current.length - end, insert: next.slice(start, next.length - end) };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
