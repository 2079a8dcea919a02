import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { setApiEvents } from '../shared/api/client';
import { toast, Toasts } from '../shared/ui/toast';
import { CURRENT_USER_KEY } from '../shared/hooks/useCurrentUser';
import { useQueryClient } from '@tanstack/react-query';
import * as Pages from './routes';
import { RouteBoundary } from './RouteBoundary';
import { TopBar } from './TopBar';
import { VerifyBanner } from '../features/auth/VerifyBanner';
import { UpdateBanner } from './UpdateBanner';
import { AssistantRoot } from '../features/assistant/AssistantRoot';

function PageFallback() {
  return (
    <div className="center-page" aria-busy="true">
      <div className="spinner" />
    </div>
  );
}

/** Wires the API client's 401/403/429 rules to navigation and toasts (first document §8). */
function useApiEvents() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const { t } = useTranslation('common');
  useEffect(() => {
    setApiEvents({
      onUnauthorized: () => {
        client.setQueryData(CURRENT_USER_KEY, null);
        if (location.pathname !== '/login')
          navigate(`/login?from=${encodeURIComponent(location.pathname + location.search)}`);
      },
      onForbidden: () => navigate('/charge'),
      onRateLimited: (seconds) => toast('warning', t('errors.rateLimited', { seconds })),
    });
  }, [navigate, location, client, t]);
}

export function App() {
  useApiEvents();
  const location = useLocation();
  const { t } = useTranslation('common');
  return (
    <>
      <a href="#main" className="visually-hidden">
        {t('skipToContent')}
      </a>
      <TopBar />
      <VerifyBanner />
      <main id="main">
        <RouteBoundary pathname={location.pathname} search={location.search}>
          <Suspense fallback={<PageFallback />}>
            <Routes>
              <Route path="/" element={<Pages.LauncherPage downloads={Pages.DownloadSection} />} />
              <Route path="/login" element={<Pages.LoginPage />} />
              <Route path="/verify-email" element={<Pages.VerifyEmailPage />} />
              <Route path="/reset-password" element={<Pages.ResetPasswordPage />} />
              <Route path="/share/:token" element={<Pages.SharePage />} />
              <Route path="/terms" element={<Pages.LegalPage kind="terms" />} />
              <Route path="/privacy" element={<Pages.LegalPage kind="privacy" />} />
              {['/writing', '/writing-helper'].map((path) => (
                <Route key={path} path={path} element={<Pages.WritingPage report={Pages.ReportScreen} />} />
              ))}
              <Route path="/image" element={<Pages.ImagePage />} />
              <Route path="/anime-chara" element={<Pages.AnimePage generate={Pages.AiGenerateScreen} />} />
              <Route path="/charge/*" element={<Pages.ChargeRoutes />} />
              <Route path="/admin" element={<Pages.AdminPage />} />
              <Route path="/account" element={<Pages.AccountPage />} />
              <Route path="/installers" element={<Pages.InstallersPage />} />
              <Route path="/design-system" element={<Pages.DesignSystemPage />} />
              <Route path="*" element={<Pages.NotFoundPage />} />
            </Routes>
          </Suspense>
        </RouteBoundary>
      </main>
      <UpdateBanner />
      <AssistantRoot />
      <Toasts />
    </>
  );
}
