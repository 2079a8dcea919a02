import type { ReactNode } from 'react';

/**
 * The layout of every full-page state (not found, error, needs installing): a centred card with a title, a
 * sentence and the ways forward. One place, so these pages look alike on every route.
 */
export function StatusPage({ art, title, body, actions, children, role, testId }: {
  art?: ReactNode;
  title: ReactNode;
  body: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  role?: 'alert';
  testId?: string;
}) {
  return (
    <div className="center-page" role={role} data-testid={testId}>
      <div className="card status-card">
        {art && <div className="status-art" aria-hidden="true">{art}</div>}
        <h1>{title}</h1>
        <p className="muted">{body}</p>
        {actions && <div className="status-actions">{actions}</div>}
        {children}
      </div>
    </div>
  );
}
