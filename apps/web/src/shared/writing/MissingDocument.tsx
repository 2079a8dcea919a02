import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { NotFound } from '../ui/NotFound';

/** A link to a document this account does not have: say so, and offer the newest one or the launcher. */
export function MissingDocument({ onOpenLatest }: { onOpenLatest: () => void }) {
  const { t } = useTranslation('common');
  return (
    <NotFound
      title={t('notFound.documentTitle')}
      body={t('notFound.documentBody')}
      actions={
        <Button variant="primary" onClick={onOpenLatest}>
          {t('notFound.openLatest')}
        </Button>
      }
    />
  );
}
