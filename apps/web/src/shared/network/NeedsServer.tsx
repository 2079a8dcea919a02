import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/useOnline';

/** Features that need the server or other sites (models, databases, payments, social sites); each says why offline. */
export type ServerFeature = 'ai' | 'literature' | 'checkout' | 'sharing';

/**
 * Offline, one sentence saying why a feature that needs the server is switched off (in the user's language);
 * online, nothing. The feature itself disables its controls with `useOnline()`.
 */
export function NeedsServer({ feature }: { feature: ServerFeature }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <p className="alert alert-info needs-server" role="status" data-testid={`needs-server-${feature}`}>
      {t(`offline.needs.${feature}`)}
    </p>
  );
}
