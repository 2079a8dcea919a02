import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The thin footer panel: the download page, and the legal pages (new tab, as the download notes do). */
export function FooterPanel() {
  const { t } = useTranslation('main');
  return (
    <footer className="panel-card footer-panel">
      <span className="muted">{t('footer.tagline')}</span>
      <nav aria-label={t('footer.label')} className="footer-links">
        <Link to="/installers">{t('footer.download')}</Link>
        <a href="/terms" target="_blank" rel="noopener">
          {t('footer.terms')}
        </a>
        <a href="/privacy" target="_blank" rel="noopener">
          {t('footer.privacy')}
        </a>
      </nav>
    </footer>
  );
}
