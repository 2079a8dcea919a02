import type { AuthFormMode } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import { toast } from '../../shared/ui/toast';
import { AuthForm } from './AuthForm';

export function AuthDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('common');
  // The heading says what the form does: signing in, or creating an account.
  const [mode, setMode] = useState<AuthFormMode>('signin');
  const change = (next: boolean) => {
    if (!next) setMode('signin');
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={mode === 'signin' ? t('auth.welcome') : t('auth.signUpTitle')}
      description={mode === 'signin' ? t('auth.welcomeHint') : t('auth.signUpHint')}
    >
      <div style={{ marginTop: 20 }}>
        <AuthForm
          onModeChange={setMode}
          onSuccess={() => {
            change(false);
            toast('success', t('auth.signedIn'));
          }}
        />
      </div>
    </Dialog>
  );
}
