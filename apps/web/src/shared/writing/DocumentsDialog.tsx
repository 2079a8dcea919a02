import './writing-shared.css';
import { sharingApi } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast';
import type { DocumentAutosave } from './useDocumentAutosave';

/**
 * Create, find, open, rename, duplicate and delete documents (Writing's, or the Report Helper's reports).
 * `prepareCopy` copies what a feature keeps beside the text (a report's references) before the copy opens.
 */
export function DocumentsDialog({
  open,
  onOpenChange,
  docs,
  title,
  prepareCopy,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
  docs: DocumentAutosave;
  title?: string;
  prepareCopy?: (fromId: string, copyId: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('writing');
  const [query, setQuery] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const fail = (err: unknown) => toast('error', (err as Error).message || t('documents.failed'));
  const needle = query.trim().toLocaleLowerCase(i18n.language);
  const shown = needle ? docs.documents.filter((d) => (d.title || t('documents.untitled')).toLocaleLowerCase(i18n.language).includes(needle)) : docs.documents;
  // Documents others shared with me: opened by id, and named in the address so a reload finds them again.
  const shared = useQuery({
    queryKey: ['documents', 'shared', docs.kind],
    queryFn: () => call(sharingApi.shared, { query: { kind: docs.kind } }),
    enabled: open && docs.source === 'server',
  });
  const openShared = (id: string) =>
    docs
      .open(id)
      .then(() => {
        const url = new URL(window.location.href);
        url.searchParams.set('doc', id);
        window.history.replaceState(window.history.state, '', url);
        onOpenChange(false);
      })
      .catch(fail);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title ?? t('documents.title')} description={docs.source === 'server' ? t('documents.inAccount') : t('documents.onDevice')} wide>
      <div className="row" style={{ marginBottom: 12 }}>
        <Button
          variant="primary"
          size="sm"
          onClick={() =>
            docs
              .create()
              .then(() => onOpenChange(false))
              .catch(fail)
          }
        >
          ＋ {t('documents.new')}
        </Button>
        {docs.documents.length > 1 && <input className="input grow" type="search" aria-label={t('documents.search')} placeholder={t('documents.search')} value={query} onChange={(e) => setQuery(e.target.value)} />}
      </div>
      {docs.listLoading && <p className="muted">{t('documents.loading')}</p>}
      {!docs.listLoading && docs.documents.length === 0 && <p className="muted">{t('documents.empty')}</p>}
      {shown.length === 0 && docs.documents.length > 0 && <p className="muted">{t('documents.noMatch')}</p>}
      <ul className="doc-list">
        {shown.map((d) => (
          <li key={d.id} className={`doc-item ${docs.doc?.id === d.id ? 'current' : ''}`}>
            {renaming?.id === d.id ? (
              <form
                className="row grow"
                onSubmit={(e) => {
                  e.preventDefault();
                  docs
                    .rename(d.id, renaming.title.trim() || t('documents.untitled'))
                    .then(() => setRenaming(null))
                    .catch(fail);
                }}
              >
                <input className="input" autoFocus aria-label={t('documents.rename')} maxLength={200} value={renaming.title} onChange={(e) => setRenaming({ id: d.id, title: e.target.value })} />
                <Button size="sm" type="submit" variant="primary">
                  {t('documents.save')}
                </Button>
              </form>
            ) : (
              <button
                type="button"
                className="doc-open"
                onClick={() =>
                  docs
                    .open(d.id)
                    .then(() => onOpenChange(false))
                    .catch(fail)
                }
              >
                <strong>{d.title || t('documents.untitled')}</strong>
                <span className="muted small">
                  {t('documents.meta', { words: d.words, characters: d.characters, date: when(d.updatedAt) })}
                </span>
              </button>
            )}
            {confirming === d.id ? (
              <span className="row">
                <span className="small">{t('documents.confirmDelete')}</span>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() =>
                    docs
                      .remove(d.id)
                      .then(() => setConfirming(null))
                      .catch(fail)
                  }
                >
                  {t('documents.delete')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                  {t('documents.cancel')}
                </Button>
              </span>
            ) : (
              <span className="row">
                <Button size="sm" variant="ghost" onClick={() => setRenaming({ id: d.id, title: d.title })}>
                  {t('documents.rename')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('documents.duplicateNamed', { title: d.title || t('documents.untitled') })}
                  onClick={() =>
                    docs
                      .duplicate(d.id, t('documents.copyOf', { title: d.title || t('documents.untitled') }).slice(0, 200), prepareCopy && ((copyId) => prepareCopy(d.id, copyId)))
                      .then(() => onOpenChange(false))
                      .catch(fail)
                  }
                >
                  {t('documents.duplicate')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(d.id)}>
                  {t('documents.delete')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {!!shared.data?.documents.length && (
        <section aria-labelledby="shared-with-me" data-testid="shared-with-me">
          <h3 id="shared-with-me" className="share-heading">
            {t('share.sharedWithMe')}
          </h3>
          <ul className="doc-list">
            {shared.data.documents.map((d) => (
              <li key={d.id} className={`doc-item ${docs.doc?.id === d.id ? 'current' : ''}`}>
                <button type="button" className="doc-open" onClick={() => void openShared(d.id)}>
                  <strong>{d.title || t('documents.untitled')}</strong>
                  <span className="muted small">
                    {t('share.sharedMeta', { owner: d.ownerName, role: t(`share.roles.${d.role}`), date: when(d.updatedAt) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}
