import { PASSWORD_MAX, PASSWORD_MIN, type AuthSuccess } from '@yumi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api, ApiError } from '../../shared/api/client';
import { useSessionActions } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { toast } from '../../shared/ui/toast';
import { ForgotPasswordForm } from './ForgotPasswordForm';

const LINK_PROBLEMS = new Set(['LINK_INVALID', 'LINK_USED', 'LINK_EXPIRED']);

/** /reset-password?token=…: a new password from the mailed link; the second step too when two-step sign-in is on. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('common');
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const navigate = useNavigate();
  const { signedIn } = useSessionActions();
  const [form, setForm] = useState({ password: '', confirm: '', code: '' });
  const [needsCode, setNeedsCode] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'password' | 'confirm' | 'code', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof fieldErrors = {};
    if (form.password.length < PASSWORD_MIN) problems.password = t('access.reset.tooShort', { min: PASSWORD_MIN });
    else if (form.password.length > PASSWORD_MAX) problems.password = t('access.reset.tooLong');
    if (form.confirm !== form.password) problems.confirm = t('access.reset.mismatch');
    if (needsCode && !form.code.trim()) problems.code = t('access.reset.codeRequired');
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length) return;
    setSubmitting(true);
    try {
      const body = { token, password: form.password, ...(needsCode ? { code: form.code.trim() } : {}) };
      const res = await api.post<AuthSuccess>('/api/auth/password-reset/confirm', body, { quiet: true, retries: 0 });
      signedIn(res.token, res.user);
      toast('success', t('access.reset.done'));
      navigate('/', { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError) || err.type === 'NETWORK') setError(t('errors.network'));
      else if (err.code && LINK_PROBLEMS.has(err.code)) setLinkProblem(err.message);
      else if (err.code === 'TWO_STEP_REQUIRED') {
        setNeedsCode(true);
        setError(err.message);
      } else if (err.type === 'VALIDATION' && !err.code?.startsWith('TWO_STEP')) setLinkProblem(t('access.link.invalid'));
      else setError(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: 'password' | 'confirm' | 'code', type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`reset-${name}`}>{t(`access.reset.${name}`)}</label>
      <input
        id={`reset-${name}`}
        className="input"
        type={type}
        autoComplete={autoComplete}
        inputMode={name === 'code' ? 'text' : undefined}
        value={form[name]}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `reset-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {fieldErrors[name] && (
        <span id={`reset-${name}-error`} className="field-error">
          {fieldErrors[name]}
        </span>
      )}
    </div>
  );

  return (
    <div className="center-page">
      <section className="card access-card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="access-title">
          <span className="gradient-text">{t('access.reset.title')}</span>
        </h1>
        {linkProblem ? (
          <>
            <div className="alert alert-error" role="alert">
              {linkProblem}
            </div>
            <div className="access-again">
              <ForgotPasswordForm />
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby="reset-title">
            <p className="muted">{t('access.reset.hint')}</p>
            {field('password', 'password', 'new-password')}
            {field('confirm', 'password', 'new-password')}
            {needsCode && (
              <>
                <p className="muted">{t('access.reset.codeHint')}</p>
                {field('code', 'text', 'one-time-code')}
              </>
            )}
            {error && (
              <div className="alert alert-error" role="alert" style={{ marginBottom: 16 }}>
                {error}
              </div>
            )}
            <Button type="submit" variant="primary" block disabled={submitting}>
              {submitting ? t('access.reset.saving') : t('access.reset.submit')}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}
