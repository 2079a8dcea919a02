import { artApi, creditsApi, formatShards, REWARDS, type ReviewItem } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Tabs } from '../../shared/ui/Tabs';
import { toast } from '../../shared/ui/toast';
import { AuditLog } from './AuditLog';
import { Connections } from './Connections';
import './admin.css';
import { EmptyState } from '../../shared/ui/EmptyState';

type Status = 'pending' | 'approved' | 'rejected';
const STATUSES: Status[] = ['pending', 'approved', 'rejected'];

/** Timeshards the TEST MODE checkout granted: marked in the ledger, shown here as TEST so they are never mistaken for revenue. */
function TestGrants() {
  const { t, i18n } = useTranslation('billing');
  const grants = useQuery({ queryKey: ['billing', 'admin', 'test-grants'], queryFn: () => call(creditsApi.testGrants) });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!grants.data) return null;
  return (
    <section className="card admin-test-grants" aria-labelledby="test-grants-title" data-testid="admin-test-grants">
      <h2 id="test-grants-title">{t('admin.testGrants.title')}</h2>
      <p className="muted">{t('admin.testGrants.total', { amount: formatShards(grants.data.total) })}</p>
      {grants.data.grants.length === 0 ? (
        <p className="muted">{t('admin.testGrants.empty')}</p>
      ) : (
        <ul className="history-list">
          {grants.data.grants.map((g) => (
            <li key={g.id} className="history-row">
              <span>
                <span className="badge">{t('testMode.badge')}</span> <strong>{g.username}</strong> · {formatShards(g.amount)}
              </span>
              <span className="muted">{date.format(new Date(g.createdAt))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RejectDialog({ item, onClose, onDone }: { item: ReviewItem | null; onClose(): void; onDone(): void }) {
  const { t } = useTranslation('billing');
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!item || !reason.trim()) return;
    setBusy(true);
    try {
      await call(artApi.review, { params: { id: item.id }, body: { decision: 'reject', reason: reason.trim() } });
      toast('info', t('admin.rejectedToast', { title: item.title }));
      setReason('');
      onDone();
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!item} onOpenChange={(o) => !o && onClose()} title={t('admin.rejectTitle')} description={item?.title}>
      <div className="field">
        <label htmlFor={id}>{t('admin.reason')}</label>
        <textarea id={id} className="textarea" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('admin.reasonPlaceholder')} />
      </div>
      <div className="dialog-actions">
        <Button onClick={onClose}>{t('upload.cancel')}</Button>
        <Button variant="danger" disabled={!reason.trim() || busy} onClick={() => void submit()}>
          {t('admin.reject')}
        </Button>
      </div>
    </Dialog>
  );
}

/** /admin: the contribution review queue, language-model connections, TEST MODE grants and the audit log. */
export default function AdminReviewPage() {
  const { t, i18n } = useTranslation('billing');
  const { user, isLoading } = useCurrentUser();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const isAdmin = user?.role === 'admin';
  const queue = useQuery({
    queryKey: ['art', 'review', status],
    queryFn: () => call(artApi.reviewQueue, { query: { status } }),
    enabled: isAdmin,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // A decision changes the queue and adds to the audit log.
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['art', 'review'] }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]);

  async function approve(item: ReviewItem, exceptional: boolean) {
    setBusyId(item.id);
    try {
      const res = await call(artApi.review, { params: { id: item.id }, body: { decision: 'approve', exceptional } });
      toast('success', t('admin.approvedToast', { title: item.title, amount: res.rewardGranted.toLocaleString() }));
    } catch (err) {
      toast('error', err instanceof ApiError && err.code === 'ALREADY_REVIEWED' ? t('admin.alreadyReviewed') : (err as Error).message);
    } finally {
      setBusyId(null);
      void refresh();
    }
  }

  if (isLoading) {
    return (
      <div className="center-page" aria-busy="true">
        <div className="spinner" />
      </div>
    );
  }
  if (!isAdmin) {
    return (
      <div className="center-page">
        <div className="card" style={{ maxWidth: 460 }}>
          <h1>{t('admin.title')}</h1>
          <p className="muted">{user ? t('admin.notAdmin') : t('admin.signIn')}</p>
          <Link className="btn btn-primary" to={user ? '/' : '/login?from=%2Fadmin'}>
            {user ? t('return.backHome') : t('balance.signIn')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="page admin-page">
      <header className="admin-head">
        <div>
          <h1>
            <span className="gradient-text">{t('admin.title')}</span>
          </h1>
          <p className="muted">{t('admin.subtitle', { reward: REWARDS.approvedArtwork, first: REWARDS.firstContributionBonus, exceptional: REWARDS.exceptionalBonus })}</p>
        </div>
      </header>
      <Tabs
        label={t('admin.filter')}
        value={status}
        onValueChange={(s) => setStatus(s as typeof status)}
        items={STATUSES.map((s) => ({
          id: s,
          label: t(`contributions.status.${s}`),
          // Every tab shows the one queue, loaded for the chosen status.
          content: s === status && (
            <>
              {queue.isError && <p className="alert alert-error">{(queue.error as Error).message}</p>}
              {queue.isLoading && (
                <div className="center-page" style={{ minHeight: 200 }}>
                  <div className="spinner" />
                </div>
              )}
              {queue.data && queue.data.items.length === 0 && <div className="card"><EmptyState message={t('admin.empty')} /></div>}
              <div className="review-grid">
                {queue.data?.items.map((item) => (
                  <article key={item.id} className="card review-card" data-testid="review-item">
                    <a href={item.imageUrl} target="_blank" rel="noreferrer" className="review-image">
                      <img src={item.imageUrl} alt={item.title} loading="lazy" />
                    </a>
                    <div className="review-body">
                      <h2>{item.title}</h2>
                      <p className="muted review-meta">
                        {t('admin.by', { user: item.username })} · {date.format(new Date(item.createdAt))} · {item.width}×{item.height}
                      </p>
                      <p className="review-consent">{item.consentToShow ? t('admin.consentYes') : t('admin.consentNo')}</p>
                      {item.status === 'rejected' && item.rejectionReason && <p className="muted">{t('contributions.reason', { reason: item.rejectionReason })}</p>}
                      {item.status === 'approved' && item.exceptional && <span className="badge">{t('contributions.exceptional')}</span>}
                    </div>
                    {item.status === 'pending' && (
                      <div className="review-actions">
                        <Button variant="primary" size="sm" disabled={busyId === item.id} onClick={() => void approve(item, false)}>
                          {t('admin.approve')}
                        </Button>
                        <Button size="sm" disabled={busyId === item.id} onClick={() => void approve(item, true)}>
                          {t('admin.approveExceptional')}
                        </Button>
                        <Button variant="danger" size="sm" disabled={busyId === item.id} onClick={() => setRejecting(item)}>
                          {t('admin.reject')}
                        </Button>
                      </div>
                    )}
                  </article>
                ))}
              </div>
            </>
          ),
        }))}
      />
      <Connections />
      <TestGrants />
      <AuditLog />
      <RejectDialog
        item={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          void refresh();
        }}
      />
    </div>
  );
}
