import { checkCitations, countTokens, PLAGIARISM_DEFAULT_THRESHOLD, PLAGIARISM_MAX_WORDS, type PlagiarismCheckResponse } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useReport } from '../context';
import { download } from './download';

/** Plagiarism Check by winnowing against your documents, uploads and the reference corpus. */
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
      setResult(await api.post<PlagiarismCheckResponse>('/api/plagiarism/check', { text: r.text, threshold, ...(r.documentId && r.signedIn ? { documentId: r.documentId } : {}) }, { timeoutMs: 60_000 }));
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
      ...result.passages.flatMap((p, i) => [`## ${i + 1}. ${p.sourceTitle} (${p.sourceKind}, ${p.words} words)`, '', `> ${p.text}`, '', `Source: ${p.sourceExcerpt}`, '']),
    ];
    download(new Blob([lines.join('\n')], { type: 'text/markdown' }), `plagiarism-report-${result.checkedAt.slice(0, 10)}.md`);
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
          <HighlightedText text={r.text} passages={result.passages} />
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

function HighlightedText({ text, passages }: { text: string; passages: PlagiarismCheckResponse['passages'] }) {
  const parts: Array<{ s: string; p?: (typeof passages)[number] }> = [];
  let last = 0;
  for (const p of [...passages].sort((a, b) => a.start - b.start)) {
    if (p.start < last) continue;
    parts.push({ s: text.slice(last, p.start) });
    parts.push({ s: text.slice(p.start, p.end), p });
    last = p.end;
  }
  parts.push({ s: text.slice(last) });
  return (
    <div className="rt-highlight">
      {parts.map((x, i) => (x.p ? <mark key={i} title={`${x.p.sourceTitle}: ${x.p.sourceExcerpt.slice(0, 200)}`}>{x.s}<sup className="rt-src">{x.p.sourceTitle}</sup></mark> : <span key={i}>{x.s}</span>))}
    </div>
  );
}
