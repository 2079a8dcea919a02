import './writing-shared.css';
import { diffWords } from '@yumi/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import type { DocumentAutosave } from './useDocumentAutosave';

/**
 * Both versions of a document changed in the same places here and elsewhere, side by side with their
 * differences marked, to choose from. The version not kept is saved as a copy (see resolveConflict).
 */
export function ConflictPanel({ docs }: { docs: DocumentAutosave }) {
  const { t } = useTranslation('writing');
  const mine = docs.doc?.content ?? '';
  const theirs = docs.conflict?.content ?? '';
  const parts = useMemo(() => (docs.conflict ? diffWords(theirs, mine) : []), [docs.conflict, theirs, mine]);
  if (!docs.conflict) return null;
  return (
    <section className="alert alert-warning conflict-panel" role="alert" aria-labelledby="conflict-title">
      <strong id="conflict-title">{t('conflict.title')}</strong>
      <p className="small">{t('conflict.intro')}</p>
      <div className="conflict-columns">
        <div>
          <h4>{t('conflict.mine')}</h4>
          <div className="conflict-text" data-testid="conflict-mine">
            {parts.map((p, i) => (p.kind === 'removed' ? null : p.kind === 'added' ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
          </div>
        </div>
        <div>
          <h4>{t('conflict.theirs')}</h4>
          <div className="conflict-text" data-testid="conflict-theirs">
            {parts.map((p, i) => (p.kind === 'added' ? null : p.kind === 'removed' ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
          </div>
        </div>
      </div>
      <div className="row-wrap">
        <Button size="sm" variant="primary" onClick={() => void docs.resolveConflict('mine')}>
          {t('conflict.keepMine')}
        </Button>
        <Button size="sm" onClick={() => void docs.resolveConflict('theirs')}>
          {t('conflict.takeTheirs')}
        </Button>
      </div>
    </section>
  );
}
