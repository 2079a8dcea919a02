import { diffWords, MAX_VERSION_NAME_CHARS, type DocumentVersionSummary } from '@yumi/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast';
import { usePersonName } from '../usePersonName';
import { useHistory } from './useHistory';
import '../../writing-shared.css';
import './history.css';

/**
 * The history of a shared document: its versions newest first (automatic, named, restored) with who changed
 * what, one version compared word by word with the text as it is now, naming the text of now, and restoring a
 * version (the server keeps the text it replaces as a version first, so nothing is lost).
 */
export function HistoryPanel({ documentId, currentText, canEdit }: { documentId: string; currentText: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation('writing');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const history = useHistory(documentId, selectedId);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const when = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  const selected = history.selected?.id === selectedId ? history.selected : null;
  // From now to the version: what a restore would add back (ins) and take away (del).
  const parts = useMemo(() => (selected ? diffWords(currentText, selected.content) : []), [selected, currentText]);
  const changed = parts.some((p) => p.kind !== 'same');

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast('success', done);
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const submitName = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    void act(async () => {
      await history.name(trimmed);
      setName('');
    }, t('history.named', { name: trimmed }));
  };
  const title = (v: DocumentVersionSummary) => v.name ?? t(`history.kinds.${v.kind}`);
  const nameOf = usePersonName();
  const who = (v: DocumentVersionSummary) => {
    const edited = v.authors.length > 0 ? t('history.editedBy', { names: v.authors.map((a) => nameOf(a.username)).join(', ') }) : null;
    if (v.createdBy) return [t(v.kind === 'restore' ? 'history.restoredBy' : 'history.savedBy', { name: nameOf(v.createdBy.username) }), edited].filter(Boolean).join(' · ');
    return edited ?? t('history.noAuthors');
  };

  return (
    <aside className="history-panel" aria-label={t('history.title')} data-testid="history-panel">
      <h3 className="history-title">{t('history.title')}</h3>
      {canEdit && (
        <form className="history-name" onSubmit={submitName}>
          <input
            className="input"
            aria-label={t('history.nameLabel')}
            placeholder={t('history.namePlaceholder')}
            maxLength={MAX_VERSION_NAME_CHARS}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" size="sm" disabled={busy || !name.trim()}>
            {t('history.nameAction')}
          </Button>
        </form>
      )}
      {history.error && <p className="error small" role="alert">{history.error.message}</p>}
      {history.loading ? (
        <p className="muted small">{t('history.loading')}</p>
      ) : history.versions.length === 0 ? (
        <p className="muted small">{t('history.empty')}</p>
      ) : (
        <ol className="history-list">
          {history.versions.map((v) => (
            <li key={v.id}>
              <button type="button" className={`history-item${v.id === selectedId ? ' active' : ''}`} aria-pressed={v.id === selectedId} onClick={() => setSelectedId(v.id === selectedId ? null : v.id)} data-testid="history-version">
                <span className={`history-kind history-${v.kind}`}>{title(v)}</span>
                <time dateTime={v.createdAt} className="muted small">{when.format(new Date(v.createdAt))}</time>
                <span className="history-who small">{who(v)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {selectedId && (
        <section className="history-compare" aria-label={t('history.compareLabel')}>
          <p className="muted small">{t('history.compareLabel')}</p>
          {!selected ? (
            <p className="muted small">{t('history.loading')}</p>
          ) : changed ? (
            <div className="history-diff version-text diff" data-testid="history-diff">
              {parts.map((part, i) => (part.kind === 'same' ? <span key={i}>{part.text}</span> : part.kind === 'added' ? <ins key={i}>{part.text}</ins> : <del key={i}>{part.text}</del>))}
            </div>
          ) : (
            <p className="small" data-testid="history-diff">{t('history.same')}</p>
          )}
          {canEdit && selected && changed && (
            <Button size="sm" disabled={busy} onClick={() => void act(() => history.restore(selected.id), t('history.restored', { name: title(selected) }))}>
              {t('history.restore')}
            </Button>
          )}
        </section>
      )}
    </aside>
  );
}
