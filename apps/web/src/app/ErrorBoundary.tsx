import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ErrorScreen({ error, info }: { error: Error; info: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="center-page" role="alert">
      <div className="card" style={{ width: 'min(560px, 100%)', textAlign: 'center' }}>
        <div style={{ fontSize: 48 }} aria-hidden="true">
          (｡•́︿•̀｡)
        </div>
        <h1>{t('errorBoundary.title')}</h1>
        <p className="muted">{t('errorBoundary.body')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </button>
        <details style={{ marginTop: 20, textAlign: 'left' }}>
          <summary style={{ cursor: 'pointer' }}>{t('errorBoundary.details')}</summary>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, maxHeight: 240, overflow: 'auto', fontFamily: 'var(--font-mono)' }}>
            {`${error.name}: ${error.message}\n${info}`}
          </pre>
        </details>
      </div>
    </div>
  );
}

/** Top-level boundary: an uncaught render error shows the apology screen with a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null; info: string }> {
  override state = { error: null as Error | null, info: '' };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught render error', error);
    this.setState({ info: info.componentStack ?? '' });
  }
  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} info={this.state.info} /> : this.props.children;
  }
}
