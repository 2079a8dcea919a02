import { useTranslation } from 'react-i18next';
import type { LiveText } from './useLiveText';

/** Why live editing stopped or was refused, in the user's language (the server sends only a reason code). */
export function LiveNotice({ live }: { live: LiveText | null }) {
  const { t } = useTranslation('writing');
  if (!live?.refused) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="live-refused">
      {t(`live.refused.${live.refused}`)}
    </div>
  );
}
