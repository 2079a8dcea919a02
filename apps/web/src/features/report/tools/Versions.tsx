import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import type { Version } from '../../../shared/writing';
import { useReport } from '../context';

/** The spec's six report refinement suggestions (first document §9). */
export const REPORT_REFINEMENTS = ['Add citations', 'Include data analysis', 'Improve structure', 'Academic formatting', 'Peer review ready', 'Add conclusions'] as const;
const VARIATIONS = ['Literature Review', 'Data Analysis', 'Methodology', 'Executive Summary'] as const;

/**
 * Generate Versions: a main academic version (confidence 0.9) and, when suggestions are allowed, an
 * 'academic enhanced' alternative (0.8), both written by the chosen model through /api/edit.
 */
export function VersionsTool({ onVersions, allowSuggestions, iterative }: { onVersions(v: Version[]): void; allowSuggestions: boolean; iterative: boolean }) {
  const { t } = useTranslation('report');
  const r = useReport();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = (instructions: string) => api.post<{ text: string }>('/api/edit', { instructions, text: r.text }, { timeoutMs: 120_000 }).then((x) => x.text);
  const fail = (err: unknown) =>
    setError(err instanceof ApiError && err.code === 'MODEL_REQUIRED' ? t('versions.modelNeeded') : (err as Error).message);
  const generate = async (refinement?: string) => {
    setBusy('main');
    setError(null);
    try {
      const base = `Rewrite this scientific report in a clear academic register. Keep Markdown headings, $math$, [@citation] keys and figure lines exactly.${refinement ? ` Also: ${refinement}.` : ''}`;
      const main = await edit(base);
      const versions: Version[] = [{ id: `v${Date.now()}`, type: 'main', content: main, metadata: { aiConfidence: 0.9, refinementsSuggested: [...REPORT_REFINEMENTS], personalityInfluence: 'teacher' } }];
      if (allowSuggestions) {
        const alt = await edit(`${base} Produce an academic enhanced version: stronger structure, hedged claims, explicit limitations.`);
        versions.push({ id: `a${Date.now()}`, type: 'alternative', content: alt, metadata: { aiConfidence: 0.8, refinementsSuggested: [], personalityInfluence: 'academic enhanced' } });
      }
      onVersions(versions);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };
  const variation = async (name: string) => {
    setBusy(name);
    setError(null);
    try {
      const section = await edit(`Write only a "${name}" section (a Markdown "## ${name}" heading and its text) for this scientific report, based on its content. Keep citation keys as [@key].`);
      r.insertAtCursor(`\n\n${section.trim()}\n`);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="rt-panel">
      <p className="small"><strong>{t('versions.mode')}</strong> {t('versions.modeValue')}</p>
      <p className="small muted">{t('versions.guide')}</p>
      {!iterative && <p className="small muted">{t('versions.iterativeOff')}</p>}
      <Button variant="primary" disabled={!r.text.trim() || !iterative || busy !== null} onClick={() => void generate()}>{busy === 'main' ? t('versions.generating') : t('versions.generate')}</Button>
      {error && <div className="alert alert-warning" role="alert">{error}</div>}
      <div className="rt-grid">
        {VARIATIONS.map((v) => (
          <Button key={v} size="sm" disabled={!r.text.trim() || busy !== null} onClick={() => void variation(v)}>{t(`versions.variations.${v.replace(/\s/g, '')}`)}</Button>
        ))}
      </div>
      <h4>{t('versions.refine')}</h4>
      <div className="row-wrap">
        {REPORT_REFINEMENTS.map((x) => (
          <button key={x} type="button" className="badge" disabled={!r.text.trim() || busy !== null || !(allowSuggestions || iterative)} onClick={() => void generate(x)}>{t(`versions.refinements.${x.replace(/\s/g, '')}`)}</button>
        ))}
      </div>
    </div>
  );
}
