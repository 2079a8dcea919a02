import { countWords, rubricPrompt, textStats, type TextStats } from '@yumi/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Button } from '../../../shared/ui/Button';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';
import { useWriting } from '../context';
import { assertModel, streamChat } from '../lib/ai';
import { AiError } from '../../../shared/ai';
import { useAiRun } from '../useAiRun';
import { ToolHeader } from './ToolHeader';

type PromptType = 'essay' | 'exam';
const PROMPT_IDS = ['p1', 'p2', 'p3', 'p4'] as const;
const TIMER_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;
const WORD_LIMIT_CHOICES = [150, 250, 300, 400, 500, 800, 1000] as const;

interface Practice {
  phase: 'setup' | 'running' | 'done';
  type: PromptType;
  task: string;
  minutes: number;
  wordLimit: number;
  endsAt: number;
  docId: string | null;
  stats: TextStats | null;
  rubric: string;
  set(p: Partial<Practice>): void;
}
/** Kept outside the panel, so closing the tool does not stop a running practice. */
const usePractice = create<Practice>((set) => ({
  phase: 'setup',
  type: 'essay',
  task: '',
  minutes: 20,
  wordLimit: 300,
  endsAt: 0,
  docId: null,
  stats: null,
  rubric: '',
  set: (p) => set(p),
}));

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** Timed writing practice with local statistics and, when a model is connected, a rubric assessment. */
export function TestWritingTool() {
  const { t } = useTranslation('writing');
  const { text, docs, ai } = useWriting();
  const p = usePractice();
  const [now, setNow] = useState(() => Date.now());
  const { running, error, run, stop } = useAiRun();
  const words = countWords(text);

  const finish = () => p.set({ phase: 'done', stats: textStats(docs.doc?.id === p.docId ? text : '') });

  useEffect(() => {
    if (p.phase !== 'running') return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [p.phase]);
  useEffect(() => {
    if (p.phase === 'running' && now >= p.endsAt) finish();
  });

  const start = async () => {
    const task = p.task.trim() || t(`testWriting.prompts.${p.type}.p1`);
    const d = await docs.create(t('testWriting.docTitle', { type: t(`testWriting.types.${p.type}`), date: new Date().toLocaleDateString() }), '');
    p.set({ phase: 'running', task, endsAt: Date.now() + p.minutes * 60_000, docId: d.id, stats: null, rubric: '' });
    setNow(Date.now());
  };

  const assess = () =>
    run(async (signal) => {
      assertModel(ai);
      p.set({ rubric: '' });
      let acc = '';
      await streamChat(
        { message: rubricPrompt(p.type, p.task, text, p.wordLimit), context: ai },
        {
          onDelta: (d) => {
            acc += d;
            p.set({ rubric: acc });
          },
          signal,
        },
      );
    });

  if (p.phase === 'setup') {
    return (
      <div className="tool-body">
        <ToolHeader id="test-writing" />
        <SegmentedControl label={t('testWriting.type')} value={p.type} onValueChange={(type) => p.set({ type, task: '' })} options={(['essay', 'exam'] as const).map((type) => ({ value: type, label: t(`testWriting.types.${type}`) }))} />
        <label className="field" style={{ marginTop: 10 }}>
          <span>{t('testWriting.prompt')}</span>
          <select className="select" value={PROMPT_IDS.find((id) => t(`testWriting.prompts.${p.type}.${id}`) === p.task) ?? ''} onChange={(e) => p.set({ task: e.target.value ? t(`testWriting.prompts.${p.type}.${e.target.value}`) : '' })}>
            <option value="">{t('testWriting.custom')}</option>
            {PROMPT_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`testWriting.prompts.${p.type}.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('testWriting.task')}</span>
          <textarea className="textarea" rows={2} maxLength={500} value={p.task} placeholder={t(`testWriting.prompts.${p.type}.p1`)} onChange={(e) => p.set({ task: e.target.value })} />
        </label>
        <div className="row">
          <label className="field grow">
            <span>{t('testWriting.timer')}</span>
            <select className="select" value={p.minutes} onChange={(e) => p.set({ minutes: Number(e.target.value) })}>
              {TIMER_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {t('testWriting.minutes', { n: m })}
                </option>
              ))}
            </select>
          </label>
          <label className="field grow">
            <span>{t('testWriting.wordLimit')}</span>
            <select className="select" value={p.wordLimit} onChange={(e) => p.set({ wordLimit: Number(e.target.value) })}>
              {WORD_LIMIT_CHOICES.map((w) => (
                <option key={w} value={w}>
                  {t('testWriting.wordsN', { n: w })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="small muted">{t('testWriting.newDocNote')}</p>
        <Button variant="primary" size="sm" onClick={() => void start()}>
          {t('testWriting.start')}
        </Button>
      </div>
    );
  }

  if (p.phase === 'running') {
    const left = p.endsAt - now;
    return (
      <div className="tool-body">
        <ToolHeader id="test-writing" />
        <p className="task card small">{p.task}</p>
        <div className={`timer ${left < 60_000 ? 'urgent' : ''}`} role="timer" aria-live="off" data-testid="practice-timer">
          {mmss(left)}
        </div>
        <p className={`small ${words > p.wordLimit ? 'over' : ''}`}>{t('testWriting.progress', { words, limit: p.wordLimit })}</p>
        <Button variant="primary" size="sm" onClick={finish}>
          {t('testWriting.finish')}
        </Button>
      </div>
    );
  }

  const s = p.stats!;
  const hints: string[] = [];
  if (s.words > p.wordLimit) hints.push(t('testWriting.hints.over', { n: s.words - p.wordLimit }));
  if (s.words < p.wordLimit * 0.6) hints.push(t('testWriting.hints.short'));
  if (s.avgSentenceWords > 25) hints.push(t('testWriting.hints.longSentences'));
  if (s.words > 40 && s.lexicalVariety < 0.4) hints.push(t('testWriting.hints.repetitive'));
  if (s.paragraphs <= 1 && s.words > 150) hints.push(t('testWriting.hints.paragraphs'));
  return (
    <div className="tool-body" data-testid="practice-feedback">
      <ToolHeader id="test-writing" />
      <h4 className="small">{t('testWriting.feedback')}</h4>
      <dl className="stats-grid">
        <dt>{t('testWriting.stats.words')}</dt>
        <dd>
          {s.words} / {p.wordLimit}
        </dd>
        <dt>{t('testWriting.stats.sentences')}</dt>
        <dd>{s.sentences}</dd>
        <dt>{t('testWriting.stats.avgSentence')}</dt>
        <dd>{s.avgSentenceWords}</dd>
        <dt>{t('testWriting.stats.longest')}</dt>
        <dd>{s.longestSentenceWords}</dd>
        <dt>{t('testWriting.stats.variety')}</dt>
        <dd>{Math.round(s.lexicalVariety * 100)}%</dd>
        <dt>{t('testWriting.stats.grade')}</dt>
        <dd>{s.readabilityGrade ?? t('testWriting.stats.na')}</dd>
        <dt>{t('testWriting.stats.ease')}</dt>
        <dd>{s.readingEase ?? t('testWriting.stats.na')}</dd>
        <dt>{t('testWriting.stats.paragraphs')}</dt>
        <dd>{s.paragraphs}</dd>
      </dl>
      {hints.length > 0 ? (
        <ul className="small hints">
          {hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      ) : (
        <p className="small">{t('testWriting.hints.good')}</p>
      )}
      <h4 className="small">{t('testWriting.rubric')}</h4>
      {running ? (
        <Button size="sm" variant="danger" onClick={stop}>
          ■ {t('continue.stop')}
        </Button>
      ) : (
        <Button size="sm" onClick={() => void assess()} disabled={!s.words}>
          {t('testWriting.assess')}
        </Button>
      )}
      <AiError error={error} />
      {p.rubric && <div className="rubric card small">{p.rubric}</div>}
      <Button size="sm" variant="ghost" onClick={() => p.set({ phase: 'setup', stats: null, rubric: '' })}>
        {t('testWriting.again')}
      </Button>
    </div>
  );
}
