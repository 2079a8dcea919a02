import { adminApi, type AdminAuditEntry } from '@yumi/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';

/** The audit log: reviews and role changes, newest first, a page at a time. */
export function AuditLog() {
  const { t, i18n } = useTranslation('common');
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => call(adminApi.audit, { query: { limit: 20, before: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.nextBefore,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const describe = (e: AdminAuditEntry) => {
    const detail = typeof e.details.reason === 'string' && e.action === 'art.reject' ? e.details.reason : '';
    return t(`access.audit.actions.${e.action}`, { target: e.targetLabel ?? e.targetId, detail });
  };
  const actor = (e: AdminAuditEntry) =>
    e.actor === 'command line' ? t('access.audit.commandLine') : e.actor === 'ADMIN_EMAILS' ? 'ADMIN_EMAILS' : e.actor;
  return (
    <section className="card admin-audit" aria-labelledby="audit-title" data-testid="admin-audit">
      <h2 id="audit-title">{t('access.audit.title')}</h2>
      {log.isError && (
        <p className="alert alert-error" role="alert">
          {t('access.audit.failed')}
        </p>
      )}
      {log.isSuccess && entries.length === 0 && <p className="muted">{t('access.audit.empty')}</p>}
      {entries.length > 0 && (
        <table className="admin-audit-table">
          <thead>
            <tr>
              <th scope="col">{t('access.audit.when')}</th>
              <th scope="col">{t('access.audit.who')}</th>
              <th scope="col">{t('access.audit.what')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{date.format(new Date(e.at))}</td>
                <td>{actor(e)}</td>
                <td>{describe(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage && (
        <Button size="sm" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('access.audit.more')}
        </Button>
      )}
    </section>
  );
}
