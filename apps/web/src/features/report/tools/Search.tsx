import { LITERATURE_DATABASES, externalSearchUrl, reportApi, type CslItem, type LibrarySearch, type LiteratureDatabase, type LiteratureSearchResponse } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../shared/api/client';
import { useOnline } from '../../../shared/hooks/useOnline';
import { NeedsServer } from '../../../shared/network/NeedsServer';
import { Button } from '../../../shared/ui/Button';
import { useReport } from '../context';
import { addReference } from './references';

const LABEL: Record<LiteratureDatabase, string> = { pubmed: 'PubMed', arxiv: 'arXiv', ieee: 'IEEE', nature: 'Nature', science: 'Science' };

/** The open report's own references matching every query word: what is left when the server is out of reach. */
function localReferences(refs: readonly CslItem[], q: string): LibrarySearch['references'] {
  const words = q.toLowerCase().split(/\s+/u).filter(Boolean);
  const text = (c: CslItem) =>
    [c.title, c['container-title'], c.DOI, c.publisher, ...(c.author ?? []).map((a) => [a.given, a.family, a.literal].filter(Boolean).join(' ')), c.issued?.['date-parts']?.[0]?.[0]]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
  return refs.filter((c) => words.every((w) => text(c).includes(w))).map((csl) => ({ csl, reportId: '', reportTitle: '' }));
}

/**
 * Scientific Search: the user's own library first (references saved in any report, and their documents:
 * this answers without internet), then PubMed, arXiv, Crossref (Nature, Science) and IEEE.
 */
export function SearchTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [q, setQ] = useState('');
  const [dbs, setDbs] = useState<LiteratureDatabase[]>(['pubmed', 'arxiv', 'nature', 'science']);
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<LiteratureSearchResponse | null>(null);
  const [library, setLibrary] = useState<LibrarySearch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const run = async () => {
    if (!q.trim() || !dbs.length || !online) return;
    setBusy(true);
    setError(null);
    try {
      const found = await call(reportApi.literatureSearch, { query: { q: q.trim(), databases: dbs.join(',') } }, { retries: 0 });
      setData(found);
      setLibrary(found.library);
    } catch (err) {
      setData(null);
      // Out of reach (or signed out): this report's own references still answer.
      setLibrary({ references: localReferences(r.meta.references, q.trim()), documents: [] });
      setError(err instanceof ApiError && err.status === 401 ? t('common.signInNeeded') : t('search.offline'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rt-panel">
      <NeedsServer feature="literature" />
      <form className="row-wrap" onSubmit={(e) => { e.preventDefault(); void run(); }}>
        <input className="input" aria-label={t('search.query')} placeholder={t('search.placeholder')} value={q} onChange={(e) => setQ(e.target.value)} maxLength={300} />
        <Button type="submit" variant="primary" size="sm" disabled={busy || !q.trim() || !dbs.length || !online}>{busy ? t('search.searching') : t('search.search')}</Button>
      </form>
      <fieldset className="rt-checks">
        <legend>{t('search.databases')}</legend>
        {LITERATURE_DATABASES.map((d) => (
          <label key={d}>
            <input type="checkbox" checked={dbs.includes(d)} onChange={(e) => setDbs(e.target.checked ? [...dbs, d] : dbs.filter((x) => x !== d))} /> {LABEL[d]}
          </label>
        ))}
      </fieldset>
      <a className="btn btn-sm" href={externalSearchUrl('pubmed', q || 'science')} target="_blank" rel="noreferrer noopener">{t('search.openExternal')}</a>
      {error && (
        <div className="alert alert-warning" role="alert">
          {error}
          <div className="row-wrap">{dbs.map((d) => <a key={d} href={externalSearchUrl(d, q)} target="_blank" rel="noreferrer noopener">{LABEL[d]} ↗</a>)}</div>
        </div>
      )}
      {library && <LibraryResults library={library} partial={!data} />}
      {data && (
        <>
          <ul className="rt-status">
            {data.sources.map((s) => (
              <li key={s.database} className={`badge badge-${s.status}`}>
                {LABEL[s.database]}: {s.status === 'ok' ? t('search.found', { count: s.count }) : <a href={s.externalUrl} target="_blank" rel="noreferrer noopener">{t(`search.${s.status}`)} ↗</a>}
              </li>
            ))}
          </ul>
          {data.results.length === 0 && <p className="muted">{t('search.none')}</p>}
          <ul className="rt-results" data-testid="search-results">
            {data.results.map((res) => (
              <li key={`${res.database}-${res.id}`} className="card rt-result">
                <a href={res.url} target="_blank" rel="noreferrer noopener" className="rt-title">{res.title}</a>
                <div className="muted small">{res.authors.slice(0, 4).join(', ')}{res.authors.length > 4 ? ' et al.' : ''}</div>
                <div className="small">{[res.venue, res.year].filter(Boolean).join(' · ')} {res.doi && <span className="mono">{t('search.doi', { doi: res.doi })}</span>}</div>
                <Button size="sm" onClick={() => addReference(r, [res.csl], t)}>{t('search.addCitation')}</Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Hits in the user's own references and documents. */
function LibraryResults({ library, partial }: { library: LibrarySearch; partial: boolean }) {
  const { t } = useTranslation('report');
  const r = useReport();
  const have = new Set(r.meta.references.map((c) => (c.DOI ?? c.title ?? c.id).toLowerCase()));
  return (
    <section className="card rt-library" aria-label={t('search.libraryTitle')} data-testid="library-results">
      <h4>{t('search.libraryTitle')}</h4>
      {partial && <p className="small muted">{t('search.localOnly')}</p>}
      {library.references.length === 0 && library.documents.length === 0 && <p className="small muted">{t('search.libraryNone')}</p>}
      <ul className="rt-results">
        {library.references.map(({ csl, reportTitle }) => (
          <li key={`${csl.id}-${reportTitle}`} className="rt-result">
            <strong>{csl.title ?? csl.id}</strong>
            <div className="muted small">
              {(csl.author ?? []).slice(0, 4).map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' ')).join(', ')}
              {csl.issued?.['date-parts']?.[0]?.[0] ? ` · ${csl.issued['date-parts'][0][0]}` : ''}
              {reportTitle ? ` · ${t('search.fromReport', { title: reportTitle })}` : ''}
            </div>
            {have.has((csl.DOI ?? csl.title ?? csl.id).toLowerCase()) ? (
              <span className="small muted">{t('search.inThisReport')}</span>
            ) : (
              <Button size="sm" onClick={() => addReference(r, [csl], t)}>{t('search.addCitation')}</Button>
            )}
          </li>
        ))}
        {library.documents.map((d) => (
          <li key={d.id} className="rt-result">
            <strong>{d.title || t('untitled')}</strong> <span className="badge">{t(`search.kind.${d.kind}`)}</span>
            <div className="small">{d.snippet}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nature/Physics DB: journal and database sites in a new tab. */
export function DatabasesTool() {
  const { t } = useTranslation('report');
  const sites = [
    ['Nature', 'https://www.nature.com/'],
    ['Physical Review (APS)', 'https://journals.aps.org/'],
    ['arXiv', 'https://arxiv.org/'],
    ['NASA ADS', 'https://ui.adsabs.harvard.edu/'],
  ];
  return (
    <div className="rt-panel">
      <p className="muted small">{t('databases.hint')}</p>
      <div className="rt-grid">
        {sites.map(([name, url]) => (
          <a key={name} className="btn" href={url} target="_blank" rel="noreferrer noopener">{name} ↗</a>
        ))}
      </div>
    </div>
  );
}
