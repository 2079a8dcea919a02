import { artApi, ARTWORK_MAX_BYTES, REWARDS } from '@yumi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';

/** Client checks of spec §5; the server checks again by magic bytes and while streaming. */
function validateArtworkFile(file: File): 'selectImage' | 'tooLarge' | null {
  if (!file.type.startsWith('image/')) return 'selectImage';
  if (file.size >= ARTWORK_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Upload artwork for review, agreeing that approved work may be shown as a reference. */
export function UploadArtworkDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('billing');
  const client = useQueryClient();
  const ids = { file: useId(), title: useId(), tags: useId(), consent: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function reset() {
    setFile(null);
    setTitle('');
    setTags('');
    setConsent(false);
    setError(null);
    setDone(false);
  }

  function pick(next: File | null) {
    setError(null);
    setDone(false);
    if (!next) return setFile(null);
    const problem = validateArtworkFile(next);
    if (problem) {
      setFile(null);
      setError(t(`upload.errors.${problem}`));
      return;
    }
    setFile(next);
    if (!title) setTitle(next.name.replace(/\.[^.]*$/, '').slice(0, 100));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file || !consent || busy) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.append('title', title.trim());
    form.append('tags', tags);
    form.append('consent', String(consent));
    form.append('artwork', file);
    try {
      await call(artApi.upload, { body: form }, { timeoutMs: 120_000 });
      setDone(true);
      setFile(null);
      void client.invalidateQueries({ queryKey: ['art', 'contributions'] });
      void client.invalidateQueries({ queryKey: ['billing', 'info'] });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      setError(code === 'NOT_AN_IMAGE' ? t('upload.errors.selectImage') : code === 'FILE_TOO_LARGE' ? t('upload.errors.tooLarge') : t('upload.errors.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('upload.title')}
      description={t('upload.subtitle')}
    >
      {done ? (
        <div className="upload-done">
          <p className="alert alert-success" role="status" data-testid="upload-success">
            {t('upload.success', { reward: REWARDS.approvedArtwork.toLocaleString(), bonus: REWARDS.firstContributionBonus })}
          </p>
          <div className="dialog-actions">
            <Button onClick={() => setDone(false)}>{t('upload.another')}</Button>
            <Button variant="primary" onClick={() => onOpenChange(false)}>
              {t('upload.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <label className={`upload-drop ${preview ? 'has-preview' : ''}`} htmlFor={ids.file}>
            {preview ? <img src={preview} alt={t('upload.previewAlt')} /> : <span>{t('upload.choose')}</span>}
            <span className="muted fine-print">{t('upload.limits')}</span>
          </label>
          <input id={ids.file} className="visually-hidden" type="file" accept="image/*" aria-label={t('upload.fileLabel')} onChange={(e) => pick(e.target.files?.[0] ?? null)} />
          <div className="field">
            <label htmlFor={ids.title}>{t('upload.titleLabel')}</label>
            <input id={ids.title} className="input" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} placeholder={t('upload.titlePlaceholder')} />
          </div>
          <div className="field">
            <label htmlFor={ids.tags}>{t('upload.tagsLabel')}</label>
            <input id={ids.tags} className="input" value={tags} maxLength={300} onChange={(e) => setTags(e.target.value)} placeholder={t('upload.tagsPlaceholder')} />
          </div>
          <label className="consent-row" htmlFor={ids.consent}>
            <input id={ids.consent} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
            <span>{t('upload.consent')}</span>
          </label>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <Button onClick={() => onOpenChange(false)}>{t('upload.cancel')}</Button>
            <Button type="submit" variant="primary" disabled={!file || !consent || busy}>
              {busy ? t('upload.uploading') : t('upload.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
