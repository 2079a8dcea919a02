import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, isUpdateReady, onUpdateReady } from '../shared/modes/serviceWorker';
import { Button } from '../shared/ui/Button';

/** A new deployment's service worker is installed and waits: offer the reload that switches to it. */
export function UpdateBanner() {
  const { t } = useTranslation('common');
  const ready = useSyncExternalStore(onUpdateReady, isUpdateReady, () => false);
  if (!ready) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('update.ready')}</span>
      <Button variant="primary" size="sm" onClick={applyUpdate}>
        {t('update.reload')}
      </Button>
    </div>
  );
}
