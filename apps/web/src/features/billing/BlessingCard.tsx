import { formatShards, formatUsd, type BillingInfo, type PackagesResponse } from '@yumi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { billingApi } from '../../shared/billing/api';
import { BILLING_INFO_KEY } from '../../shared/billing/useBalance';
import { Button } from '../../shared/ui/Button';
import { toast } from '../../shared/ui/toast';
import { PayButtons } from './PackageCard';
import type { useCheckout } from './useCheckout';

/** The Yumi Blessing: buy it, or (when active) claim today's share and, from day 11, the rest at once. */
export function BlessingCard({
  plan,
  info,
  signedIn,
  checkout,
}: {
  plan: PackagesResponse['subscription'];
  info: BillingInfo | undefined;
  signedIn: boolean;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const { t } = useTranslation('billing');
  const client = useQueryClient();
  const [claiming, setClaiming] = useState<'daily' | 'all' | null>(null);
  const sub = info?.subscription ?? null;

  async function claim(mode: 'daily' | 'all') {
    setClaiming(mode);
    try {
      const res = await billingApi.claimBlessing(mode);
      toast('success', t('blessing.claimed', { amount: formatShards(res.granted) }));
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      toast('error', code === 'ALREADY_CLAIMED' ? t('blessing.alreadyClaimed') : (err as Error).message);
    } finally {
      setClaiming(null);
      await client.invalidateQueries({ queryKey: BILLING_INFO_KEY });
    }
  }

  return (
    <section className="card blessing-card" aria-labelledby="blessing-title" data-testid="blessing-card">
      <div className="blessing-glow" aria-hidden="true" />
      <div className="blessing-main">
        <div className="blessing-head">
          <h2 id="blessing-title">{t('blessing.title')}</h2>
          {plan.popular && <span className="badge blessing-popular">{t('blessing.popular')}</span>}
        </div>
        <p className="blessing-pitch">
          {t('blessing.pitch', { daily: formatShards(plan.dailyTokens), days: plan.durationDays, total: formatShards(plan.totalTokens) })}
        </p>
        <ul className="blessing-points">
          <li>{t('blessing.pointDaily', { daily: formatShards(plan.dailyTokens) })}</li>
          <li>{t('blessing.pointLump', { day: plan.claimAllFromDay, amount: formatShards(plan.dailyTokens * (plan.durationDays - plan.claimAllFromDay + 1)) })}</li>
          <li>{t('blessing.pointMissed')}</li>
        </ul>
      </div>
      <div className="blessing-side">
        {sub ? (
          <div className="blessing-status" data-testid="blessing-status">
            <p className="blessing-day">{t('blessing.dayOf', { day: sub.dayIndex, total: sub.durationDays })}</p>
            <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={sub.durationDays} aria-valuenow={sub.dayIndex} aria-label={t('blessing.progress')}>
              <span style={{ width: `${Math.min(100, (sub.dayIndex / sub.durationDays) * 100)}%` }} />
            </div>
            <p className="muted">{t('blessing.remaining', { amount: formatShards(sub.remainingTokens), claimed: sub.claimedDays, total: sub.durationDays })}</p>
            <Button variant="primary" block disabled={sub.claimedToday || !!claiming} onClick={() => void claim('daily')}>
              {claiming === 'daily' ? t('packages.processing') : sub.claimedToday ? t('blessing.comeBack') : t('blessing.claimToday', { amount: formatShards(sub.dailyTokens) })}
            </Button>
            {sub.canClaimAll ? (
              <Button block disabled={!!claiming} onClick={() => void claim('all')}>
                {claiming === 'all' ? t('packages.processing') : t('blessing.claimAll', { amount: formatShards(sub.remainingTokens) })}
              </Button>
            ) : (
              <p className="muted fine-print">{t('blessing.claimAllFrom', { day: plan.claimAllFromDay })}</p>
            )}
          </div>
        ) : (
          <>
            <p className="blessing-price">
              {formatUsd(plan.priceCents)} <span className="muted">{t('blessing.perPlan', { days: plan.durationDays })}</span>
            </p>
            <PayButtons id={plan.id} kind="subscription" priceCents={plan.priceCents} alipayPriceCents={plan.alipayPriceCents} signedIn={signedIn} checkout={checkout} primary />
          </>
        )}
      </div>
    </section>
  );
}
