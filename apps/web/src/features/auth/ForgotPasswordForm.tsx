import { isValidEmail } from '@yumi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';

/** "Forgot password?": asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ initialEmail = '', onBack }: { initialEmail?: string; onBack?: () => void }) {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setError(null);
    if (!isValidEmail(value)) {
      setFieldError(value ? t('access.forgot.invalidEmail') : t('access.forgot.required'));
      return;
    }
    setFieldError(null);
    setSubmitting(true);
    try {
      await api.post('/api/auth/password-reset/request', { email: value }, { quiet: true, retries: 0 });
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
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="access-subtitle">
        {t('access.forgot.title')}
      </h2>
      <p className="muted">{t('access.forgot.hint')}</p>
      <div className="field">
        <label htmlFor="forgot-email">{t('access.forgot.email')}</label>
        <input
          id="forgot-email"
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'forgot-email-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {fieldError && (
          <span id="forgot-email-error" className="field-error">
            {fieldError}
          </span>
        )}
      </div>
      {error && (
        <div className="alert alert-error" role="alert" style={{ marginBottom: 16 }}>
          {error}
        </div>
      )}
      <Button type="submit" variant="primary" block disabled={submitting}>
        {submitting ? t('access.forgot.sending') : t('access.forgot.submit')}
      </Button>
      {onBack && (
        <Button type="button" variant="ghost" block onClick={onBack} style={{ marginTop: 12 }}>
          {t('access.forgot.back')}
        </Button>
      )}
    </form>
  );
}
