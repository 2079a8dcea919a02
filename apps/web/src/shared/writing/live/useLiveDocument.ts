import { roleAllows } from '@yumi/core';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import type { DocumentAutosave } from '../useDocumentAutosave';
import { useLiveText } from './useLiveText';

/**
 * The open document's live session when it is shared (issue 32), or null; and whether I may type in it (my
 * role as the server last announced it while the document is open, else as the document was opened with).
 */
export function useLiveDocument(docs: DocumentAutosave) {
  const { user } = useCurrentUser();
  const live = useLiveText(docs.collaborative ? (docs.doc?.id ?? null) : null, user ? { id: user.id, name: user.username } : null);
  const readOnly = live?.role ? !roleAllows(live.role, 'editor') : docs.readOnly;
  return { live, readOnly: readOnly || live?.status === 'closed' };
}
