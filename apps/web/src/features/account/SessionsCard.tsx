import { authApi, type SessionInfo } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { useSessionActions } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { FormNote } from '../../shared/ui/Form';
import { accountErrorText } from './errors';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

/** "5 minutes ago" in the language on screen, from the browser's own tables. */
function ago(iso: string, language: string): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

function SessionRow({ session, onEnd, busy }: { session: SessionInfo; onEnd(): void; busy: boolean }) {
  const { t, i18n } = useTranslation('common');
  const what = [session.browser ?? t('account.sessions.unknownBrowser'), session.os]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="account-session" data-testid="session-row">
      <div>
        <p className="account-session-what">
          {what}
          {session.current && <span className="badge account-current">{t('account.sessions.current')}</span>}
        </p>
        <p className="muted small">
          {t(`account.sessions.device.${session.device}`)} ·{' '}
          {t('account.sessions.lastSeen', { when: ago(session.lastSeenAt, i18n.language) })} ·{' '}
          {t('account.sessions.since', {
            date: new Date(session.createdAt).toLocaleDateString(i18n.language),
          })}
          {session.ip && (
            <>
              {' '}
              · <span data-testid="session-ip">{t('account.sessions.ip', { ip: session.ip })}</span>
            </>
          )}
        </p>
      </div>
      {!session.current && (
        <Button size="sm" onClick={onEnd} disabled={busy} aria-label={t('account.sessions.endOne', { what })}>
          {t('account.sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** The user's sessions: device and browser, last seen, which is this one; end one or all others. */
export function SessionsCard() {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const { signOut } = useSessionActions();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => call(authApi.sessions),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOne = useMutation({
    mutationFn: (id: string) => call(authApi.endSession, { params: { id } }, { retries: 0 }),
    onMutate: () => (setError(null), setNotice(null)),
    onSuccess: () => (setNotice(t('account.sessions.endedOne')), refresh()),
    onError: (err) => (setError(accountErrorText(err, t)), refresh()),
  });
  const endOthers = useMutation({
    mutationFn: () => call(authApi.endOtherSessions, {}, { retries: 0 }),
    onMutate: () => (setError(null), setNotice(null)),
    onSuccess: ({ ended }) => (setNotice(t('account.sessions.endedOthers', { count: ended })), refresh()),
    onError: (err) => setError(accountErrorText(err, t)),
  });

  let body;
  if (query.isLoading) body = <div className="spinner" aria-busy="true" />;
  else if (!query.data) {
    body = (
      <div className="alert alert-error account-error" role="alert">
        <span>{t('account.sessions.loadError')}</span>
        <Button size="sm" onClick={() => void query.refetch()}>
          {t('account.retry')}
        </Button>
      </div>
    );
  } else {
    const { sessions, total } = query.data;
    const others = total - sessions.filter((s) => s.current).length;
    body = (
      <>
        <ul className="account-sessions">
          {sessions.map((s) => (
            <SessionRow key={s.id} session={s} busy={endOne.isPending} onEnd={() => endOne.mutate(s.id)} />
          ))}
        </ul>
        {total > sessions.length && (
          <p className="muted small">{t('account.sessions.more', { count: total - sessions.length })}</p>
        )}
        <div className="account-actions">
          <Button
            variant="danger"
            disabled={others === 0 || endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {t('account.sessions.endOthers')}
          </Button>
          <Button variant="ghost" onClick={() => void signOut()}>
            {t('auth.logOut')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <section className="card account-card" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">{t('account.sessions.title')}</h2>
      <p className="muted small">{t('account.sessions.hint')}</p>
      <div aria-live="polite">{notice && <p className="alert alert-success account-note">{notice}</p>}</div>
      <FormNote error={error} />
      {body}
    </section>
  );
}
