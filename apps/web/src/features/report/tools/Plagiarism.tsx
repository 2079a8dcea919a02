import { checkCitations, reportApi, countTokens, PLAGIARISM_DEFAULT_THRESHOLD, PLAGIARISM_MAX_WORDS, type PlagiarismCheckResponse } from '@yumi/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useReport } from '../context';
import { downloadBlob } from '../../../shared/files/download';

type Result = PlagiarismCheckResponse;

/**
 * Plagiarism Check by winnowing against your documents, uploads and the reference corpus, shown as a
 * similarity report: numbered sources with their share, matches highlighted in the source's colour
 * (reworded ones marked), quotations with a citation and the bibliography greyed out and listed.
 */
export function PlagiarismTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [threshold, setThreshold] = useState(PLAGIARISM_DEFAULT_THRESHOLD);
  const [result, setResult] = useState<PlagiarismCheckResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showCitations, setShowCitations] = useState(false);
  const words = countTokens(r.text);
  const run = async () => {
    if (words > PLAGIARISM_MAX_WORDS) {
      setError(t('plagiarism.tooLong', { words: words.toLocaleString(), limit: PLAGIARISM_MAX_WORDS.toLocaleString() }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await call(reportApi.plagiarismCheck, { body: { text: r.text, threshold, ...(r.documentId && r.signedIn ? { documentId: r.documentId } : {}) } }, { timeoutMs: 60_000 }));
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? t('common.signInNeeded') : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const detailed = () => {
    if (!result) return;
    const lines = [
      `# ${t('plagiarism.reportTitle')}`,
      '',
      `${t('plagiarism.similarity')}: ${result.similarity}% (${t('plagiarism.threshold')} ${result.threshold}%) — ${result.verdict === 'pass' ? t('plagiarism.pass') : t('plagiarism.flag')}`,
      `${t('plagiarism.words')}: ${result.words} · ${t('plagiarism.compared', { count: result.sourcesCompared })} · ${result.checkedAt}`,
      '',
      `## ${t('plagiarism.overview')}`,
      '',
      ...result.sources.map((src, i) => `${i + 1}. ${src.title} (${t(`plagiarism.kind.${src.kind}`)}): ${src.similarity}%`),
      '',
      ...result.passages.flatMap((p, i) => [
        `## ${i + 1}. ${p.sourceTitle} (${t(`plagiarism.kind.${p.sourceKind}`)}, ${t('plagiarism.wordCount', { count: p.words })}, ${t(`plagiarism.match.${p.match}`)})`,
        '',
        `> ${p.text}`,
        '',
        `${t('plagiarism.sourceText')}: ${p.sourceExcerpt}`,
        '',
      ]),
      ...(result.excluded.length ? [`## ${t('plagiarism.excludedTitle')}`, '', ...result.excluded.map((x) => `- ${excludedLabel(t, x)}`)] : []),
    ];
    downloadBlob(new Blob([lines.join('\n')], { type: 'text/markdown' }), `plagiarism-report-${result.checkedAt.slice(0, 10)}.md`);
  };
  const cc = checkCitations(r.report, r.meta.references);
  const suspicious = [...(result?.passages ?? [])].sort((a, b) => b.words - a.words).slice(0, 3);
  return (
    <div className="rt-panel">
      <a className="btn btn-sm" href="https://www.grammarly.com/plagiarism-checker" target="_blank" rel="noreferrer noopener">{t('plagiarism.quick')} ↗</a>
      <label className="field">
        <span>{t('plagiarism.threshold')}: {threshold}%</span>
        <input type="range" min={0} max={100} step={1} value={threshold} onChange={(e) => setThreshold(Number(e.target.value))} aria-label={t('plagiarism.threshold')} />
      </label>
      <div className="row-wrap">
        <Button variant="primary" size="sm" disabled={busy || !r.text.trim()} onClick={() => void run()}>{busy ? t('plagiarism.checking') : t('plagiarism.check')}</Button>
        <Button size="sm" disabled={!result} onClick={detailed}>{t('plagiarism.detailed')}</Button>
        <Button size="sm" onClick={() => setShowCitations(!showCitations)} aria-expanded={showCitations}>{t('plagiarism.citationCheck')}</Button>
      </div>
      {error && <div className="alert alert-error" role="alert">{error}</div>}
      {showCitations && (
        <div className={`alert ${cc.ok ? 'alert-success' : 'alert-warning'}`} data-testid="citation-check">
          {cc.ok && <div>{t('plagiarism.citationsOk')}</div>}
          {cc.missing.length > 0 && <div>{t('plagiarism.missing')}: {cc.missing.map((k) => `@${k}`).join(', ')}</div>}
          {cc.uncited.length > 0 && <div>{t('plagiarism.uncited')}: {cc.uncited.join(', ')}</div>}
          {cc.badDois.length > 0 && <div>{t('plagiarism.badDois')}: {cc.badDois.map((d) => `${d.id} (${d.doi})`).join(', ')}</div>}
        </div>
      )}
      {result && (
        <div data-testid="plagiarism-result">
          <div className={`rt-verdict ${result.verdict}`}>
            <strong>{result.similarity}%</strong> {result.verdict === 'pass' ? t('plagiarism.pass') : t('plagiarism.flag')}
            <span className="small muted"> · {t('plagiarism.compared', { count: result.sourcesCompared })} · {t('plagiarism.guarantee', { words: result.guaranteeWords })}</span>
          </div>
          <SourceList result={result} />
          <HighlightedText text={r.text} result={result} />
          <MatchList result={result} />
          <ExcludedList result={result} />
          <h4>{t('plagiarism.webSearch')}</h4>
          {suspicious.length === 0 && <p className="small muted">{t('plagiarism.noPassages')}</p>}
          <ul className="small">
            {suspicious.map((p, i) => {
              const phrase = p.text.split(/\s+/).slice(0, 12).join(' ');
              return (
                <li key={i}>
                  <a href={`https://www.google.com/search?q=${encodeURIComponent(`"${phrase}"`)}`} target="_blank" rel="noreferrer noopener">“{phrase}…” ↗</a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <h4>{t('plagiarism.copy')}</h4>
      <textarea className="input" readOnly rows={4} value={r.text} aria-label={t('plagiarism.copy')} />
      <Button size="sm" onClick={() => void navigator.clipboard.writeText(r.text).then(() => toast('success', t('plagiarism.copied')), () => undefined)}>{t('plagiarism.copyButton')}</Button>
    </div>
  );
}


const excludedLabel = (t: TFunction<'report'>, x: Result['excluded'][number]) =>
  [
    x.kind === 'quote' ? t('plagiarism.excludedQuote', { citation: x.citation ?? '' }) : t('plagiarism.excludedBibliography'),
    t('plagiarism.wordCount', { count: x.words }),
    ...(x.sources.length ? [t('plagiarism.excludedMatches', { sources: x.sources.map((s) => s.title).join(', ') })] : []),
  ].join(' · ');

/** Colour slot of a source by its rank in the overview (the report's legend and marks share it). */
const rankOf = (result: Result) => new Map(result.sources.map((s, i) => [s.id, i]));

function SourceList({ result }: { result: Result }) {
  const { t } = useTranslation('report');
  if (!result.sources.length) return null;
  return (
    <section aria-label={t('plagiarism.overview')}>
      <h4>{t('plagiarism.overview')}</h4>
      <ol className="rt-sources small" data-testid="plagiarism-sources">
        {result.sources.map((src, i) => (
          <li key={src.id} className={`rt-src-${i % 6}`}>
            <span className="rt-swatch" aria-hidden="true" /> <strong>{src.similarity}%</strong> {src.title} <span className="muted">({t(`plagiarism.kind.${src.kind}`)})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Each match beside the source's words it matches, in the source's colour. */
function MatchList({ result }: { result: Result }) {
  const { t } = useTranslation('report');
  const rank = rankOf(result);
  if (!result.passages.length) return null;
  return (
    <section aria-label={t('plagiarism.matches')}>
      <h4>{t('plagiarism.matches')}</h4>
      <div className="rt-matches" data-testid="plagiarism-matches">
        {result.passages.map((p) => {
          const n = rank.get(p.sourceId) ?? 0;
          return (
            <details key={`${p.start}-${p.sourceId}`} className={`rt-match rt-src-${n % 6}`}>
              <summary className="small">
                <span className="rt-swatch" aria-hidden="true" /> {n + 1}. {p.sourceTitle} · {t(`plagiarism.match.${p.match}`)} · {t('plagiarism.wordCount', { count: p.words })}
              </summary>
              <div className="rt-match-pair small">
                <blockquote><strong>{t('plagiarism.yourText')}</strong><br />{p.text.slice(0, 1200)}</blockquote>
                <blockquote><strong>{t('plagiarism.sourceText')}</strong><br />{p.sourceExcerpt.slice(0, 1200)}</blockquote>
              </div>
            </details>
          );
        })}
      </div>
    </section>
  );
}

function ExcludedList({ result }: { result: Result }) {
  const { t } = useTranslation('report');
  if (!result.excluded.length) return null;
  return (
    <section aria-label={t('plagiarism.excludedTitle')}>
      <h4>{t('plagiarism.excludedTitle')}</h4>
      <ul className="small" data-testid="plagiarism-excluded">
        {result.excluded.map((x) => (
          <li key={x.start}>{excludedLabel(t, x)}</li>
        ))}
      </ul>
    </section>
  );
}

/** The report text with matches in their source's colour and exclusions greyed out. */
function HighlightedText({ text, result }: { text: string; result: Result }) {
  const { t } = useTranslation('report');
  const rank = rankOf(result);
  type Part = { s: string; p?: Result['passages'][number]; x?: Result['excluded'][number] };
  const marks = [...result.passages.map((p) => ({ start: p.start, end: p.end, p })), ...result.excluded.map((x) => ({ start: x.start, end: x.end, x }))].sort((a, b) => a.start - b.start);
  const parts: Part[] = [];
  let last = 0;
  for (const m of marks) {
    if (m.start < last) continue;
    parts.push({ s: text.slice(last, m.start) });
    parts.push({ s: text.slice(m.start, m.end), ...('p' in m ? { p: m.p } : { x: m.x }) });
    last = m.end;
  }
  parts.push({ s: text.slice(last) });
  return (
    <div className="rt-highlight" data-testid="plagiarism-text">
      {parts.map((x, i) => {
        if (x.p) {
          const n = rank.get(x.p.sourceId) ?? 0;
          const label = `${n + 1}. ${x.p.sourceTitle} — ${t(`plagiarism.match.${x.p.match}`)}: ${x.p.sourceExcerpt.slice(0, 200)}`;
          return (
            <mark key={i} className={`rt-src-${n % 6}${x.p.match === 'paraphrase' ? ' rt-reworded' : ''}`} title={label}>
              {x.s}
              <sup className="rt-src">{n + 1}</sup>
            </mark>
          );
        }
        if (x.x) return <span key={i} className="rt-excluded" title={excludedLabel(t, x.x)}>{x.s}</span>;
        return <span key={i}>{x.s}</span>;
      })}
    </div>
  );
}
