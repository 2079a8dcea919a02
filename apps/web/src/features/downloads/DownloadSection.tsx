import { detectPlatform, isMobileDevice } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../shared/ui/Tabs';
import { DesktopApps, useInstallers } from './DesktopApps';
import { WebAppInstall } from './WebAppInstall';
import './downloads.css';

/**
 * The download section: Mobile Apps and Web App tabs, Desktop Apps when the operator published installers,
 * and the legal notes. It opens on the visitor's own kind of device: a phone or tablet on the mobile steps,
 * a computer on its own installer, or on the web app (which installs as a desktop app) when none is published
 * for it (a Mac opening on a lone Windows installer would be a dead end).
 */
export default function DownloadSection({ headingId, inDialog = false }: { headingId?: string; inDialog?: boolean }) {
  const { t } = useTranslation('download');
  const installers = useInstallers();
  const published = installers.data?.installers ?? [];
  const mobile = isMobileDevice(navigator.userAgent, navigator.platform, navigator.maxTouchPoints);
  const [chosen, setChosen] = useState<string | null>(null);
  const forVisitor = published.some((file) => file.platform === detectPlatform(navigator.userAgent, navigator.platform));
  const tab = chosen ?? (mobile ? 'mobile' : forVisitor ? 'desktop' : 'web');
  return (
    <div className={`download-section${inDialog ? '' : ' card'}`}>
      <div className="download-head">
        {!inDialog && <h2 id={headingId}>{t('title')}</h2>}
        <p className="muted">{t('subtitle')}</p>
      </div>
      <Tabs
        label={t('title')}
        value={tab}
        onValueChange={setChosen}
        items={[
          ...(published.length > 0 ? [{ id: 'desktop', label: t('tabs.desktop'), content: <DesktopApps installers={published} /> }] : []),
          { id: 'mobile', label: t('tabs.mobile'), content: <WebAppInstall variant="mobile" /> },
          { id: 'web', label: t('tabs.web'), content: <WebAppInstall variant="web" /> },
        ]}
      />
      <p className="download-notes muted">
        {t('notes.before')}{' '}
        <a href="/terms" target="_blank" rel="noopener">
          {t('notes.terms')}
        </a>{' '}
        {t('notes.and')}{' '}
        <a href="/privacy" target="_blank" rel="noopener">
          {t('notes.privacy')}
        </a>
        {t('notes.after')}
      </p>
    </div>
  );
}
