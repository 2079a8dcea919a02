import { authApi, isValidEmail } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { Field, Form } from '../../shared/ui/Form';

/** "Forgot password?": asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ initialEmail = '', onBack }: { initialEmail?: string; onBack?: () => void }) {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const value = email.trim();
    setError(null);
    if (!isValidEmail(value)) {
      setFieldError(value ? t('access.forgot.invalidEmail') : t('access.forgot.required'));
      return;
    }
    setFieldError(null);
    setSubmitting(true);
    try {
      await call(authApi.requestPasswordReset, { body: { email: value } }, { quiet: true });
      setSentTo(value);
    } catch (err) {
      setError(err instanceof ApiError && err.type !== 'NETWORK' ? err.message : t('errors.network'));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <div>
        <div className="alert alert-success" role="status">
          {t('access.forgot.sent', { email: sentTo })}
        </div>
        {onBack && (
          <Button type="button" variant="ghost" block onClick={onBack} style={{ marginTop: 16 }}>
            {t('access.forgot.back')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <Form
      label={t('access.forgot.title')}
      onSubmit={() => void submit()}
      error={error}
      submitLabel={t('access.forgot.submit')}
      busyLabel={t('access.forgot.sending')}
      busy={submitting}
      block
      onCancel={onBack}
      cancelLabel={t('access.forgot.back')}
    >
      <h2 className="access-subtitle">{t('access.forgot.title')}</h2>
      <p className="muted">{t('access.forgot.hint')}</p>
      <Field id="forgot-email" label={t('access.forgot.email')} type="email" autoComplete="email" value={email} error={fieldError} onValue={setEmail} />
    </Form>
  );
}
