import { animeRefsApi, type ReferenceResult, type ReferenceSearchResponse } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';
import { useEngine } from '../engine';
import { urlToBuffer } from '../lib/pixels';
import { Button } from '../../../shared/ui/Button';

/** Spec §5/§7 reference search: Enter or the button runs it for a non-empty query; results go in as layers. */
export function PhotoSearchPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<ReferenceSearchResponse | null>(null);

  const search = async () => {
    const query = q.trim();
    if (!query) return;
    setBusy(true);
    try {
      setData(await call(animeRefsApi.referenceSearch, { query: { q: query } }));
    } catch (err) {
      // Spec §8: 'Search failed' is logged.
      console.error('Search failed', err);
      setData({ results: [], openverse: false });
    } finally {
      setBusy(false);
    }
  };

  const place = async (r: ReferenceResult) => {
    try {
      const img = await urlToBuffer(r.url, 4096);
      engine.importImage(img, { name: `Reference: ${r.title}`.slice(0, 100), fit: 'contain' });
      const id = engine.document.activeLayerId;
      engine.setLayerProps(id, { opacity: 50 });
      toast('success', t('search.placed'));
    } catch {
      toast('error', t('search.placeFailed'));
    }
  };

  return (
    <div className="an-search-panel">
      <form
        className="an-search-row"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input className="input" type="search" value={q} maxLength={200} placeholder={t('search.placeholder')} aria-label={t('search.placeholder')} onChange={(e) => setQ(e.target.value)} />
        <Button variant="primary" size="sm" type="submit" disabled={busy || !q.trim()}>
          {busy ? '…' : t('search.go')}
        </Button>
      </form>
      {data && (
        <>
          <p className="muted an-small">{data.openverse ? t('search.withOpenverse', { count: data.results.length }) : t('search.libraryOnly', { count: data.results.length })}</p>
          <div className="an-search-grid">
            {data.results.map((r) => (
              <figure key={r.id} className="an-search-result">
                <img
                  src={r.url}
                  alt={r.title}
                  loading="lazy"
                  onError={(e) => {
                    e.currentTarget.src = '/anime/placeholder.svg';
                  }}
                />
                <figcaption>
                  <span className="an-ellipsis" title={r.title}>
                    {r.title}
                  </span>
                  {r.license && (
                    <small className="muted">
                      {r.landingUrl ? (
                        <a href={r.landingUrl} target="_blank" rel="noreferrer noopener">
                          {r.license}
                        </a>
                      ) : (
                        r.license
                      )}
                      {r.creator ? ` · ${r.creator}` : ''}
                    </small>
                  )}
                  <Button size="sm" onClick={() => place(r)}>
                    {t('search.place')}
                  </Button>
                </figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
