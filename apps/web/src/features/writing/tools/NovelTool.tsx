import { DEFAULT_CHAPTER_GOAL, goalProgress, MAX_CHAPTER_GOAL, OUTLINE_BEATS, OUTLINE_TEMPLATES, type NovelCharacter, type OutlineTemplate } from '@yumi/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';
import { Tabs } from '../../../shared/ui/Tabs';
import { useWriting } from '../context';
import { splitChapters } from '../lib/chapters';
import { ToolHeader } from './ToolHeader';

interface Plan {
  template: OutlineTemplate;
  beats: Record<string, string>;
  goals: Record<string, number>;
  characters: NovelCharacter[];
}
const emptyPlan = (): Plan => ({ template: 'threeAct', beats: {}, goals: {}, characters: [] });
const planKey = (docId: string) => `writing.novel.${docId}`;

function loadPlan(docId: string | undefined): Plan {
  if (!docId) return emptyPlan();
  try {
    const raw = JSON.parse(localStorage.getItem(planKey(docId)) ?? 'null');
    if (!raw || typeof raw !== 'object') return emptyPlan();
    return {
      template: OUTLINE_TEMPLATES.includes(raw.template) ? raw.template : 'threeAct',
      beats: typeof raw.beats === 'object' && raw.beats ? raw.beats : {},
      goals: typeof raw.goals === 'object' && raw.goals ? raw.goals : {},
      characters: Array.isArray(raw.characters) ? raw.characters.filter((c: NovelCharacter) => c && typeof c.name === 'string') : [],
    };
  } catch {
    return emptyPlan();
  }
}

/** Chapters (the document's headings) with word goals, an outline template, and a character list. */
export function NovelTool() {
  const { t } = useTranslation('writing');
  const { editor, text, docs } = useWriting();
  const docId = docs.doc?.id;
  const [plan, setPlan] = useState<Plan>(() => loadPlan(docId));
  const [tab, setTab] = useState<'chapters' | 'outline' | 'characters'>('chapters');
  const [newChapter, setNewChapter] = useState('');
  const [newChar, setNewChar] = useState({ name: '', role: '', notes: '' });
  const chapters = useMemo(() => splitChapters(text), [text]);

  useEffect(() => setPlan(loadPlan(docId)), [docId]);
  const update = (next: Plan) => {
    setPlan(next);
    if (docId) {
      try {
        localStorage.setItem(planKey(docId), JSON.stringify(next));
      } catch {
        /* storage full: the plan stays for this session */
      }
    }
  };

  const addChapter = () => {
    const title = newChapter.trim() || t('novel.chapterN', { n: chapters.length + 1 });
    const current = editor.getText();
    const sep = current && !current.endsWith('\n') ? '\n\n' : current ? '\n' : '';
    editor.replaceRange(current.length, current.length, `${sep}## ${title}\n\n`);
    setNewChapter('');
  };

  const insertOutline = () => {
    const beats = OUTLINE_BEATS[plan.template];
    const lines = [`# ${t(`novel.templates.${plan.template}`)}`, ...beats.map((b) => `- **${t(`novel.beats.${b}`)}**: ${plan.beats[b] ?? ''}`)];
    editor.insertAtCursor(`${lines.join('\n')}\n`);
  };

  const totalGoal = chapters.reduce((s, c) => s + (plan.goals[c.title] ?? DEFAULT_CHAPTER_GOAL), 0);
  const totalWords = chapters.reduce((s, c) => s + c.words, 0);

  // The three tabs' panels (chapters, outline, characters).
  const panels = {
    chapters: (
      <div className="stack">
        {chapters.length === 0 && <p className="small muted">{t('novel.noChapters')}</p>}
        {chapters.length > 0 && (
          <p className="small">
            {t('novel.total', { words: totalWords.toLocaleString(), goal: totalGoal.toLocaleString() })}
          </p>
        )}
        <ul className="chapter-list">
          {chapters.map((c, i) => {
            const goal = plan.goals[c.title] ?? DEFAULT_CHAPTER_GOAL;
            const p = goalProgress(c.words, goal);
            return (
              <li key={`${c.title}-${i}`} className="chapter">
                <button type="button" className="link-btn" onClick={() => editor.replaceRange(c.start, c.start, '')}>
                  {c.title}
                </button>
                <span className="meter" aria-label={t('novel.progress', { percent: Math.round(p * 100) })}>
                  <span style={{ width: `${p * 100}%` }} className={p >= 1 ? 'done' : ''} />
                </span>
                <span className="small muted">
                  {c.words.toLocaleString()} /{' '}
                  <input
                    className="goal-input"
                    type="number"
                    min={0}
                    max={MAX_CHAPTER_GOAL}
                    step={100}
                    aria-label={t('novel.goalFor', { title: c.title })}
                    value={goal}
                    onChange={(e) => update({ ...plan, goals: { ...plan.goals, [c.title]: Math.min(MAX_CHAPTER_GOAL, Math.max(0, Math.round(Number(e.target.value) || 0))) } })}
                  />
                </span>
              </li>
            );
          })}
        </ul>
        <div className="row">
          <input className="input" value={newChapter} maxLength={120} placeholder={t('novel.chapterTitle')} aria-label={t('novel.chapterTitle')} onChange={(e) => setNewChapter(e.target.value)} />
          <Button size="sm" variant="primary" onClick={addChapter}>
            ＋ {t('novel.addChapter')}
          </Button>
        </div>
      </div>
    ),
    outline: (
      <div className="stack">
        <SegmentedControl label={t('novel.template')} value={plan.template} onValueChange={(template) => update({ ...plan, template })} options={OUTLINE_TEMPLATES.map((tpl) => ({ value: tpl, label: t(`novel.templates.${tpl}`) }))} />
        {OUTLINE_BEATS[plan.template].map((b) => (
          <label key={b} className="field">
            <span>
              {t(`novel.beats.${b}`)} <span className="muted small">— {t(`novel.beatHints.${b}`)}</span>
            </span>
            <textarea className="textarea" rows={2} maxLength={2000} value={plan.beats[b] ?? ''} onChange={(e) => update({ ...plan, beats: { ...plan.beats, [b]: e.target.value } })} />
          </label>
        ))}
        <Button size="sm" onClick={insertOutline}>
          {t('novel.insertOutline')}
        </Button>
      </div>
    ),
    characters: (
      <div className="stack">
        <ul className="char-list">
          {plan.characters.map((c) => (
            <li key={c.id} className="card small">
              <strong>{c.name}</strong> {c.role && <span className="badge">{c.role}</span>}
              {c.notes && <p className="muted">{c.notes}</p>}
              <div className="row">
                <button type="button" className="link-btn" onClick={() => editor.insertAtCursor(c.name)}>
                  {t('novel.insertName')}
                </button>
                <button type="button" className="link-btn" onClick={() => update({ ...plan, characters: plan.characters.filter((x) => x.id !== c.id) })}>
                  {t('novel.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (!newChar.name.trim()) return;
            update({ ...plan, characters: [...plan.characters, { id: crypto.randomUUID(), name: newChar.name.trim(), role: newChar.role.trim(), notes: newChar.notes.trim() }].slice(0, 100) });
            setNewChar({ name: '', role: '', notes: '' });
          }}
        >
          <input className="input" required maxLength={60} placeholder={t('novel.charName')} aria-label={t('novel.charName')} value={newChar.name} onChange={(e) => setNewChar({ ...newChar, name: e.target.value })} />
          <input className="input" maxLength={60} placeholder={t('novel.charRole')} aria-label={t('novel.charRole')} value={newChar.role} onChange={(e) => setNewChar({ ...newChar, role: e.target.value })} />
          <textarea className="textarea" rows={2} maxLength={1000} placeholder={t('novel.charNotes')} aria-label={t('novel.charNotes')} value={newChar.notes} onChange={(e) => setNewChar({ ...newChar, notes: e.target.value })} />
          <Button size="sm" type="submit" variant="primary">
            ＋ {t('novel.addCharacter')}
          </Button>
        </form>
      </div>
    ),
  };

  return (
    <div className="tool-body">
      <ToolHeader id="novel-writing" />
      <Tabs
        label={t('tools.novel-writing.name')}
        value={tab}
        onValueChange={(id) => setTab(id as typeof tab)}
        items={(['chapters', 'outline', 'characters'] as const).map((id) => ({ id, label: t(`novel.tabs.${id}`), content: panels[id] }))}
      />
    </div>
  );
}
