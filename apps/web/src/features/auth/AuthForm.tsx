import { authApi, AUTH_FIELD_BOUNDS, validateAuthForm, type AuthFormErrors, type AuthFormMode } from '@yumi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { useSessionActions } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { TwoStepForm } from './TwoStepForm';

const EMPTY = { email: '', username: '', password: '', confirmPassword: '' };

/** Sign-in / sign-up form (first document §2, §4, §5): the toggle clears error and form. */
export function AuthForm({ onSuccess, initialMode = 'signin', onModeChange }: { onSuccess(): void; initialMode?: AuthFormMode; onModeChange?(mode: AuthFormMode): void }) {
  const { t } = useTranslation('common');
  const { signedIn } = useSessionActions();
  const [mode, setMode] = useState<AuthFormMode>(initialMode);
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<AuthFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Set when the password was right and two-step sign-in asks for a code. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);

  const switchMode = () => {
    const next = mode === 'signin' ? 'signup' : 'signin';
    setMode(next);
    onModeChange?.(next);
    setForm(EMPTY);
    setFieldErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateAuthForm(mode, form);
    setFieldErrors(errors);
    setError(errors.confirmPassword === 'mismatch' ? t('auth.passwordsDoNotMatch') : null);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      const email = form.email.trim();
      const res =
        mode === 'signin'
          ? await call(authApi.login, { body: { email, password: form.password } }, { quiet: true })
          : await call(authApi.signup, { body: { email, username: form.username.trim(), password: form.password } }, { quiet: true });
      if (!res.success) {
        setChallenge(res.challenge);
        return;
      }
      signedIn(res.token, res.user);
      onSuccess();
    } catch (err) {
      const fallback = mode === 'signin' ? t('auth.loginFailed') : t('auth.signupFailed');
      if (err instanceof ApiError) {
        if (err.code === 'INVALID_CREDENTIALS') setError(t('auth.loginFailed'));
        else if (err.code === 'EMAIL_TAKEN') setError(t('auth.emailTaken'));
        else if (err.code === 'USERNAME_TAKEN') setError(t('auth.usernameTaken'));
        else if (err.type === 'RATE_LIMIT') setError(t('auth.rateLimited', { seconds: err.retryAfter ?? 60 }));
        else if (err.type === 'NETWORK') setError(t('errors.network'));
        else setError(err.type === 'VALIDATION' ? fallback : t('auth.unexpected'));
      } else setError(t('auth.unexpected'));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof typeof EMPTY, type: string, autoComplete: string) => {
    const problem = fieldErrors[name];
    const id = `auth-${name}`;
    return (
      <div className="field">
        <label htmlFor={id}>{t(`auth.${name}`)}</label>
        <input
          id={id}
          name={name}
          className="input"
          type={type}
          autoComplete={autoComplete}
          value={form[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
        {problem && problem !== 'mismatch' && (
          <span id={`${id}-error`} className="field-error">
            {t(`auth.fieldErrors.${problem}`, AUTH_FIELD_BOUNDS[name])}
          </span>
        )}
      </div>
    );
  };

  if (forgot) return <ForgotPasswordForm initialEmail={form.email.trim()} onBack={() => setForgot(false)} />;

  if (challenge) {
    return (
      <TwoStepForm
        challenge={challenge}
        onSignedIn={(res) => {
          signedIn(res.token, res.user);
          onSuccess();
        }}
        onRestart={(message) => {
          setChallenge(null);
          setForm({ ...form, password: '' });
          setError(message);
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'signin' ? t('auth.signIn') : t('auth.signUp')}>
      {field('email', 'email', 'email')}
      {mode === 'signup' && field('username', 'text', 'username')}
      {field('password', 'password', mode === 'signin' ? 'current-password' : 'new-password')}
      {mode === 'signup' && field('confirmPassword', 'password', 'new-password')}
      {mode === 'signin' && (
        <p className="auth-forgot">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setForgot(true)}>
            {t('auth.forgotPassword')}
          </button>
        </p>
      )}
      {error && (
        <div className="alert alert-error" role="alert" style={{ marginBottom: 16 }}>
          {error}
        </div>
      )}
      <Button type="submit" variant="primary" block disabled={submitting}>
        {submitting ? t('auth.processing') : mode === 'signin' ? t('auth.signIn') : t('auth.createAccount')}
      </Button>
      <p className="muted" style={{ marginTop: 16, textAlign: 'center', marginBottom: 0 }}>
        {mode === 'signin' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={switchMode}>
          {mode === 'signin' ? t('auth.signUp') : t('auth.signIn')}
        </button>
      </p>
    </form>
  );
}
