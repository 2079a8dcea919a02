import { formatShards } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './balance-badge.css';
import { useBalance } from './useBalance';

/** The top bar's timeshard balance for signed-in users; a click opens /charge. */
export function BalanceBadge() {
  // No suspense: the top bar must not wait for the billing strings.
  const { t, ready } = useTranslation('billing', { useSuspense: false });
  const { balance } = useBalance();
  if (balance === undefined || !ready) return null;
  return (
    <Link to="/charge" className="balance-badge" data-testid="balance-badge" aria-label={t('badge.label', { amount: balance.toLocaleString() })} title={t('badge.title')}>
      <span className="balance-gem" aria-hidden="true">◆</span>
      <span>{formatShards(balance)}</span>
    </Link>
  );
}
