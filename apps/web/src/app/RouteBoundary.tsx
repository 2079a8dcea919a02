import { modeForLocation } from '@yumi/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadToLatest } from '../shared/modes/serviceWorker';
import { useOnline } from '../shared/hooks/useOnline';
import { ErrorScreen } from './ErrorBoundary';
import { Button } from '../shared/ui/Button';

/** The messages browsers and Vite give when a lazily loaded chunk (or its CSS) cannot be fetched. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported|ChunkLoadError/i;
const isChunkLoadError = (error: unknown) =>
  error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message));

const RELOADED_KEY = 'yumi.chunkReload';

/**
 * Online, a missing chunk means a new deployment replaced the build this page runs: reload once (through
 * the waiting worker when there is one). A second failure within a minute shows the message instead.
 */
function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return false;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  void reloadToLatest();
  return true;
}

/** A screen whose code is not on this device and cannot be fetched: say why, in the user's language. */
function UnavailableScreen({ pathname, search }: { pathname: string; search: string }) {
  const { t } = useTranslation(['common', 'main']);
  const online = useOnline();
  const mode = modeForLocation(pathname, search);
  return (
    <div className="center-page" role="alert" data-testid="page-unavailable">
      <div className="card" style={{ textAlign: 'center', width: 'min(520px, 100%)' }}>
        <h1>{online ? t('unavailable.updatedTitle') : t('unavailable.offlineTitle')}</h1>
        <p className="muted">
          {online
            ? t('unavailable.updatedBody')
            : mode
              ? t('unavailable.modeBody', { mode: t(`main:modes.${mode}.name`) })
              : t('unavailable.pageBody')}
        </p>
        {/* A failed lazy screen stays failed in React: trying again means loading the page again. */}
        <Button variant="primary" onClick={() => window.location.reload()}>
          {online ? t('unavailable.reload') : t('unavailable.retry')}
        </Button>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  pathname: string;
  search: string;
}

/** Around the routed screen: chunk failures get an honest page, other errors the apology screen. */
export class RouteBoundary extends Component<Props, { error: Error | null; path: string }> {
  override state = { error: null as Error | null, path: this.props.pathname };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: Props, state: { error: Error | null; path: string }) {
    // Navigating elsewhere leaves the failed screen behind.
    return props.pathname !== state.path ? { error: null, path: props.pathname } : null;
  }
  override componentDidCatch(error: Error) {
    if (isChunkLoadError(error) && navigator.onLine && reloadOnce()) return;
    if (!isChunkLoadError(error)) console.error('Uncaught render error', error);
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error))
      return <UnavailableScreen pathname={this.props.pathname} search={this.props.search} />;
    return <ErrorScreen error={error} info="" />;
  }
}
