import { lazy } from 'react';

/** Every screen is its own lazy chunk, so the launcher stays small. */
export const LauncherPage = lazy(() => import('../features/launcher/LauncherPage'));
export const LoginPage = lazy(() => import('../features/auth/LoginPage'));
export const LegalPage = lazy(() => import('../features/legal/LegalPage'));
export const NotFoundPage = lazy(() => import('./NotFoundPage'));
