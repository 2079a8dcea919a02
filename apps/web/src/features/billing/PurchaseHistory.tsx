import { formatShards, formatUsd } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../../shared/billing/api';
import { EmptyState } from '../../shared/ui/EmptyState';

/** The user's purchases, newest first, with their status. */
export function PurchaseHistory() {
  const { t, i18n } = useTranslation('billing');
  const query = useQuery({ queryKey: ['billing', 'purchases'], queryFn: billingApi.purchases });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="card charge-panel" id="purchase-history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {query.isError && <p className="alert alert-error">{t('errors.loadFailed')}</p>}
      {query.data && query.data.purchases.length === 0 && <EmptyState message={t('history.empty')} />}
      {query.data && query.data.purchases.length > 0 && (
        <ul className="history-list">
          {query.data.purchases.map((p) => (
            <li key={p.id} className="history-row" data-testid="purchase-row">
              <div>
                <strong>{p.kind === 'subscription' ? t('blessing.title') : t(`packages.names.${p.itemId}`, { defaultValue: p.label })}</strong>
                <span className="muted history-meta">
                  {date.format(new Date(p.createdAt))} · {t(`history.method.${p.method}`)}
                  {p.provider === 'test' ? ` · ${t('testMode.badge')}` : ''}
                </span>
              </div>
              <div className="history-right">
                <span className="history-amount">
                  {formatUsd(p.amountCents)} · {formatShards(p.tokens)}
                </span>
                <span className={`badge status-badge status-${p.status}`}>{t(`history.status.${p.status}`)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
