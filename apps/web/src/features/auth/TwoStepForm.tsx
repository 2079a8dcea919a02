import { authApi, type AuthSuccess } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { CodeField, Form } from '../../shared/ui/Form';

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

  const submit = async () => {
    const value = code.trim();
    if (value.length < 6) {
      setError(t('auth.twoStep.enterCode'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      onSignedIn(await call(authApi.loginTwoStep, { body: { challenge, code: value } }, { quiet: true }));
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
    <Form
      label={t('auth.twoStep.title')}
      onSubmit={() => void submit()}
      error={error}
      submitLabel={t('auth.twoStep.verify')}
      busy={submitting}
      block
      onCancel={() => onRestart(null)}
      cancelLabel={t('auth.twoStep.back')}
    >
      <p className="muted">{t('auth.twoStep.hint')}</p>
      <CodeField id="auth-two-step-code" autoFocus value={code} onValue={setCode} aria-invalid={error ? true : undefined} />
    </Form>
  );
}
