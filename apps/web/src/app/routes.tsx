import { lazy } from 'react';

/** Every screen is its own lazy chunk, so the launcher stays small. */
export const LauncherPage = lazy(() => import('../features/launcher/LauncherPage'));
export const LoginPage = lazy(() => import('../features/auth/LoginPage'));
export const LegalPage = lazy(() => import('../features/legal/LegalPage'));
export const WritingPage = lazy(() => import('../features/writing/WritingPage'));
export const NotFoundPage = lazy(() => import('./NotFoundPage'));
export const ImagePage = lazy(() => import('../features/image/ImagePage'));
export const AnimePage = lazy(() => import('../features/anime/AnimePage'));
export const ChargeRoutes = lazy(() => import('../features/billing/ChargeRoutes'));
export const AdminPage = lazy(() => import('../features/admin/AdminReviewPage'));
