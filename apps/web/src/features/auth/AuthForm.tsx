import { authApi, AUTH_FIELD_BOUNDS, validateAuthForm, type AuthFormErrors, type AuthFormMode } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { useSessionActions } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { Field, Form } from '../../shared/ui/Form';
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

  const submit = async () => {
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
    return (
      <Field
        id={`auth-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        label={t(`auth.${name}`)}
        value={form[name]}
        onValue={(value) => setForm({ ...form, [name]: value })}
        // A mismatch is said once, in the form's note.
        error={problem && problem !== 'mismatch' ? t(`auth.fieldErrors.${problem}`, AUTH_FIELD_BOUNDS[name]) : null}
      />
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
    <>
      <Form
        label={mode === 'signin' ? t('auth.signIn') : t('auth.signUp')}
        onSubmit={() => void submit()}
        error={error}
        busy={submitting}
        submitLabel={mode === 'signin' ? t('auth.signIn') : t('auth.createAccount')}
        block
      >
        {field('email', 'email', 'email')}
        {mode === 'signup' && field('username', 'text', 'username')}
        {field('password', 'password', mode === 'signin' ? 'current-password' : 'new-password')}
        {mode === 'signup' && field('confirmPassword', 'password', 'new-password')}
        {mode === 'signin' && (
          <p className="auth-forgot">
            <Button variant="ghost" size="sm" onClick={() => setForgot(true)}>
              {t('auth.forgotPassword')}
            </Button>
          </p>
        )}
      </Form>
      <p className="muted form-aside">
        {mode === 'signin' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
        <Button variant="ghost" size="sm" onClick={switchMode}>
          {mode === 'signin' ? t('auth.signUp') : t('auth.signIn')}
        </Button>
      </p>
    </>
  );
}
