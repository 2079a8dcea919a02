import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './StatusPage';

/**
 * The one not-found screen: an unknown route, a route's unknown sub-path, or a link to something that does not
 * exist (a deleted document, another account's character) says so in the user's language, with a way back.
 */
export function NotFound({ title, body, actions }: { title?: string; body?: string; actions?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      testId="not-found"
      title={title ?? t('notFound.title')}
      body={body ?? t('notFound.body')}
      actions={
        <>
          {actions}
          <Link to="/" className={`btn ${actions ? '' : 'btn-primary'}`}>
            {t('notFound.home')}
          </Link>
        </>
      }
    />
  );
}
