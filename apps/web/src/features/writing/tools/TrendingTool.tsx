import { appApi } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { useWriting } from '../context';
import { ToolHeader } from './ToolHeader';
import { Button } from '../../../shared/ui/Button';

/** Trending hashtags and topics (Mastodon, else the user's own recent hashtags, else none); a click inserts one. */
export function TrendingTool() {
  const { t } = useTranslation('writing');
  const { editor } = useWriting();
  const trends = useQuery({ queryKey: ['writing', 'trends'], queryFn: () => call(appApi.trends, { query: { limit: 20 } }, { retries: 1 }), staleTime: 60_000 });
  const insert = (s: string) => {
    const text = editor.getText();
    const { start } = editor.getSelection();
    const before = start > 0 && !/\s$/.test(text.slice(0, start)) ? ' ' : '';
    editor.insertAtCursor(`${before}${s} `);
  };
  const data = trends.data;
  return (
    <div className="tool-body">
      <ToolHeader id="trending" />
      <div className="row between">
        {data && (
          <span className="badge" data-testid="trend-source">
            {data.source === 'mastodon'
              ? t('trending.fromInstance', { instance: data.instance })
              : data.source === 'own'
                ? t('trending.fromOwn')
                : t('trending.noSource')}
          </span>
        )}
        <Button variant="ghost" size="sm" onClick={() => void trends.refetch()} disabled={trends.isFetching}>
          ↻ {t('trending.refresh')}
        </Button>
      </div>
      {trends.isLoading && <div className="spinner" />}
      {trends.error && <p className="alert alert-error">{(trends.error as Error).message}</p>}
      {data?.source === 'own' && data.fallbackReason === 'unreachable' && <p className="small muted">{t('trending.unreachable')}</p>}
      {/* Anonymous without a public source: say why the list is empty (other people's documents are private). */}
      {data?.source === 'none' && (
        <p className="muted small" data-testid="trend-none">
          {t(data.fallbackReason === 'unreachable' ? 'trending.noneUnreachable' : 'trending.noneAnonymous')}
        </p>
      )}
      {data?.source === 'own' && data.tags.length === 0 && <p className="muted small">{t('trending.noneOwn')}</p>}
      {data && data.tags.length > 0 && (
        <div className="chips" aria-label={t('trending.tags')}>
          {data.tags.map((tag) => (
            <button key={tag.name} type="button" className="chip" onClick={() => insert(`#${tag.name}`)} title={t('trending.insert')}>
              #{tag.name} <span className="muted small">{tag.uses.toLocaleString()}</span>
            </button>
          ))}
        </div>
      )}
      {data && data.links.length > 0 && (
        <>
          <h4 className="small">{t('trending.topics')}</h4>
          <ul className="trend-links">
            {data.links.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.title}
                </a>
                <Button variant="ghost" size="sm" onClick={() => insert(l.url)}>
                  {t('trending.insertLink')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
