import { useTranslation } from 'react-i18next';
import { usePreferencesSync } from '../../shared/layout/usePreferencesSync';
import { useLayoutStore } from '../../shared/layout/store';
import { LauncherBackground } from './LauncherBackground';
import { LauncherGrid } from './LauncherGrid';
import { Mascot } from '../../shared/ui/mascot/Mascot';
import './launcher.css';

/**
 * `/`: hero and the customisable panel grid (modes, charge, header, footer). The footer panel ends the page: the
 * download section is a dialog (top bar) and a page (/installers, linked from the footer), not a block under it.
 */
export default function LauncherPage() {
  const { t } = useTranslation('main');
  usePreferencesSync();
  const background = useLayoutStore((s) => s.background);
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
      </div>
    </div>
  );
}
