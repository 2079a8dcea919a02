import { authApi, PASSWORD_MAX, PASSWORD_MIN } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { useSessionActions } from '../../shared/hooks/useCurrentUser';
import { CodeField, Field, Form } from '../../shared/ui/Form';
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

  const submit = async () => {
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
      const res = await call(authApi.confirmPasswordReset, { body }, { quiet: true });
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

  const field = (name: 'password' | 'confirm') => (
    <Field
      id={`reset-${name}`}
      label={t(`access.reset.${name}`)}
      type="password"
      autoComplete="new-password"
      value={form[name]}
      error={fieldErrors[name]}
      onValue={(value) => setForm({ ...form, [name]: value })}
    />
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
          <Form
            label={t('access.reset.title')}
            onSubmit={() => void submit()}
            error={error}
            submitLabel={t('access.reset.submit')}
            busyLabel={t('access.reset.saving')}
            busy={submitting}
            block
          >
            <p className="muted">{t('access.reset.hint')}</p>
            {field('password')}
            {field('confirm')}
            {needsCode && (
              <CodeField id="reset-code" label={t('access.reset.code')} hint={t('access.reset.codeHint')} value={form.code} error={fieldErrors.code} onValue={(code) => setForm({ ...form, code })} />
            )}
          </Form>
        )}
      </section>
    </div>
  );
}
