import { lazy } from 'react';

/** Every screen is its own lazy chunk, so the launcher stays small. */
const loadLauncher = () => import('../features/launcher/LauncherPage');
// A visit to / fetches the launcher while the translations load, instead of after them.
if (typeof window !== 'undefined' && window.location.pathname === '/') void loadLauncher();
export const LauncherPage = lazy(loadLauncher);
export const LoginPage = lazy(() => import('../features/auth/LoginPage'));
export const LegalPage = lazy(() => import('../features/legal/LegalPage'));
export const WritingPage = lazy(() => import('../features/writing/WritingPage'));
export const NotFoundPage = lazy(() => import('./NotFoundPage'));
export const ImagePage = lazy(() => import('../features/image/ImagePage'));
export const AnimePage = lazy(() => import('../features/anime/AnimePage'));
export const ChargeRoutes = lazy(() => import('../features/billing/ChargeRoutes'));
export const AdminPage = lazy(() => import('../features/admin/AdminReviewPage'));
export const AccountPage = lazy(() => import('../features/account/AccountPage'));
// Screens one feature shows inside another's page: the shell hands them over, features never import each other.
export const ReportScreen = lazy(() => import('../features/report/ReportScreen'));
export const AiGenerateScreen = lazy(() => import('../features/anime-generate/AiGenerateScreen'));
export const DownloadSection = lazy(() => import('../features/downloads/DownloadSection'));
export const InstallersPage = lazy(() => import('../features/downloads/InstallersPage'));
export const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
export const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
export const SharePage = lazy(() => import('../features/share/SharePage'));
export const DesignSystemPage = lazy(() => import('../features/design-system/DesignSystemPage'));
