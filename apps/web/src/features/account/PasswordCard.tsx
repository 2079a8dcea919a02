import { PASSWORD_MAX, PASSWORD_MIN } from '@yumi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { accountErrorText, ErrorNote } from './errors';
import { SESSIONS_KEY } from './SessionsCard';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

/** Change the password: the current one is required, and every other session is signed out. */
export function PasswordCard() {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [fieldError, setFieldError] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post<{ success: true; endedSessions: number }>('/api/account/password', body),
    onSuccess: ({ endedSessions }) => {
      setForm(EMPTY);
      setDone(t('account.password.changed', { count: endedSessions }));
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (err) => setError(accountErrorText(err, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setError(null);
    const problems: Partial<Record<Field, string>> = {};
    if (!form.currentPassword) problems.currentPassword = t('auth.fieldErrors.required');
    if (form.newPassword.length < PASSWORD_MIN) problems.newPassword = t('auth.fieldErrors.tooShort', { min: PASSWORD_MIN });
    else if (form.newPassword.length > PASSWORD_MAX) problems.newPassword = t('auth.fieldErrors.tooLong');
    if (form.confirmPassword !== form.newPassword) problems.confirmPassword = t('auth.passwordsDoNotMatch');
    setFieldError(problems);
    if (Object.keys(problems).length === 0) change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  };

  const field = (name: Field, autoComplete: string) => {
    const id = `account-${name}`;
    const problem = fieldError[name];
    return (
      <div className="field">
        <label htmlFor={id}>{t(`account.password.${name}`)}</label>
        <input
          id={id}
          className="input"
          type="password"
          autoComplete={autoComplete}
          value={form[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
        {problem && (
          <span id={`${id}-error`} className="field-error">
            {problem}
          </span>
        )}
      </div>
    );
  };

  return (
    <section className="card account-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('account.password.title')}</h2>
      <p className="muted small">{t('account.password.hint')}</p>
      <form className="account-form" onSubmit={submit} noValidate aria-labelledby="account-password-title">
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" autoComplete="username" hidden readOnly value="" />
        {field('currentPassword', 'current-password')}
        {field('newPassword', 'new-password')}
        {field('confirmPassword', 'new-password')}
        <ErrorNote error={error} />
        {done && (
          <div className="alert alert-success account-note" role="status">
            {done}
          </div>
        )}
        <div className="account-actions">
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? t('auth.processing') : t('account.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
