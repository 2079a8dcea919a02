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

/** A stateless message from the server: the connection's role changed (lowered to read-only, or raised). */
export type CollabNotice = { type: 'role'; role: DocumentRole };
