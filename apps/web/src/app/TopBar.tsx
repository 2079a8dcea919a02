import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthDialog } from '../features/auth/AuthDialog';
import { useCurrentUser, useSessionActions } from '../shared/hooks/useCurrentUser';
import { useLanguage } from '../shared/i18n/LanguageProvider';
import { IconButton } from '../shared/ui/Button';
import { LogoutIcon, UserIcon } from '../shared/ui/icons';
import { toast } from '../shared/ui/toast';

export function TopBar() {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  const { signOut } = useSessionActions();
  const { language, setLanguage } = useLanguage();
  const [authOpen, setAuthOpen] = useState(false);
  return (
    <header className="topbar">
      <Link to="/" className="brand" aria-label={t('appName')}>
        <img src="/favicon.svg" alt="" />
        <span>{t('appName')}</span>
      </Link>
      <div className="topbar-actions">
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
            <span className="user-chip" data-testid="user-chip">
              <span className="avatar" aria-hidden="true">
                {user.username.slice(0, 1).toUpperCase()}
              </span>
              <span className="hide-mobile">{user.username}</span>
            </span>
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
          <IconButton label={t('auth.signIn')} onClick={() => setAuthOpen(true)}>
            <UserIcon />
          </IconButton>
        )}
      </div>
      <AuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </header>
  );
}
