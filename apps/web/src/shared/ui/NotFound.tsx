import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The one not-found screen: any route, or a route's unknown sub-path, says so with a way back. */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="center-page">
      <div className="card" style={{ textAlign: 'center', width: 'min(460px, 100%)' }}>
        <h1>{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.body')}</p>
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
