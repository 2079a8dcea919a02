import { accountApi } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { setToken } from '../../shared/api/token';
import { CURRENT_USER_KEY } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { CodeField, CurrentPasswordField, Form } from '../../shared/ui/Form';
import { toast } from '../../shared/ui/toast';
import { accountErrorText } from './errors';
import { TWO_STEP_KEY } from './TwoStepCard';

/** Delete my account: a dialog asks for the password (and a code when two-step sign-in is on). */
export function DeleteCard({ onDeleted }: { onDeleted(): void }) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const twoStep = useQuery({ queryKey: TWO_STEP_KEY, queryFn: () => call(accountApi.twoStep) });
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsCode = !!twoStep.data?.enabled;
  const remove = useMutation({
    mutationFn: () => call(accountApi.delete, { body: needsCode ? { password, code: code.trim() } : { password } }, { retries: 0 }),
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
  const submit = () => {
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
        <Form
          label={t('account.delete.confirmTitle')}
          onSubmit={submit}
          error={error}
          submitLabel={t('account.delete.confirm')}
          variant="danger"
          busy={remove.isPending}
          onCancel={() => openDialog(false)}
        >
          <CurrentPasswordField id="delete-password" autoFocus value={password} onValue={setPassword} />
          {needsCode && <CodeField id="delete-code" value={code} onValue={setCode} />}
        </Form>
      </Dialog>
    </section>
  );
}
