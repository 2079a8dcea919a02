import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferencesSync } from '../customizer/usePreferencesSync';
import { useLayoutStore } from '../customizer/store';
import { LauncherBackground } from './LauncherBackground';
import { LauncherGrid } from './LauncherGrid';
import { Mascot } from '../../shared/ui/mascot/Mascot';
import { useDeferredMount } from '../../shared/hooks/useDeferredMount';
import './launcher.css';

const DownloadSection = lazy(() => import('../downloads/DownloadSection'));

/** `/`: hero, the customisable panel grid (modes, charge, header, footer) and the download section. */
export default function LauncherPage() {
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
