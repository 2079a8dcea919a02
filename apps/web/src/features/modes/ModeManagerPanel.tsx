import { formatBytes, isCoreMode, MODE_CONFIGS, MODE_IDS, type ModeId } from '@yumi/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modeSize } from '../../shared/modes/manager';
import { useModes } from '../../shared/modes/store';
import './modes.css';
import { Button } from '../../shared/ui/Button';

/** Each mode's download in this build (files and bytes, listed at build time), asked once per visit. */
function useModeSizes() {
  const [sizes, setSizes] = useState<Partial<Record<ModeId, { files: number; bytes: number }>>>({});
  useEffect(() => {
    let alive = true;
    for (const id of MODE_IDS) {
      modeSize(id)
        .then((size) => alive && setSizes((s) => ({ ...s, [id]: size })))
        .catch(() => undefined); // no service worker (development server, private mode): no size shown
    }
    return () => {
      alive = false;
    };
  }, []);
  return sizes;
}

/** Time in a mode, in the user's language (Intl unit formatting: '12 min', '1.5 時間'). */
const duration = (ms: number, language: string) => {
  const minutes = ms / 60_000;
  const [value, unit] = minutes >= 60 ? [Math.round(minutes / 6) / 10, 'hour'] : [Math.round(minutes), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
};

/** Offline modes: install, uninstall, progress and usage stats (first document §4 mode installation). */
export default function ModeManagerPanel() {
  const { t, i18n } = useTranslation('main');
  const { installed, usage, jobs, install, uninstall } = useModes();
  const sizes = useModeSizes();
  return (
    <div className="mode-manager">
      <p className="muted">{t('modeManager.intro')}</p>
      <ul className="mm-list">
        {MODE_IDS.map((id) => {
          const job = jobs[id];
          const busy = !!job && job.step !== 'complete' && job.step !== 'error';
          const isInstalled = installed.includes(id);
          const stats = usage[id];
          return (
            <li key={id} className="mm-item" data-testid={`mm-${id}`}>
              <div className="mm-main">
                <div>
                  <h4>
                    {t(`modes.${id}.name`)} <span className="muted mm-version">{`v${MODE_CONFIGS[id].version}`}</span>
                  </h4>
                  <p className="muted mm-meta">
                    {sizes[id] ? t('modeManager.sizeFiles', { size: formatBytes(sizes[id].bytes), count: sizes[id].files }) : t('modeManager.sizeUnknown')}
                    {' · '}
                    {stats?.count
                      ? t('modeManager.usage', {
                          count: stats.count,
                          time: duration(stats.totalTime, i18n.language),
                          last: stats.lastUsed ? new Date(stats.lastUsed).toLocaleDateString(i18n.language) : '—',
                        })
                      : t('modeManager.unused')}
                  </p>
                </div>
                <div className="mm-actions">
                  {isCoreMode(id) ? (
                    <span className="badge">{t('modeManager.core')}</span>
                  ) : isInstalled ? (
                    <>
                      <span className="badge badge-installed">{t('modes.installed')}</span>
                      <Button variant="danger" size="sm" disabled={busy} onClick={() => void uninstall(id)}>
                        {t('modeManager.uninstall')}
                      </Button>
                    </>
                  ) : (
                    <Button variant="primary" size="sm" disabled={busy} onClick={() => void install(id)}>
                      {t('modeManager.install')}
                    </Button>
                  )}
                </div>
              </div>
              {job && job.step !== 'error' && (job.step !== 'complete' || busy) && (
                <div className="mm-progress">
                  <div
                    className="progress"
                    role="progressbar"
                    aria-label={t('modeManager.progressLabel', { mode: t(`modes.${id}.name`) })}
                    aria-valuenow={job.progress}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <span style={{ width: `${job.progress}%` }} />
                  </div>
                  <span className="mm-step">{t(`modeManager.steps.${job.step}`, { progress: job.progress })}</span>
                  {job.detail && (
                    <span className="mm-step" data-testid={`mm-${id}-transferred`}>
                      {t('modeManager.transferred', {
                        done: formatBytes(job.detail.bytes),
                        total: formatBytes(job.detail.bytesTotal),
                        files: job.detail.files,
                        count: job.detail.filesTotal,
                      })}
                    </span>
                  )}
                </div>
              )}
              {job?.step === 'complete' && <p className="mm-done" role="status">{t('modeManager.steps.complete')}</p>}
              {job?.step === 'error' && (
                <p className="alert alert-error" role="alert">
                  {job.error && t(`modeManager.errors.${job.error.kind}`, { id, reason: job.error.reason || t('modeManager.unknownReason'), defaultValue: job.error.message })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
