import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/800.css';
import './app/theme.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { LanguageProvider } from './shared/i18n/LanguageProvider';
import { initI18n } from './shared/i18n/setup';

void initI18n();
// Our API client already retries by the spec's rules; TanStack Query must not retry again.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <LanguageProvider>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </LanguageProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </Suspense>
  </StrictMode>,
);
