import { accountApi, PASSWORD_MAX, PASSWORD_MIN } from '@yumi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { Field, Form } from '../../shared/ui/Form';
import { accountErrorText } from './errors';
import { SESSIONS_KEY } from './SessionsCard';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Name = keyof typeof EMPTY;

/** Change the password: the current one is required, and every other session is signed out. */
export function PasswordCard() {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [fieldError, setFieldError] = useState<Partial<Record<Name, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(accountApi.changePassword, { body }),
    onSuccess: ({ endedSessions }) => {
      setForm(EMPTY);
      setDone(t('account.password.changed', { count: endedSessions }));
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (err) => setError(accountErrorText(err, t)),
  });

  const submit = () => {
    setDone(null);
    setError(null);
    const problems: Partial<Record<Name, string>> = {};
    if (!form.currentPassword) problems.currentPassword = t('auth.fieldErrors.required');
    if (form.newPassword.length < PASSWORD_MIN) problems.newPassword = t('auth.fieldErrors.tooShort', { min: PASSWORD_MIN });
    else if (form.newPassword.length > PASSWORD_MAX) problems.newPassword = t('auth.fieldErrors.tooLong');
    if (form.confirmPassword !== form.newPassword) problems.confirmPassword = t('auth.passwordsDoNotMatch');
    setFieldError(problems);
    if (Object.keys(problems).length === 0) change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  };

  const field = (name: Name) => (
    <Field
      id={`account-${name}`}
      label={t(`account.password.${name}`)}
      type="password"
      autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
      value={form[name]}
      error={fieldError[name]}
      onValue={(value) => setForm({ ...form, [name]: value })}
    />
  );

  return (
    <section className="card account-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('account.password.title')}</h2>
      <p className="muted small">{t('account.password.hint')}</p>
      <Form
        className="account-form"
        label={t('account.password.title')}
        onSubmit={submit}
        error={error}
        success={done}
        submitLabel={t('account.password.submit')}
        busy={change.isPending}
      >
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" autoComplete="username" hidden readOnly value="" />
        {field('currentPassword')}
        {field('newPassword')}
        {field('confirmPassword')}
      </Form>
    </section>
  );
}
