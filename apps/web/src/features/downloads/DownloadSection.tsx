import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { DesktopApps } from './DesktopApps';
import { WebAppInstall } from './WebAppInstall';
import './downloads.css';

/** The download section: Desktop Apps, Mobile Apps and Web App tabs, and the legal notes. */
export default function DownloadSection({ headingId, inDialog = false }: { headingId?: string; inDialog?: boolean }) {
  const { t } = useTranslation('download');
  return (
    <div className={`download-section${inDialog ? '' : ' card'}`}>
      <div className="download-head">
        {!inDialog && <h2 id={headingId}>{t('title')}</h2>}
        <p className="muted">{t('subtitle')}</p>
      </div>
      <Tabs.Root defaultValue="desktop">
        <Tabs.List className="tabs-list download-tabs" aria-label={t('title')}>
          <Tabs.Trigger className="tab" value="desktop">
            {t('tabs.desktop')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="mobile">
            {t('tabs.mobile')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="web">
            {t('tabs.web')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="desktop" className="download-panel">
          <DesktopApps />
        </Tabs.Content>
        <Tabs.Content value="mobile" className="download-panel">
          <WebAppInstall variant="mobile" />
        </Tabs.Content>
        <Tabs.Content value="web" className="download-panel">
          <WebAppInstall variant="web" />
        </Tabs.Content>
      </Tabs.Root>
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
