import { ALIPAY_TAX_RATE, formatShards, formatUsd } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { billingApi } from '../../shared/billing/api';
import { Button } from '../../shared/ui/Button';

/**
 * The built-in checkout used when a provider has no keys. It is clearly marked TEST MODE, shows exactly
 * what the real provider would charge, and Pay goes through the same fulfilment as a real payment.
 */
export function TestCheckoutPage() {
  const { t } = useTranslation('billing');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [failed, setFailed] = useState(false);
  const purchase = useQuery({ queryKey: ['billing', 'purchase', id], queryFn: () => billingApi.purchase(id), retry: false });
  const p = purchase.data;

  async function act(action: 'pay' | 'cancel') {
    setBusy(action);
    setFailed(false);
    try {
      await billingApi.testCheckout(id, action);
      navigate(`/charge/return?purchase=${encodeURIComponent(id)}${action === 'cancel' ? '&cancelled=1' : ''}`, { replace: true });
    } catch {
      setFailed(true);
      setBusy(null);
    }
  }

  const basePrice = p && p.method === 'alipay' ? Math.round(p.amountCents / (1 + ALIPAY_TAX_RATE)) : p?.amountCents;
  return (
    <div className="center-page">
      <div className="card checkout-card test-checkout" data-testid="test-checkout">
        <div className="test-mode-banner" role="note">
          <strong>{t('testMode.badge')}</strong>
          <span>{t('testMode.banner')}</span>
        </div>
        <h1>{t('testCheckout.title')}</h1>
        {purchase.isLoading && <div className="spinner" aria-busy="true" />}
        {purchase.isError && (
          <>
            <p className="alert alert-error" role="alert">
              {t('return.notFound')}
            </p>
            <Link className="btn" to="/charge">
              {t('return.back')}
            </Link>
          </>
        )}
        {p && (
          <>
            <dl className="checkout-summary">
              <div>
                <dt>{t('testCheckout.item')}</dt>
                <dd>{p.kind === 'subscription' ? t('blessing.title') : t(`packages.names.${p.itemId}`, { defaultValue: p.label })}</dd>
              </div>
              <div>
                <dt>{t('testCheckout.timeshards')}</dt>
                <dd>{formatShards(p.tokens)}</dd>
              </div>
              <div>
                <dt>{t('testCheckout.provider')}</dt>
                <dd>{t(`history.method.${p.method}`)}</dd>
              </div>
              {p.method === 'alipay' && basePrice !== undefined && (
                <div>
                  <dt>{t('testCheckout.tax')}</dt>
                  <dd>
                    {formatUsd(basePrice)} + {formatUsd(p.amountCents - basePrice)}
                  </dd>
                </div>
              )}
              <div className="checkout-total">
                <dt>{t('testCheckout.wouldCharge')}</dt>
                <dd data-testid="would-charge">{`${formatUsd(p.amountCents)} ${p.currency}`}</dd>
              </div>
            </dl>
            {p.status !== 'pending' ? (
              <>
                <p className="alert alert-info">{t(`history.status.${p.status}`)}</p>
                <Link className="btn" to="/charge">
                  {t('return.back')}
                </Link>
              </>
            ) : (
              <div className="dialog-actions">
                <Button disabled={!!busy} onClick={() => void act('cancel')}>
                  {busy === 'cancel' ? t('packages.processing') : t('testCheckout.cancel')}
                </Button>
                <Button variant="primary" disabled={!!busy} onClick={() => void act('pay')}>
                  {busy === 'pay' ? t('packages.processing') : t('testCheckout.pay', { price: formatUsd(p.amountCents) })}
                </Button>
              </div>
            )}
            {failed && (
              <p className="alert alert-error" role="alert">
                {t('errors.paymentFailed')}
              </p>
            )}
            <p className="muted fine-print">{t('testCheckout.explain')}</p>
          </>
        )}
      </div>
    </div>
  );
}
