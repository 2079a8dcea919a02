import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../shared/ui/StatusPage';
import { Button } from '../shared/ui/Button';

export function ErrorScreen({ error, info }: { error: Error; info: string }) {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      role="alert"
      art="(｡•́︿•̀｡)"
      title={t('errorBoundary.title')}
      body={t('errorBoundary.body')}
      actions={
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      }
    >
      <details className="status-details">
        <summary>{t('errorBoundary.details')}</summary>
        <pre>{`${error.name}: ${error.message}\n${info}`}</pre>
      </details>
    </StatusPage>
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
