import type { ChatArchive } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import { downloadBlob } from '../../shared/files/download';
import { archiveFileName, archiveToMarkdown } from './exportArchive';
import { useAssistant } from './store';
import { useArchives, type ArchiveListItem } from './useArchives';
import { Button } from '../../shared/ui/Button';

/** Earlier chats: open, delete, export as Markdown or JSON. */
export function ArchivePanel() {
  const { t, i18n } = useTranslation('helper');
  const { data, isLoading, error, open, remove } = useArchives();
  const { load, setArchiveOpen, conversationId } = useAssistant();
  const [busy, setBusy] = useState<string | null>(null);

  const withArchive = async (item: ArchiveListItem, action: (a: ChatArchive) => void) => {
    setBusy(item.id);
    try {
      action(await open(item));
    } catch {
      toast('error', t('archive.loadFailed'));
    } finally {
      setBusy(null);
    }
  };
  const labels = {
    you: t('archive.you'),
    yumi: 'Yumi',
    model: t('archive.model'),
    mode: t('archive.mode'),
    personality: t('archive.personality'),
    date: t('archive.date'),
  };
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="assistant-tab-body archive" aria-labelledby="archive-title">
      <div className="archive-head">
        <h3 id="archive-title">{t('archive.title')}</h3>
        <Button variant="ghost" size="sm" onClick={() => setArchiveOpen(false)}>
          {t('archive.back')}
        </Button>
      </div>
      {isLoading && <div className="spinner" aria-label={t('archive.loading')} />}
      {error && <p className="alert alert-error">{t('archive.loadFailed')}</p>}
      {data && data.length === 0 && <p className="muted empty">{t('archive.empty')}</p>}
      <ul className="archive-list">
        {data?.map((item) => (
          <li key={item.id} className={`archive-item ${item.id === conversationId ? 'current' : ''}`}>
            <button type="button" className="archive-open" disabled={busy === item.id} onClick={() => void withArchive(item, load)}>
              <span className="archive-title">{item.title}</span>
              <span className="archive-meta">
                {date(item.timestamp)} · {t('archive.messages', { count: item.messageCount })} · {item.model} · {t(`modes.${item.mode}`, { defaultValue: item.mode })}
              </span>
              <span className="archive-where">
                {item.onDevice && <span className="badge badge-quiet">{t('archive.onDevice')}</span>}
                {item.pending ? (
                  <span className="badge badge-quiet">{t('archive.pending')}</span>
                ) : (
                  item.onServer && <span className="badge badge-quiet">{t('archive.onServer')}</span>
                )}
              </span>
              {item.refused && <span className="archive-refused">{item.refused}</span>}
            </button>
            <div className="archive-actions">
              <Button variant="ghost" size="sm" aria-label={t('archive.exportMdLabel', { title: item.title })}
                onClick={() => void withArchive(item, (a) => downloadBlob(archiveToMarkdown(a, labels), archiveFileName(a, 'md'), 'text/markdown'))}
              >
                {t('archive.exportMd')}
              </Button>
              <Button variant="ghost" size="sm" aria-label={t('archive.exportJsonLabel', { title: item.title })}
                onClick={() => void withArchive(item, (a) => downloadBlob(JSON.stringify(a, null, 2), archiveFileName(a, 'json'), 'application/json'))}
              >
                {t('archive.exportJson')}
              </Button>
              <Button variant="danger" size="sm" aria-label={t('archive.deleteLabel', { title: item.title })}
                onClick={() =>
                  void remove(item)
                    .then(() => toast('success', t('archive.deleted')))
                    .catch(() => toast('error', t('archive.deleteFailed')))
                }
              >
                {t('archive.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
