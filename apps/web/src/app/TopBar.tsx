import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@yumi/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useSessionActions } from '../shared/hooks/useCurrentUser';
import { useLanguage } from '../shared/i18n/LanguageProvider';
import { IconButton } from '../shared/ui/Button';
import { DownloadIcon, LogoutIcon, SettingsIcon, UserIcon } from '../shared/ui/icons';
import { useOfflineShell } from '../shared/modes/useOfflineShell';
import { useModeUsageTracker } from '../shared/modes/useModeUsageTracker';
import { toast } from '../shared/ui/toast';
import { BalanceBadge } from '../shared/billing/BalanceBadge';
import { OfflineBadge } from './OfflineBadge';

// The sign-in dialog (Radix Dialog and the form) loads when first opened, not with every page.
const AuthDialog = lazy(() => import('../features/auth/AuthDialog').then((m) => ({ default: m.AuthDialog })));

// The customizer (with react-grid-layout) and the download section load only when opened.
const SettingsDialog = lazy(() => import('./SettingsDialog'));
const DownloadDialog = lazy(() => import('../features/downloads/DownloadDialog'));

export function TopBar() {
  const { t } = useTranslation('common');
  const { t: tm } = useTranslation('main');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  useModeUsageTracker();
  const { user } = useCurrentUser();
  const { signOut } = useSessionActions();
  const { language, setLanguage } = useLanguage();
  useOfflineShell(language, user?.id);
  const [authOpen, setAuthOpen] = useState(false);
  // Stays mounted after the first open, so closing can hand focus back to the sign-in button.
  const [authUsed, setAuthUsed] = useState(false);
  return (
    <header className="topbar">
      <Link to="/" className="brand" aria-label={t('appName')}>
        <img src="/favicon.svg" alt="" />
        <span>{t('appName')}</span>
      </Link>
      <div className="topbar-actions">
        <OfflineBadge />
        <IconButton label={tm('topbar.settings')} onClick={() => setSettingsOpen(true)} data-testid="open-settings">
          <SettingsIcon />
        </IconButton>
        <IconButton label={tm('topbar.download')} onClick={() => setDownloadOpen(true)} data-testid="open-download">
          <DownloadIcon />
        </IconButton>
        <label className="visually-hidden" htmlFor="language-select">
          {t('language')}
        </label>
        <select
          id="language-select"
          className="select lang-select"
          value={language}
          onChange={(e) => void setLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        {user ? (
          <>
            <BalanceBadge />
            <Link to="/account" className="user-chip" data-testid="user-chip" aria-label={`${t('account.open')}: ${user.username}`}>
              {/* The initial is the avatar's picture, drawn by CSS: it is no part of the link's visible label, which is
                  the name (WCAG 2.5.3, label in name: the accessible name contains the visible text). */}
              <span className="avatar avatar-initial" aria-hidden="true" data-initial={user.username.slice(0, 1).toUpperCase()} />
              <span className="hide-mobile">{user.username}</span>
            </Link>
            <IconButton
              label={t('auth.logOut')}
              onClick={async () => {
                await signOut();
                toast('info', t('auth.signedOut'));
              }}
            >
              <LogoutIcon />
            </IconButton>
          </>
        ) : (
          <IconButton label={t('auth.signIn')} onClick={() => {
            setAuthUsed(true);
            setAuthOpen(true);
          }}>
            <UserIcon />
          </IconButton>
        )}
      </div>
      {authUsed && (
        <Suspense fallback={null}>
          <AuthDialog open={authOpen} onOpenChange={setAuthOpen} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {settingsOpen && <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />}
        {downloadOpen && <DownloadDialog open={downloadOpen} onOpenChange={setDownloadOpen} />}
      </Suspense>
    </header>
  );
}
