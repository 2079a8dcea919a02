import { formatShards } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { billingApi } from '../../shared/billing/api';
import { BILLING_INFO_KEY, useBalance } from '../../shared/billing/useBalance';

/** How long the page waits for the provider's confirmation before saying it is still on its way. */
const POLL_MS = 1500;
const GIVE_UP_MS = 120_000;

/** Where the provider sends the browser back: polls the purchase until it is settled, once. */
export function CheckoutReturnPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const id = params.get('purchase') ?? '';
  const cancelled = params.get('cancelled') === '1';
  const client = useQueryClient();
  const { balance } = useBalance();
  const started = useRef(Date.now());
  const [cancelDone, setCancelDone] = useState(!cancelled);

  useEffect(() => {
    if (!cancelled || !id) return;
    // Leaving the provider without paying ends this checkout (a later confirmed payment still counts).
    void billingApi
      .cancelPurchase(id)
      .catch(() => undefined)
      .finally(() => setCancelDone(true));
  }, [cancelled, id]);

  const purchase = useQuery({
    queryKey: ['billing', 'purchase', id],
    queryFn: () => billingApi.purchase(id),
    enabled: !!id && cancelDone,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && Date.now() - started.current < GIVE_UP_MS ? POLL_MS : false),
  });
  const status = purchase.data?.status;
  useEffect(() => {
    if (status && status !== 'pending') {
      void client.invalidateQueries({ queryKey: BILLING_INFO_KEY });
      void client.invalidateQueries({ queryKey: ['billing', 'purchases'] });
    }
  }, [status, client]);

  let body;
  if (!id || purchase.isError) {
    body = <p className="alert alert-error" role="alert">{t('return.notFound')}</p>;
  } else if (!purchase.data || status === 'pending') {
    const late = Date.now() - started.current >= GIVE_UP_MS;
    body = (
      <div className="return-waiting" aria-live="polite">
        {!late && <div className="spinner" aria-hidden="true" />}
        <p>{late ? t('return.slow') : t('return.waiting')}</p>
      </div>
    );
  } else if (status === 'paid') {
    body = (
      <div data-testid="return-success">
        <p className="return-emoji" aria-hidden="true">✦</p>
        <h2>{t('return.successTitle')}</h2>
        <p>{t('return.success', { amount: formatShards(purchase.data.tokens) })}</p>
        {balance !== undefined && <p className="muted">{t('return.newBalance', { amount: formatShards(balance) })}</p>}
      </div>
    );
  } else {
    body = (
      <div data-testid="return-failed">
        <p className="alert alert-error" role="alert">
          {cancelled ? t('return.cancelled') : t('errors.paymentFailed')}
        </p>
      </div>
    );
  }
  return (
    <div className="center-page">
      <div className="card checkout-card return-card">
        <h1>{t('return.title')}</h1>
        {body}
        <Link className="btn btn-primary" to="/charge">
          {t('return.back')}
        </Link>
      </div>
    </div>
  );
}
