import { formatShards } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../shared/billing/useBalance';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';

/** The charge panel: the signed-in user's timeshards and the way to /charge. */
export function ChargePanel() {
  const { t } = useTranslation('main');
  const { user } = useCurrentUser();
  const { balance, isLoading } = useBalance();
  return (
    <section className="panel-card charge-panel" aria-labelledby="charge-title">
      <span className="charge-gem" aria-hidden="true">
        ✦
      </span>
      <h2 id="charge-title">{t('charge.title')}</h2>
      {user ? (
        <p className="charge-balance" data-testid="charge-balance">
          {isLoading || typeof balance !== 'number' ? '…' : formatShards(balance)}
        </p>
      ) : (
        <p className="muted charge-hint">{t('charge.anonymous')}</p>
      )}
      <Link to={user ? '/charge' : '/login?from=%2Fcharge'} className="btn btn-primary btn-sm charge-action">
        {user ? t('charge.topUp') : t('charge.signIn')}
      </Link>
    </section>
  );
}
