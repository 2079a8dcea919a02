import type { AuthSuccess } from '@yumi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';

/**
 * The second step of a sign-in with two-step sign-in on: a code from the authenticator app or a recovery
 * code. `onRestart` goes back to the password (the challenge expired or was used up).
 */
export function TwoStepForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn(res: AuthSuccess): void;
  onRestart(message: string | null): void;
}) {
  const { t } = useTranslation('common');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const value = code.trim();
    if (value.length < 6) {
      setError(t('auth.twoStep.enterCode'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      onSignedIn(await api.post<AuthSuccess>('/api/auth/login/two-step', { challenge, code: value }, { quiet: true }));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TWO_STEP_EXPIRED') onRestart(err.message);
      else if (err instanceof ApiError && err.type === 'RATE_LIMIT') setError(t('auth.rateLimited', { seconds: err.retryAfter ?? 60 }));
      else if (err instanceof ApiError && err.type === 'NETWORK') setError(t('errors.network'));
      else if (err instanceof ApiError && err.code === 'TWO_STEP_INVALID') setError(err.message);
      else setError(t('auth.unexpected'));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.twoStep.title')}>
      <p className="muted">{t('auth.twoStep.hint')}</p>
      <div className="field">
        <label htmlFor="auth-two-step-code">{t('auth.twoStep.code')}</label>
        <input
          id="auth-two-step-code"
          className="input"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          maxLength={40}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby="auth-two-step-help"
          onChange={(e) => setCode(e.target.value)}
        />
        <span id="auth-two-step-help" className="muted small">
          {t('auth.twoStep.recoveryHint')}
        </span>
      </div>
      {error && (
        <div className="alert alert-error" role="alert" style={{ marginBottom: 16 }}>
          {error}
        </div>
      )}
      <Button type="submit" variant="primary" block disabled={submitting}>
        {submitting ? t('auth.processing') : t('auth.twoStep.verify')}
      </Button>
      <p style={{ marginTop: 16, textAlign: 'center', marginBottom: 0 }}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRestart(null)}>
          {t('auth.twoStep.back')}
        </button>
      </p>
    </form>
  );
}
