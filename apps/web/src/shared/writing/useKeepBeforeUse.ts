import { historyApi } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { toast } from '../ui/toast';
import type { DocumentAutosave } from './useDocumentAutosave';
import type { Version } from './versions';

/**
 * Generate Versions and the document history together (issue 32): before a generated version replaces the
 * text, the text as it is is kept as a named version ("Before the Alternative version"), so History can
 * compare or restore it. A document nobody shares has no History panel: the version is used as before.
 * When the history refuses (its cap, say), the version is still used and the user is told nothing was kept.
 */
export function useKeepBeforeUse(docs: DocumentAutosave) {
  const { t } = useTranslation('writing');
  return async (version: Version, use: () => void): Promise<void> => {
    const doc = docs.doc;
    // History is a shared document's (its panel is in the live editor); a document for one has undo.
    if (!docs.collaborative || !doc || docs.readOnly) return use();
    const name = t('versions.keptName', { type: t(`versions.types.${version.type}`) });
    try {
      await docs.save(); // the stored text is what the editor shows
      await call(historyApi.create, { params: { id: doc.id }, body: { name } });
      use();
      toast('success', t('versions.kept', { name }));
    } catch (err) {
      use();
      toast('warning', t('versions.notKept', { reason: (err as Error).message }));
    }
  };
}
