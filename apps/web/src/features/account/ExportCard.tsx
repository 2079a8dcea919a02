import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, fileNameOf } from '../../shared/files/download';
import { accountApi } from '@yumi/core';
import { callRaw } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { FormNote } from '../../shared/ui/Form';
import { accountErrorText } from './errors';

/** Export my data: one zip of everything the account holds, downloaded by the browser. */
export function ExportCard() {
  const { t } = useTranslation('common');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const run = useMutation({
    mutationFn: async () => {
      // A large account takes a while to pack: no client timeout cuts it short.
      const res = await callRaw(accountApi.export, {}, { retries: 0, timeoutMs: 30 * 60_000, headers: { Accept: 'application/zip' } });
      downloadBlob(await res.blob(), fileNameOf(res, `yumi-studio-export-${new Date().toISOString().slice(0, 10)}.zip`));
    },
    onMutate: () => (setError(null), setDone(false)),
    onSuccess: () => setDone(true),
    onError: (err) => setError(accountErrorText(err, t)),
  });
  return (
    <section className="card account-card" aria-labelledby="account-export-title">
      <h2 id="account-export-title">{t('account.export.title')}</h2>
      <p className="muted small">{t('account.export.hint')}</p>
      <div aria-live="polite">
        {run.isPending && <p className="muted small">{t('account.export.preparing')}</p>}
        {done && <p className="alert alert-success account-note">{t('account.export.done')}</p>}
      </div>
      <FormNote error={error} />
      <div className="account-actions">
        <Button variant="primary" onClick={() => run.mutate()} disabled={run.isPending} aria-busy={run.isPending}>
          {run.isPending ? t('account.export.working') : t('account.export.start')}
        </Button>
      </div>
    </section>
  );
}
