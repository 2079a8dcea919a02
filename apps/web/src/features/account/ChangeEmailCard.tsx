import { authApi, isValidEmail, type User } from '@yumi/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { CurrentPasswordField, Field, Form } from '../../shared/ui/Form';
import { accountErrorText } from './errors';

const EMPTY = { email: '', password: '' };

/**
 * Change the email address: the current password, then a link goes to the new address (the change happens
 * when it is opened, on /verify-email) and a notice to the current one.
 */
export function ChangeEmailCard({ user }: { user: User }) {
  const { t } = useTranslation('common');
  const [form, setForm] = useState(EMPTY);
  const [fieldError, setFieldError] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (body: typeof EMPTY) => call(authApi.changeEmail, { body }),
    onSuccess: (_, body) => {
      setForm(EMPTY);
      setSentTo(body.email);
    },
    onError: (err) => setError(accountErrorText(err, t)),
  });

  const submit = () => {
    setError(null);
    setSentTo(null);
    const email = form.email.trim();
    const problems: typeof fieldError = {};
    if (!email) problems.email = t('auth.fieldErrors.required');
    else if (!isValidEmail(email)) problems.email = t('access.forgot.invalidEmail');
    else if (email.toLowerCase() === user.email.toLowerCase()) problems.email = t('account.changeEmail.same');
    if (!form.password) problems.password = t('auth.fieldErrors.required');
    setFieldError(problems);
    if (Object.keys(problems).length === 0) request.mutate({ email, password: form.password });
  };

  return (
    <section className="card account-card" aria-labelledby="account-email-title">
      <h2 id="account-email-title">{t('account.changeEmail.title')}</h2>
      <p className="muted small">{t('account.changeEmail.hint', { email: user.email })}</p>
      <Form
        className="account-form"
        label={t('account.changeEmail.title')}
        onSubmit={submit}
        error={error}
        success={sentTo && t('account.changeEmail.sent', { email: sentTo, current: user.email })}
        submitLabel={t('account.changeEmail.submit')}
        busy={request.isPending}
      >
        <Field
          id="account-new-email"
          label={t('account.changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          maxLength={320}
          value={form.email}
          error={fieldError.email}
          onValue={(email) => setForm({ ...form, email })}
        />
        <CurrentPasswordField
          id="account-email-password"
          value={form.password}
          error={fieldError.password}
          onValue={(password) => setForm({ ...form, password })}
        />
      </Form>
    </section>
  );
}
