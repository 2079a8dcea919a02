import { canGenerateVersions, canRefine, DEFAULT_PERSONA, isPersonaKey, type ChatContext, type CreativeControlSettings } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiError, assertModel, editText, openAssistant, useAiSettings, useReconcileModel } from '../../../shared/ai';
import { Button } from '../../../shared/ui/Button';
import type { Version } from '../../../shared/writing';
import { useReport } from '../context';

/** The spec's six report refinement suggestions (first document §9), each with its refinement type. */
export const REPORT_REFINEMENTS = [
  { id: 'Addcitations', label: 'Add citations', type: 'detail' },
  { id: 'Includedataanalysis', label: 'Include data analysis', type: 'detail' },
  { id: 'Improvestructure', label: 'Improve structure', type: 'style' },
  { id: 'Academicformatting', label: 'Academic formatting', type: 'style' },
  { id: 'Peerreviewready', label: 'Peer review ready', type: 'theme' },
  { id: 'Addconclusions', label: 'Add conclusions', type: 'detail' },
] as const;
const VARIATIONS = ['Literature Review', 'Data Analysis', 'Methodology', 'Executive Summary'] as const;
const KEEP = 'Keep the Markdown headings, $...$ and $$...$$ math, [@key] citations and figure lines (![...](figure:...)) exactly as they are.';

/**
 * Generate Versions (first document §4): needs iterative mode and non-blank text; a main version
 * (confidence 0.9) and, only when suggestions are allowed, an 'academic enhanced' alternative (0.8),
 * written by the chosen model. Refinements are honoured only at balanced or with suggestions allowed;
 * a 'detail' refinement opens the assistant with the prompt; the feedback becomes the current context.
 */
export function VersionsTool({ control, onVersions }: { control: CreativeControlSettings; onVersions(v: Version[]): void }) {
  const { t } = useTranslation('report');
  const r = useReport();
  const ai = useAiSettings();
  // A stored choice this server cannot serve (no key for its provider) falls back to the server's default.
  useReconcileModel();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [currentContext, setCurrentContext] = useState<string | null>(null);
  const context: ChatContext = {
    provider: ai.provider,
    model: ai.model,
    personality: control.yumiPersonality !== 'none' && isPersonaKey(control.yumiPersonality) ? control.yumiPersonality : isPersonaKey(ai.personality) ? ai.personality : DEFAULT_PERSONA,
    mode: 'report-helper',
  };
  const edit = (instructions: string) => {
    assertModel(context);
    return editText({ instructions, text: r.text, context });
  };
  const canGenerate = canGenerateVersions(r.text, control);

  const generate = async (refinement?: string) => {
    setBusy('main');
    setError(null);
    try {
      const base = `Rewrite this scientific report in a clear, precise academic register. ${KEEP}${refinement ? ` Also: ${refinement}.` : ''}${currentContext ? ` Earlier feedback: ${currentContext}.` : ''}`;
      const main = await edit(base);
      const versions: Version[] = [
        { id: `main-${Date.now()}`, type: 'main', content: main, metadata: { aiConfidence: 0.9, refinementsSuggested: REPORT_REFINEMENTS.map((x) => x.label), personalityInfluence: control.yumiPersonality } },
      ];
      if (control.allowSuggestions) {
        const alt = await edit(`${base} Make it an academic enhanced version: a stronger structure, hedged claims, explicit limitations and a clear contribution statement.`);
        versions.push({ id: `alt-${Date.now()}`, type: 'alternative', content: alt, metadata: { aiConfidence: 0.8, refinementsSuggested: [], personalityInfluence: 'academic enhanced' } });
      }
      onVersions(versions);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const refine = (item: (typeof REPORT_REFINEMENTS)[number]) => {
    if (!canRefine(control)) return;
    const question = item.label;
    setCurrentContext(question);
    if (item.type === 'detail') {
      openAssistant({ tab: 'chat', message: `${question} for this scientific report:\n\n${r.text.slice(0, 6000)}` });
      return;
    }
    void generate(question);
  };

  const variation = async (name: string) => {
    setBusy(name);
    setError(null);
    try {
      const section = await edit(`Write only a "${name}" section for this scientific report, based on its content: a Markdown "## ${name}" heading and its text. Cite sources only with the report's existing [@key] citations.`);
      r.insertAtCursor(`\n\n${section.trim()}\n`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="rt-panel">
      <p className="small"><strong>{t('versions.mode')}</strong> {t(`versions.levels.${control.level}`)} · {t('versions.modeValue')}</p>
      <p className="small muted">{t('versions.guide')}</p>
      {!control.iterativeMode && <p className="small muted">{t('versions.iterativeOff')}</p>}
      <Button variant="primary" disabled={!canGenerate || busy !== null} onClick={() => void generate()}>{busy === 'main' ? t('versions.generating') : t('versions.generate')}</Button>
      {/* The same notice as Writing when a model is needed (never the server's "provider not configured"). */}
      <AiError error={error} />
      <div className="rt-grid">
        {VARIATIONS.map((v) => (
          <Button key={v} size="sm" disabled={!r.text.trim() || busy !== null} onClick={() => void variation(v)}>{t(`versions.variations.${v.replace(/\s/g, '')}`)}</Button>
        ))}
      </div>
      <h4>{t('versions.refine')}</h4>
      {!canRefine(control) && <p className="small muted">{t('versions.refineOff')}</p>}
      <div className="row-wrap">
        {REPORT_REFINEMENTS.map((x) => (
          <button key={x.id} type="button" className="badge" disabled={!r.text.trim() || busy !== null || !canRefine(control)} onClick={() => refine(x)}>{t(`versions.refinements.${x.id}`)}</button>
        ))}
      </div>
      {currentContext && <p className="small muted" data-testid="current-context">{t('versions.context', { context: t(`versions.refinements.${REPORT_REFINEMENTS.find((x) => x.label === currentContext)?.id ?? 'Addcitations'}`) })}</p>}
    </div>
  );
}
