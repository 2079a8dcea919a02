import { formatShards, formatUsd, type PackagesResponse } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../../shared/billing/api';
import { useOnline } from '../../shared/hooks/useOnline';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/Button';
import type { useCheckout } from './useCheckout';

type Pkg = PackagesResponse['packages'][number];
/** Prices are in US dollars (the currency code is not translated). */
const CURRENCY = 'USD';

export function PayButtons({
  id,
  kind,
  priceCents,
  alipayPriceCents,
  signedIn,
  checkout,
  primary,
}: {
  id: string;
  kind: 'package' | 'subscription';
  priceCents: number;
  alipayPriceCents: number;
  signedIn: boolean;
  checkout: ReturnType<typeof useCheckout>;
  primary?: boolean;
}) {
  const { t } = useTranslation('billing');
  // Offline the page says why once (ChargePage): checkout goes through the payment provider.
  const online = useOnline();
  // The same cached query as the page: which methods this server offers (a method without a provider is hidden).
  const providers = useQuery<PackagesResponse>({
    queryKey: ['billing', 'packages'],
    queryFn: billingApi.packages,
    staleTime: 5 * 60_000,
  }).data?.providers;
  if (!signedIn) {
    return (
      <Link className="btn btn-block" to="/login?from=%2Fcharge">
        {t('packages.signInToBuy')}
      </Link>
    );
  }
  const busy = checkout.processing;
  const isBusy = (method: 'stripe' | 'alipay') => busy?.id === id && busy.method === method;
  const offers = (method: 'stripe' | 'alipay') => !providers || providers[method] !== 'off';
  if (!offers('stripe') && !offers('alipay')) {
    // No way to pay on this server: the reason is said once, at the top of the page (ChargePage).
    return (
      <div className="pay-buttons">
        <Button block disabled aria-describedby="payments-off">
          {t('packages.payCard', { price: formatUsd(priceCents) })}
        </Button>
      </div>
    );
  }
  return (
    <div className="pay-buttons">
      {offers('stripe') && (
        <Button
          variant={primary ? 'primary' : 'secondary'}
          block
          disabled={!!busy || !online}
          aria-busy={isBusy('stripe')}
          onClick={() => void checkout.start({ id, kind }, 'stripe')}
        >
          {isBusy('stripe')
            ? t('packages.processing')
            : t('packages.payCard', { price: formatUsd(priceCents) })}
        </Button>
      )}
      {offers('alipay') && (
        <Button
          block
          disabled={!!busy || !online}
          aria-busy={isBusy('alipay')}
          onClick={() => void checkout.start({ id, kind }, 'alipay')}
        >
          {isBusy('alipay')
            ? t('packages.processing')
            : t('packages.payAlipay', { price: formatUsd(alipayPriceCents) })}
        </Button>
      )}
    </div>
  );
}

/** One timeshard package: amount as K/M, the card price and the Alipay price with its 10 % tax. */
export function PackageCard({
  pkg,
  signedIn,
  checkout,
}: {
  pkg: Pkg;
  signedIn: boolean;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const { t } = useTranslation('billing');
  return (
    <article
      className={`card package-card ${pkg.recommended ? 'is-recommended' : ''}`}
      data-testid={`package-${pkg.id}`}
      aria-label={t(`packages.names.${pkg.id}`)}
    >
      {pkg.recommended && <span className="badge package-ribbon">{t('packages.recommended')}</span>}
      <h3 className="package-name">{t(`packages.names.${pkg.id}`)}</h3>
      {/* The amount and the price are figures, not paragraphs of prose, and not headings (the name is): as short bold
          <p>s before the description, axe's p-as-heading (WCAG 1.3.1) read them as headings styled by hand. */}
      <div className="package-amount">
        <span className="gradient-text">{formatShards(pkg.tokens)}</span>
        <span className="package-unit">{t('units.timeshards')}</span>
      </div>
      <div className="package-price">
        {formatUsd(pkg.priceCents)} <span className="muted">{CURRENCY}</span>
      </div>
      <p className="muted package-desc">{t(`packages.descriptions.${pkg.id}`)}</p>
      <PayButtons
        id={pkg.id}
        kind="package"
        priceCents={pkg.priceCents}
        alipayPriceCents={pkg.alipayPriceCents}
        signedIn={signedIn}
        checkout={checkout}
        primary={pkg.recommended}
      />
    </article>
  );
}
