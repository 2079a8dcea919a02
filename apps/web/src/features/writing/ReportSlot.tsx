import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';

type ReportScreenProps = { onBack(): void };

// The report screen belongs to the report feature; it is loaded lazily when that file exists.
const found = import.meta.glob<{ default?: ComponentType<ReportScreenProps>; ReportScreen?: ComponentType<ReportScreenProps> }>('../report/ReportScreen.tsx');
const loader = Object.values(found)[0];
const ReportScreen = loader
  ? lazy(async () => {
      const m = await loader();
      const C = m.default ?? m.ReportScreen;
      if (!C) throw new Error('ReportScreen has no export');
      return { default: C };
    })
  : null;

/** Opens the Report Helper screen from the workspace (state switch, not a route). */
export function ReportSlot({ onBack }: ReportScreenProps) {
  const { t } = useTranslation('writing');
  if (ReportScreen) {
    return (
      <Suspense fallback={<div className="center-page" aria-busy="true"><div className="spinner" /></div>}>
        <ReportScreen onBack={onBack} />
      </Suspense>
    );
  }
  // Until the report feature ships its screen, say so plainly and lead back.
  return (
    <div className="center-page">
      <div className="card" style={{ maxWidth: 420, textAlign: 'center' }}>
        <h2>{t('workspace.reportHelper')}</h2>
        <p className="muted">{t('workspace.reportUnavailable')}</p>
        <Button variant="primary" onClick={onBack}>
          {t('workspace.backToWorkspace')}
        </Button>
      </div>
    </div>
  );
}
