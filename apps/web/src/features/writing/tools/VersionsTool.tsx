import {
  buildMemoryNudges,
  buildRefinementQuestions,
  canRefine,
  refinementChips,
  rewriteTone,
  toneOfOption,
  TONES,
  type MemoryNudge,
  type RefinementOption,
  type RefinementType,
  type Tone,
  type YumiPersonality,
} from '@yumi/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { toast } from '../../../shared/ui/toast';
import { openAssistant, useWriting } from '../context';
import { editText } from '../lib/ai';
import { generateVersions, VersionsRefused } from '../lib/versions';
import { AiError } from '../../../shared/ai';
import { useAiRun } from '../useAiRun';
import { ToolHeader } from './ToolHeader';

/** Generate Versions with refinement questions, quick tone variations and memory nudges (§4). */
export function VersionsTool() {
  const { t } = useTranslation('writing');
  const w = useWriting();
  const { editor, text, control, history, remember, ai, showVersions, setControl, setPersonality } = w;
  const { running, error, run, stop, setError } = useAiRun();
  const [refineOpen, setRefineOpen] = useState(false);
  const sample = useDeferredValue(text.slice(0, 20_000));
  const questions = useMemo(() => buildRefinementQuestions(sample, control, history), [sample, control, history]);
  const chips = refinementChips(questions);
  const nudges = buildMemoryNudges(history, control.memoryNudges);
  const blank = !text.trim();

  const optionLabel = (o: RefinementOption) =>
    o.id.startsWith('theme-history-') ? o.label : o.id.startsWith('persona-') ? t(`personas.${o.label}`) : t(`refine.options.${o.id}`, { defaultValue: o.label });

  const generate = (refinement?: string) =>
    run(async (signal) => {
      try {
        const versions = await generateVersions({ text: editor.getText(), control, history, ai, refinement, edit: editText, signal });
        showVersions(versions);
      } catch (err) {
        if (err instanceof VersionsRefused) setError(new Error(t(`versions.refused.${err.reason}`)));
        else throw err;
      }
    });

  const applyTone = (tone: Tone) => {
    const sel = editor.getSelection();
    const whole = sel.start === sel.end;
    const start = whole ? 0 : sel.start;
    const end = whole ? editor.getText().length : sel.end;
    const passage = editor.getText().slice(start, end);
    if (!passage.trim()) return toast('warning', t('versions.refused.empty'));
    editor.replaceRange(start, end, rewriteTone(passage, tone, { emotional: t('tones.appendix.emotional'), humorous: t('tones.appendix.humorous') }));
    remember('favoriteStyles', tone);
  };

  /** The spec's refinement rules: honoured at balanced or with suggestions; mood opens the assistant, style applies a tone. */
  const refine = (type: RefinementType, option: RefinementOption) => {
    if (!canRefine(control)) return toast('warning', t('refine.notAllowed'));
    setRefineOpen(false);
    const label = optionLabel(option);
    if (type === 'mood') {
      remember('preferredMoods', label);
      openAssistant({ tab: 'chat', message: t('refine.moodPrompt', { mood: label, excerpt: editor.getText().slice(0, 400) }) });
      return;
    }
    if (type === 'style') {
      const tone = toneOfOption(option.id);
      if (tone) applyTone(tone);
      return;
    }
    if (type === 'personality') {
      const p = option.id.replace(/^persona-/, '') as YumiPersonality;
      setControl({ ...control, yumiPersonality: p });
      setPersonality(p);
      return;
    }
    remember(type === 'theme' ? 'recentThemes' : 'commonElements', label);
    void generate(`${t(`refine.types.${type}`)}: ${option.label}`);
  };

  const applyNudge = (n: MemoryNudge) => {
    const item = n.relatedHistory[0] ?? '';
    if (n.action === 'insert') editor.insertAtCursor(item);
    else if (n.type === 'style' && (TONES as readonly string[]).includes(item)) applyTone(item as Tone);
    else void generate(`${t(`nudges.kinds.${n.type}`)}: ${item}`);
  };

  return (
    <div className="tool-body">
      <ToolHeader id="generate-versions" />
      <p className="small">
        {t('versions.mode', { level: t(`control.levels.${control.level}`) })} ·{' '}
        {control.iterativeMode ? t('versions.iterativeOn') : t('versions.iterativeOff')}
      </p>
      {!control.iterativeMode && (
        <div className="alert alert-info small">
          {t('versions.needIterative')}{' '}
          <button type="button" className="link-btn" onClick={() => setControl({ ...control, iterativeMode: true })}>
            {t('versions.turnOnIterative')}
          </button>
        </div>
      )}
      <div className="row">
        {running ? (
          <Button size="sm" variant="danger" onClick={stop}>
            ■ {t('continue.stop')}
          </Button>
        ) : (
          <Button size="sm" variant="primary" disabled={blank || !control.iterativeMode} onClick={() => void generate()} data-testid="generate-versions">
            {t('versions.generate')}
          </Button>
        )}
        <Button size="sm" disabled={blank} onClick={() => setRefineOpen(true)}>
          {t('refine.open')}
        </Button>
      </div>
      {running && <p className="small muted typing">{t('versions.generating')}</p>}
      <AiError error={error} />

      <h4 className="small">{t('tones.title')}</h4>
      <div className="chips">
        {TONES.map((tone) => (
          <button key={tone} type="button" className="chip" disabled={blank} onClick={() => applyTone(tone)} data-testid={`tone-${tone}`}>
            {t(`tones.${tone}`)}
          </button>
        ))}
      </div>

      <h4 className="small">{t('refine.chips')}</h4>
      <div className="chips">
        {chips.map((c) => (
          <button key={`${c.type}-${c.option.id}`} type="button" className="chip" disabled={blank} onClick={() => refine(c.type, c.option)} title={t(`refine.types.${c.type}`)}>
            {optionLabel(c.option)}
          </button>
        ))}
      </div>

      {control.memoryNudges && (
        <>
          <h4 className="small">{t('nudges.title')}</h4>
          {nudges.length === 0 ? (
            <p className="small muted">{t('nudges.empty')}</p>
          ) : (
            <ul className="nudges">
              {nudges.map((n) => (
                <li key={n.type}>
                  <span>{t(`nudges.messages.${n.type}`, { value: n.relatedHistory[0] })}</span>
                  <Button variant="ghost" size="sm" onClick={() => applyNudge(n)}>
                    {n.action === 'insert' ? t('nudges.insert') : t('nudges.apply')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <Dialog open={refineOpen} onOpenChange={setRefineOpen} title={t('refine.title')} description={t('refine.description')} wide>
        {!canRefine(control) && <p className="alert alert-warning">{t('refine.notAllowed')}</p>}
        <div className="refine-questions">
          {questions.map((q) => (
            <section key={q.type} className="refine-q">
              <h4>
                {t(`refine.questions.${q.type}`)} <span className={`badge prio-${q.priority}`}>{t(`refine.priority.${q.priority}`)}</span>
              </h4>
              <div className="chips">
                {q.options.map((o) => (
                  <button key={o.id} type="button" className="chip" onClick={() => refine(q.type, o)} title={o.id.startsWith('theme-') || o.id.startsWith('persona-') ? undefined : t(`refine.descriptions.${o.id}`, { defaultValue: o.description })}>
                    {optionLabel(o)}
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      </Dialog>
    </div>
  );
}
