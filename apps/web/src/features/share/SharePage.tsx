import { sharingApi } from '@yumi/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';

/**
 * /share/<token>: a share link or a mailed invitation. Signed out, it asks to sign in or sign up and comes
 * back here (the token stays in the address); signed in, it accepts and opens the document.
 */
export default function SharePage() {
  const { t } = useTranslation('writing');
  const { token = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: an invitation is single use, so React's second effect must not send it again.
    if (!user || sent.current) return;
    sent.current = true;
    call(sharingApi.accept, { body: { token } }, { quiet: true })
      .then((res) => navigate(`/writing?screen=${res.kind}&doc=${res.documentId}`, { replace: true }))
      .catch((err: unknown) => {
        // The server's message is in the user's language; a malformed token is a 422 with a generic one.
        setError(err instanceof ApiError && err.type === 'NETWORK' ? t('share.page.network') : err instanceof ApiError && err.status !== 422 ? err.message : t('share.page.invalid'));
      });
  }, [user, token, navigate, t]);

  const back = `/login?from=${encodeURIComponent(`/share/${token}`)}`;
  return (
    <div className="center-page">
      <section className="card access-card" aria-labelledby="share-title" aria-busy={!error && (isLoading || !!user)}>
        <h1 id="share-title" className="access-title">
          <span className="gradient-text">{t('share.page.title')}</span>
        </h1>
        {error ? (
          <>
            <div className="alert alert-error" role="alert">
              {error}
            </div>
            <Link to="/">{t('share.page.home')}</Link>
          </>
        ) : !isLoading && !user ? (
          <>
            <p>{t('share.page.signIn')}</p>
            <Link className="btn btn-primary" to={back}>
              {t('share.page.signInButton')}
            </Link>
          </>
        ) : (
          <p role="status">{t('share.page.opening')}</p>
        )}
      </section>
    </div>
  );
}
