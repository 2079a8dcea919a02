import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

/** The unlock-access dialog: free trials are used up; premium access is bought on /charge. */
export function UnlockDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('image');
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('unlock.title')} description={t('unlock.body')}>
      <ul className="unlock-perks">
        <li>{t('unlock.perkUnlimited')}</li>
        <li>{t('unlock.perkReference')}</li>
        <li>{t('unlock.perkModels')}</li>
      </ul>
      <div className="dialog-actions">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          {t('unlock.later')}
        </Button>
        <Button variant="primary" onClick={() => navigate('/charge')}>
          {t('unlock.cta')}
        </Button>
      </div>
    </Dialog>
  );
}
