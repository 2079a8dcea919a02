import { authApi, type User } from '@yumi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { CURRENT_USER_KEY, useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { ResendVerificationButton } from './VerifyBanner';

type State = { kind: 'working' } | { kind: 'done'; email: string; changed: boolean } | { kind: 'failed'; code: string; message: string };

/** /verify-email?token=…: the link from the sign-up or change-of-address mail, opened once. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('common');
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link is single use, so a second request (React's double effect) would fail it.
    if (sent.current) return;
    sent.current = true;
    call(authApi.verifyEmail, { body: { token } }, { quiet: true })
      .then((res) => {
        setState({ kind: 'done', email: res.email, changed: res.changed });
        client.setQueryData<User | null>(CURRENT_USER_KEY, (old) => (old ? { ...old, email: res.email, emailVerified: true } : old));
        void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      })
      .catch((err: unknown) => {
        const code = err instanceof ApiError ? (err.code ?? err.type) : 'UNKNOWN';
        // The server's message says which: unknown, used or expired (localized); a malformed token is a 422.
        const message =
          err instanceof ApiError && err.type === 'NETWORK' ? t('errors.network') : err instanceof ApiError && err.status !== 422 ? err.message : t('access.link.invalid');
        setState({ kind: 'failed', code, message });
      });
  }, [token, client, t]);

  return (
    <div className="center-page">
      <section className="card access-card" aria-labelledby="verify-title" aria-busy={state.kind === 'working'}>
        <h1 id="verify-title" className="access-title">
          <span className="gradient-text">{t('access.verify.title')}</span>
        </h1>
        {state.kind === 'working' && <p role="status">{t('access.verify.working')}</p>}
        {state.kind === 'done' && (
          <>
            <div className="alert alert-success" role="status">
              {t(state.changed ? 'access.verify.changed' : 'access.verify.done', { email: state.email })}
            </div>
            <Link className="btn btn-primary access-action" to="/">
              {t('access.verify.continue')}
            </Link>
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <div className="alert alert-error" role="alert">
              {state.message}
            </div>
            {user && !user.emailVerified ? (
              <ResendVerificationButton />
            ) : (
              <p className="muted">{user ? t('access.verify.askAgainAccount') : t('access.verify.askAgainSignIn')}</p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
