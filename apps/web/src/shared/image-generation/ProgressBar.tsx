import { useTranslation } from 'react-i18next';
import type { GenerationProgress } from './generation';

/** Real job progress: the queue position while waiting, then the provider's progress. */
export function ProgressBar({ progress }: { progress: GenerationProgress | null }) {
  const { t } = useTranslation('image');
  const pct = Math.round((progress?.progress ?? 0) * 100);
  const label =
    !progress || (progress.status === 'queued' && progress.position === 0)
      ? t('progress.starting')
      : progress.status === 'queued'
        ? t('progress.queued', { count: progress.position })
        : t('progress.running', { percent: pct });
  return (
    <div className="gen-progress" role="status" aria-live="polite">
      <div className="gen-progress-row">
        <span className="spinner spinner-sm" aria-hidden="true" />
        <span>{label}</span>
      </div>
      <div className="gen-progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('progress.label')}>
        <div className="gen-progress-fill" style={{ width: `${Math.max(4, pct)}%` }} />
      </div>
    </div>
  );
}
