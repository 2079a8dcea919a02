import { useTranslation } from 'react-i18next';

/** The thin footer panel: legal pages (new tab, as the download notes do) and the download section. */
export function FooterPanel() {
  const { t } = useTranslation('main');
  return (
    <footer className="panel-card footer-panel">
      <span className="muted">{t('footer.tagline')}</span>
      <nav aria-label={t('footer.label')} className="footer-links">
        <a href="#download">{t('footer.download')}</a>
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
