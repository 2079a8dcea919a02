import { endpointRef, type authApi } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
// The shell shows this banner, so its styles (also the verify and reset pages') load with the shell.
import './access.css';
import { Button } from '../../shared/ui/Button';

// Shown by the shell, which loads no zod: the endpoint is named by reference (checked against the contract).
const RESEND = endpointRef<typeof authApi.resendVerification>('POST', '/api/auth/verify-email/resend');

/** "Send again": a new verification link (rate limited by the server; its message is shown). */
export function ResendVerificationButton() {
  const { t } = useTranslation('common');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      await call(RESEND, {}, { quiet: true });
      setState({ kind: 'sent' });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ApiError && err.type !== 'NETWORK' ? err.message : t('errors.network') });
    }
  };
  return (
    <span className="access-resend">
      <Button variant="ghost" size="sm" onClick={send} disabled={state.kind === 'sending' || state.kind === 'sent'}>
        {state.kind === 'sending' ? t('access.banner.sending') : t('access.banner.sendAgain')}
      </Button>
      <span role="status" className="access-resend-status">
        {state.kind === 'sent' ? t('access.banner.sent') : state.kind === 'error' ? state.message : ''}
      </span>
    </span>
  );
}

/** A quiet reminder for signed-in users whose address is not verified yet; they can work meanwhile. */
export function VerifyBanner() {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  if (!user || user.emailVerified) return null;
  return (
    <aside className="verify-banner" aria-label={t('access.banner.label')} data-testid="verify-banner">
      <span>{t('access.banner.text', { email: user.email })}</span>
      <ResendVerificationButton />
    </aside>
  );
}
