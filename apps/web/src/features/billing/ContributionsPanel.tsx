import { formatShards, REWARDS } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../../shared/billing/api';
import { Button } from '../../shared/ui/Button';
import { UploadArtworkDialog } from './UploadArtworkDialog';
import { EmptyState } from '../../shared/ui/EmptyState';

const CONTRIBUTIONS_KEY = ['art', 'contributions'] as const;

/** The user's artwork contributions: stats, statuses, rewards, and the upload dialog. */
export function ContributionsPanel() {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(false);
  const query = useQuery({ queryKey: CONTRIBUTIONS_KEY, queryFn: billingApi.contributions });
  const stats = query.data?.stats;
  return (
    <section className="card charge-panel" aria-labelledby="contrib-title">
      <div className="panel-head">
        <h2 id="contrib-title">{t('contributions.title')}</h2>
        <Button variant="primary" size="sm" onClick={() => setOpen(true)}>
          {t('contributions.upload')}
        </Button>
      </div>
      <p className="muted">
        {t('contributions.pitch', { reward: REWARDS.approvedArtwork.toLocaleString(), first: REWARDS.firstContributionBonus, exceptional: REWARDS.exceptionalBonus })}
      </p>
      {query.isError && <p className="alert alert-error">{t('errors.loadFailed')}</p>}
      {stats && (
        <div className="contrib-stats">
          <div>
            <strong data-testid="pending-count">{stats.pendingContributions}</strong>
            <span className="muted">{t('contributions.pending')}</span>
          </div>
          <div>
            <strong>{stats.approvedContributions}</strong>
            <span className="muted">{t('contributions.approved')}</span>
          </div>
          <div>
            <strong className="gradient-text">{formatShards(stats.totalRewardsEarned)}</strong>
            <span className="muted">{t('contributions.earned')}</span>
          </div>
        </div>
      )}
      {query.data && query.data.contributions.length === 0 && <EmptyState message={t('contributions.empty')} />}
      {query.data && query.data.contributions.length > 0 && (
        <ul className="contrib-list">
          {query.data.contributions.map((c) => (
            <li key={c.id} className="contrib-item" data-testid="contribution">
              <img src={c.imageUrl} alt={c.title} loading="lazy" width={56} height={56} />
              <div className="contrib-text">
                <strong>{c.title}</strong>
                {c.status === 'rejected' && c.rejectionReason && <span className="muted contrib-reason">{t('contributions.reason', { reason: c.rejectionReason })}</span>}
                {c.status === 'approved' && <span className="muted">{t('contributions.rewarded', { amount: c.reward.toLocaleString() })}</span>}
              </div>
              <span className={`badge status-badge status-${c.status}`}>
                {t(`contributions.status.${c.status}`)}
                {c.exceptional ? ` · ${t('contributions.exceptional')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <UploadArtworkDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
