import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthForm } from './AuthForm';

/** /login: where a 401 lands; after signing in the user returns to where they were. */
export default function LoginPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const from = new URLSearchParams(location.search).get('from');
  const target = from && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/';
  return (
    <div className="center-page">
      <div className="card" style={{ width: 'min(440px, 100%)' }}>
        <h1 style={{ fontSize: 26 }}>
          <span className="gradient-text">{t('auth.welcome')}</span>
        </h1>
        <p className="muted">{t('auth.loginPageHint')}</p>
        <AuthForm onSuccess={() => navigate(target, { replace: true })} />
      </div>
    </div>
  );
}
