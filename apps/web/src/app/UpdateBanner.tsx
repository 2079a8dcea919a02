import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, isUpdateReady, onUpdateReady } from '../shared/modes/serviceWorker';

/** A new deployment's service worker is installed and waits: offer the reload that switches to it. */
export function UpdateBanner() {
  const { t } = useTranslation('common');
  const ready = useSyncExternalStore(onUpdateReady, isUpdateReady, () => false);
  if (!ready) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('update.ready')}</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={applyUpdate}>
        {t('update.reload')}
      </button>
    </div>
  );
}
