import { useTranslation } from 'react-i18next';
import { useOnline } from '../shared/hooks/useOnline';

/** Says in the top bar that the server cannot be reached, and what that means. */
export function OfflineBadge() {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <span className="badge badge-offline" role="status" title={t('offline.hint')} data-testid="offline-badge">
      {t('offline.badge')}
    </span>
  );
}
