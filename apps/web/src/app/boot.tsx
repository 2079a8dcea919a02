import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { LanguageProvider } from '../shared/i18n/LanguageProvider';
import { initI18n } from '../shared/i18n/setup';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';

const translationsReady = initI18n();
// Our API client already retries by the spec's rules; TanStack Query must not retry again.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const app = (
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
  </StrictMode>
);

// The HTML splash stays until the first screen's translations are in; rendering earlier would only swap
// it for an empty frame. A failed load still renders (each screen then shows its own error state). As a
// transition the first render yields to the browser every few milliseconds instead of one long task.
void translationsReady
  .catch(() => undefined)
  .then(() => startTransition(() => createRoot(document.getElementById('root')!).render(app)));
