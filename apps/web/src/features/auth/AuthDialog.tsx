import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import { toast } from '../../shared/ui/toast';
import { AuthForm } from './AuthForm';

export function AuthDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('auth.welcome')} description={t('auth.welcomeHint')}>
      <div style={{ marginTop: 20 }}>
        <AuthForm
          onSuccess={() => {
            onOpenChange(false);
            toast('success', t('auth.signedIn'));
          }}
        />
      </div>
    </Dialog>
  );
}
