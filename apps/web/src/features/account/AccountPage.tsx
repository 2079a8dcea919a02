import { accountApi } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { call } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { formatBytes, storageLevel } from './storage';
import { ChangeEmailCard } from './ChangeEmailCard';
import { DeleteCard } from './DeleteCard';
import { ExportCard } from './ExportCard';
import { PasswordCard } from './PasswordCard';
import { PreferencesCard } from './PreferencesCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';
import { TwoStepCard } from './TwoStepCard';
import './account.css';
import { Button } from '../../shared/ui/Button';

const STORAGE_KEY = ['me', 'storage'] as const;

function StorageCard() {
  const { t, i18n } = useTranslation('common');
  const query = useQuery({ queryKey: STORAGE_KEY, queryFn: () => call(accountApi.storage) });
  if (query.isLoading) return <div className="spinner" aria-busy="true" />;
  if (!query.data) {
    return (
      <div className="alert alert-error account-error" role="alert">
        <span>{t('account.loadError')}</span>
        <Button size="sm" onClick={() => void query.refetch()}>
          {t('account.retry')}
        </Button>
      </div>
    );
  }
  const { usedBytes, quotaBytes } = query.data;
  const share = Math.min(1, usedBytes / quotaBytes);
  // Some use shows as "<1", never as an empty-looking 0.
  const percent = usedBytes > 0 && share < 0.01 ? '<1' : String(Math.floor(share * 100));
  const level = storageLevel(usedBytes, quotaBytes);
  const used = t('account.used', { used: formatBytes(usedBytes, i18n.language), quota: formatBytes(quotaBytes, i18n.language) });
  return (
    <>
      <div className="account-storage-head">
        <span data-testid="storage-used">{used}</span>
        <span className="muted">{t('account.percent', { percent })}</span>
      </div>
      <div
        className={`storage-bar storage-${level}`}
        role="meter"
        aria-label={t('account.storage')}
        aria-valuemin={0}
        aria-valuemax={quotaBytes}
        aria-valuenow={Math.min(usedBytes, quotaBytes)}
        aria-valuetext={used}
      >
        <span style={{ width: `${share * 100}%` }} />
      </div>
      {level === 'full' && <p className="alert alert-error account-note">{t('account.full')}</p>}
      {level === 'high' && <p className="alert alert-warning account-note">{t('account.nearlyFull')}</p>}
      <p className="muted small account-hint">{t('account.hint')}</p>
    </>
  );
}

/** /account: who is signed in, their storage, preferences, password, address, sessions, two-step sign-in, export and deletion. */
export default function AccountPage() {
  const { t } = useTranslation('common');
  const { user, isLoading } = useCurrentUser();
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Navigate to="/" replace />;
  if (isLoading) {
    return (
      <div className="center-page" aria-busy="true">
        <div className="spinner" />
      </div>
    );
  }
  if (!user) return <Navigate to="/login?from=%2Faccount" replace />;
  return (
    <article className="page account-page">
      <p className="account-kicker">{t('account.kicker')}</p>
      <h1>{t('account.title')}</h1>
      <ProfileCard user={user} />
      <section className="card account-card" aria-labelledby="account-storage">
        <h2 id="account-storage">{t('account.storage')}</h2>
        <StorageCard />
      </section>
      <PreferencesCard />
      <PasswordCard />
      <ChangeEmailCard user={user} />
      <SessionsCard />
      <TwoStepCard />
      <ExportCard />
      <DeleteCard onDeleted={() => setDeleted(true)} />
    </article>
  );
}
