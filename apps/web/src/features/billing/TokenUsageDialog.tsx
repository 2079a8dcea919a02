import { formatShards, METERED_PROVIDERS, type BillingInfo, type TokenUsageResponse } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../../shared/billing/api';
import { Dialog } from '../../shared/ui/Dialog';
import { EmptyState } from '../../shared/ui/EmptyState';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLORS: Record<string, string> = { openai: '#34d399', claude: '#f59e0b', qwen: '#a855f7' };
const fallbackColor = '#60a5fa';

/** The last 30 UTC days, oldest first, as YYYY-MM-DD. */
function lastDays(n: number): string[] {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  return Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function UsageChart({ usage }: { usage: TokenUsageResponse }) {
  const { t } = useTranslation('billing');
  const canvas = useRef<HTMLCanvasElement>(null);
  const days = useMemo(() => lastDays(usage.days), [usage.days]);
  useEffect(() => {
    if (!canvas.current) return;
    const providers = [...new Set([...METERED_PROVIDERS, ...usage.usage.map((u) => u.provider)])];
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days.map((d) => d.slice(5)),
        datasets: providers.map((p) => ({
          label: t(`usage.providers.${p}`, { defaultValue: p }),
          data: days.map((d) => usage.usage.filter((u) => u.day === d && u.provider === p).reduce((s, u) => s + u.tokens, 0)),
          backgroundColor: COLORS[p] ?? fallbackColor,
          borderRadius: 4,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true, ticks: { color: '#94a3b8', maxRotation: 0, autoSkip: true, maxTicksLimit: 10 }, grid: { display: false } },
          y: { stacked: true, beginAtZero: true, ticks: { color: '#94a3b8', callback: (v) => formatShards(Number(v)) }, grid: { color: 'rgba(148,163,184,0.12)' } },
        },
        plugins: { legend: { labels: { color: '#e2e8f0', boxWidth: 12 } }, tooltip: { mode: 'index', intersect: false } },
      },
    });
    return () => chart.destroy();
  }, [usage, days, t]);
  return (
    <div className="usage-chart">
      <canvas ref={canvas} role="img" aria-label={t('usage.chartLabel')} />
    </div>
  );
}

/** Token usage per provider and model per day (last 30 days), with today's free allowance left. */
export function TokenUsageDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('billing');
  const usage = useQuery({ queryKey: ['billing', 'token-usage'], queryFn: billingApi.tokenUsage, enabled: open });
  const info = useQuery<BillingInfo>({ queryKey: ['billing', 'info'], queryFn: () => billingApi.info(), enabled: open });
  const byModel = useMemo(() => {
    const map = new Map<string, { provider: string; model: string; tokens: number; timeshards: number }>();
    for (const u of usage.data?.usage ?? []) {
      const key = `${u.provider}:${u.model}`;
      const row = map.get(key) ?? { provider: u.provider, model: u.model, tokens: 0, timeshards: 0 };
      row.tokens += u.tokens;
      row.timeshards += u.timeshards;
      map.set(key, row);
    }
    return [...map.values()].sort((a, b) => b.tokens - a.tokens);
  }, [usage.data]);
  const failed = usage.isError || info.isError;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('usage.title')} description={t('usage.subtitle')} wide>
      {failed && (
        <p className="alert alert-error" role="alert">
          {t('errors.usageLoadFailed')}
        </p>
      )}
      {(usage.isLoading || info.isLoading) && !failed && (
        <div className="center-page" style={{ minHeight: 200 }} aria-busy="true">
          <div className="spinner" />
        </div>
      )}
      {usage.data && info.data && (
        <div className="usage-body">
          <div className="usage-free">
            {METERED_PROVIDERS.map((p) => (
              <div key={p} className="usage-stat">
                <span className="usage-dot" style={{ background: COLORS[p] }} aria-hidden="true" />
                <span className="usage-provider">{t(`usage.providers.${p}`)}</span>
                <strong>{formatShards(info.data.freeTokensRemaining[p])}</strong>
                <span className="muted">{t('usage.freeLeft')}</span>
                <span className="muted usage-total">{t('usage.totalUsed', { amount: formatShards(info.data.totalTokensUsed[p]) })}</span>
              </div>
            ))}
          </div>
          {usage.data.usage.length === 0 ? (
            <EmptyState message={t('usage.empty')} />
          ) : (
            <>
              <UsageChart usage={usage.data} />
              <table className="usage-table">
                <caption className="visually-hidden">{t('usage.byModel')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.model')}</th>
                    <th scope="col">{t('usage.tokens')}</th>
                    <th scope="col">{t('usage.cost')}</th>
                  </tr>
                </thead>
                <tbody>
                  {byModel.map((r) => (
                    <tr key={`${r.provider}:${r.model}`}>
                      <td>
                        <span className="usage-dot" style={{ background: COLORS[r.provider] ?? fallbackColor }} aria-hidden="true" />{' '}
                        {r.model || t('usage.allModels', { provider: t(`usage.providers.${r.provider}`, { defaultValue: r.provider }) })}
                      </td>
                      <td>{r.tokens.toLocaleString()}</td>
                      <td>{r.model === '' ? '—' : r.timeshards === 0 ? t('usage.free') : formatShards(r.timeshards)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('usage.total')}</th>
                    <td>{usage.data.totals.tokens.toLocaleString()}</td>
                    <td>{formatShards(usage.data.totals.timeshards)}</td>
                  </tr>
                </tfoot>
              </table>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
