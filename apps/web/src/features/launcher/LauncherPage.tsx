import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferencesSync } from '../../shared/layout/usePreferencesSync';
import { useLayoutStore } from '../../shared/layout/store';
import { LauncherBackground } from './LauncherBackground';
import { LauncherGrid } from './LauncherGrid';
import { Mascot } from '../../shared/ui/mascot/Mascot';
import { useDeferredMount } from '../../shared/hooks/useDeferredMount';
import './launcher.css';

/**
 * `/`: hero, the customisable panel grid (modes, charge, header, footer) and the download section, which the
 * app shell passes in (a lazy component of the downloads feature: features never import each other).
 */
export default function LauncherPage({ downloads: DownloadSection }: { downloads: ComponentType<{ headingId: string }> }) {
  const { t } = useTranslation('main');
  usePreferencesSync();
  const background = useLayoutStore((s) => s.background);
  // Below the fold: rendered once the first screen is done (or when scrolled near).
  const [downloadsRef, showDownloads] = useDeferredMount<HTMLElement>();
  return (
    <div className="launcher" data-background={background}>
      <LauncherBackground />
      <div className="page launcher-page">
        <section className="hero">
          <div className="hero-text">
            <p className="hero-kicker">{t('hero.kicker')}</p>
            <h1>
              <span className="gradient-text">{t('hero.title')}</span>
            </h1>
            <p className="hero-subtitle">{t('hero.subtitle')}</p>
          </div>
          <Mascot className="hero-mascot" size={168} />
        </section>
        <LauncherGrid />
        <section id="download" ref={downloadsRef} className="launcher-downloads" aria-labelledby={showDownloads ? 'download-title' : undefined}>
          {showDownloads ? (
            <Suspense fallback={<div className="card download-placeholder" aria-busy="true" />}>
              <DownloadSection headingId="download-title" />
            </Suspense>
          ) : (
            <div className="card download-placeholder" aria-busy="true" />
          )}
        </section>
      </div>
    </div>
  );
}
