import { formatShards, type PackagesResponse } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billingApi } from '../../shared/billing/api';
import { BILLING_INFO_KEY, useBillingInfo } from '../../shared/billing/useBalance';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useOnline } from '../../shared/hooks/useOnline';
import { NeedsServer } from '../../shared/network/NeedsServer';
import { Button } from '../../shared/ui/Button';
import { BlessingCard } from './BlessingCard';
import { ContributionsPanel } from './ContributionsPanel';
import { PackageCard } from './PackageCard';
import { PurchaseHistory } from './PurchaseHistory';
import { TokenUsageDialog } from './TokenUsageDialog';
import { useCheckout } from './useCheckout';

/** /charge: balance, the seven packages, the Yumi Blessing, purchase history, token usage and contributions. */
export function ChargePage() {
  const { t } = useTranslation('billing');
  const { user, isLoading: userLoading } = useCurrentUser();
  const client = useQueryClient();
  const packages = useQuery<PackagesResponse>({ queryKey: ['billing', 'packages'], queryFn: billingApi.packages, staleTime: 5 * 60_000 });
  const info = useBillingInfo();
  const checkout = useCheckout();
  const [usageOpen, setUsageOpen] = useState(false);
  const online = useOnline();
  // Offline, failing to load is expected: the sentence below says why instead.
  const loadFailed = online && (packages.isError || info.isError);
  const testMode = packages.data && (packages.data.providers.stripe === 'test' || packages.data.providers.alipay === 'test');
  const paymentsOff = packages.data?.providers.stripe === 'off' && packages.data.providers.alipay === 'off';

  return (
    <div className="page charge-page">
      <header className="charge-hero">
        <div>
          <p className="charge-eyebrow">{t('page.eyebrow')}</p>
          <h1>
            <span className="gradient-text">{t('page.title')}</span>
          </h1>
          <p className="muted charge-lede">{t('page.subtitle')}</p>
        </div>
        <div className="card balance-card" aria-live="polite">
          <span className="balance-label">{t('balance.label')}</span>
          {user ? (
            <>
              <strong className="balance-value" data-testid="charge-balance">
                {info.data ? formatShards(info.data.balance) : '—'}
              </strong>
              <span className="muted balance-exact">{info.data ? t('balance.exact', { amount: info.data.balance.toLocaleString() }) : ' '}</span>
              <div className="balance-actions">
                <Button size="sm" onClick={() => setUsageOpen(true)}>
                  {t('usage.open')}
                </Button>
                <a className="btn btn-sm btn-ghost" href="#purchase-history">
                  {t('history.jump')}
                </a>
              </div>
            </>
          ) : (
            <>
              <span className="muted">{t('balance.signedOut')}</span>
              {!userLoading && (
                <Link className="btn btn-primary btn-sm" to="/login?from=%2Fcharge">
                  {t('balance.signIn')}
                </Link>
              )}
            </>
          )}
        </div>
      </header>

      {loadFailed && (
        <div className="alert alert-error charge-alert" role="alert">
          <span>{t('errors.loadFailed')}</span>
          <Button
            size="sm"
            onClick={() => {
              void packages.refetch();
              void client.invalidateQueries({ queryKey: BILLING_INFO_KEY });
            }}
          >
            {t('errors.retry')}
          </Button>
        </div>
      )}
      <NeedsServer feature="checkout" />
      {checkout.error && (
        <div className="alert alert-error charge-alert" role="alert" data-testid="payment-error">
          <span>{checkout.error.code === 'SUBSCRIPTION_ACTIVE' ? t('errors.subscriptionActive') : t('errors.paymentFailed')}</span>
          <Button size="sm" variant="ghost" onClick={checkout.clearError}>
            {t('errors.dismiss')}
          </Button>
        </div>
      )}
      {paymentsOff && (
        <div className="alert alert-warning" id="payments-off" data-testid="payments-off" role="status">
          {t('paymentsOff')}
        </div>
      )}
      {testMode && (
        <div className="alert alert-warning" data-testid="test-mode-notice">
          <strong>{t('testMode.badge')}</strong> {t('testMode.notice')}
        </div>
      )}

      {packages.isLoading && (
        <div className="center-page" style={{ minHeight: 240 }} aria-busy="true">
          <div className="spinner" />
        </div>
      )}
      {packages.data && (
        <>
          <BlessingCard plan={packages.data.subscription} info={info.data} signedIn={!!user} checkout={checkout} />
          <section aria-labelledby="packages-title" className="charge-section">
            <div className="section-head">
              <h2 id="packages-title">{t('packages.title')}</h2>
              <p className="muted">{t('packages.subtitle')}</p>
            </div>
            <div className="package-grid">
              {packages.data.packages.map((p) => (
                <PackageCard key={p.id} pkg={p} signedIn={!!user} checkout={checkout} />
              ))}
            </div>
            <p className="muted fine-print">{t('packages.finePrint')}</p>
          </section>
        </>
      )}

      {user && (
        <div className="charge-columns">
          <PurchaseHistory />
          <ContributionsPanel />
        </div>
      )}
      <TokenUsageDialog open={usageOpen} onOpenChange={setUsageOpen} />
    </div>
  );
}
