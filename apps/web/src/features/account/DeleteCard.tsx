import type { TwoStepStatus } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { setToken } from '../../shared/api/token';
import { CURRENT_USER_KEY } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { toast } from '../../shared/ui/toast';
import { accountErrorText, ErrorNote } from './errors';
import { TWO_STEP_KEY } from './TwoStepCard';

/** Delete my account: a dialog asks for the password (and a code when two-step sign-in is on). */
export function DeleteCard({ onDeleted }: { onDeleted(): void }) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const twoStep = useQuery({ queryKey: TWO_STEP_KEY, queryFn: () => api.get<TwoStepStatus>('/api/account/two-step') });
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsCode = !!twoStep.data?.enabled;
  const remove = useMutation({
    mutationFn: () => api.delete('/api/account', { body: needsCode ? { password, code: code.trim() } : { password }, retries: 0 }),
    onSuccess: () => {
      // In the same render as the user becoming null: the page leaves for the launcher, not the sign-in page.
      onDeleted();
      setToken(null);
      client.setQueryData(CURRENT_USER_KEY, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      toast('success', t('account.delete.done'));
    },
    onError: (err) => setError(accountErrorText(err, t)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password || (needsCode && code.trim().length < 6)) setError(needsCode ? t('account.twoStep.needBoth') : t('auth.fieldErrors.required'));
    else remove.mutate();
  };
  const openDialog = (next: boolean) => {
    setOpen(next);
    setPassword('');
    setCode('');
    setError(null);
  };

  return (
    <section className="card account-card account-danger" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('account.delete.title')}</h2>
      <p className="muted small">{t('account.delete.hint')}</p>
      <Button variant="danger" onClick={() => openDialog(true)}>
        {t('account.delete.open')}
      </Button>
      <Dialog open={open} onOpenChange={openDialog} title={t('account.delete.confirmTitle')} description={t('account.delete.warning')}>
        <form onSubmit={submit} noValidate aria-label={t('account.delete.confirmTitle')}>
          <div className="field">
            <label htmlFor="delete-password">{t('account.password.currentPassword')}</label>
            <input id="delete-password" className="input" type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          {needsCode && (
            <div className="field">
              <label htmlFor="delete-code">{t('auth.twoStep.code')}</label>
              <input id="delete-code" className="input" autoComplete="one-time-code" spellCheck={false} maxLength={40} value={code} aria-describedby="delete-code-hint" onChange={(e) => setCode(e.target.value)} />
              <span id="delete-code-hint" className="muted small">
                {t('auth.twoStep.recoveryHint')}
              </span>
            </div>
          )}
          <ErrorNote error={error} />
          <div className="account-actions">
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {remove.isPending ? t('auth.processing') : t('account.delete.confirm')}
            </Button>
            <Button onClick={() => openDialog(false)}>{t('cancel')}</Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
