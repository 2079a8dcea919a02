import type { CreativeControlSettings, YumiPersonality } from './control';
import { YUMI_PERSONALITIES } from './control';
import type { UserHistory } from './history';
import { textStats } from './stats';

export const REFINEMENT_TYPES = ['mood', 'style', 'detail', 'theme', 'personality'] as const;
export type RefinementType = (typeof REFINEMENT_TYPES)[number];
export type Priority = 'high' | 'medium' | 'low';

/** At most this many refinement chips are shown at once; mood lists hold 4, personality lists 5 (§9). */
export const MAX_REFINEMENT_CHIPS = 6;
export const MOOD_OPTION_COUNT = 4;
export const PERSONALITY_OPTION_COUNT = 5;

export interface RefinementOption {
  id: string;
  /** English label; the web translates by id and falls back to this. */
  label: string;
  emoji: string;
  description: string;
  personalityAlignment: YumiPersonality[];
}
export interface RefinementQuestion {
  type: RefinementType;
  question: string;
  priority: Priority;
  options: RefinementOption[];
}

const opt = (id: string, label: string, emoji: string, description: string, personalityAlignment: YumiPersonality[]): RefinementOption => ({
  id,
  label,
  emoji,
  description,
  personalityAlignment,
});

const MOODS: RefinementOption[] = [
  opt('mood-happy', 'Happy', '😊', 'Bright, warm and hopeful', ['genki', 'imouto']),
  opt('mood-melancholic', 'Melancholic', '🌧️', 'Quiet, wistful and bittersweet', ['kuudere', 'classmate']),
  opt('mood-mysterious', 'Mysterious', '🌙', 'Hushed, uncertain, full of hints', ['kuudere', 'otaku']),
  opt('mood-energetic', 'Energetic', '⚡', 'Fast, loud and full of motion', ['genki', 'tsundere']),
];

export const TONES = ['formal', 'casual', 'emotional', 'humorous'] as const;
export type Tone = (typeof TONES)[number];
const STYLE_OPTIONS: Record<Tone, RefinementOption> = {
  formal: opt('tone-formal', 'Formal', '🎩', 'Full words, measured sentences', ['teacher', 'kuudere']),
  casual: opt('tone-casual', 'Casual', '👟', 'Relaxed, like talking to a friend', ['classmate', 'genki']),
  emotional: opt('tone-emotional', 'Emotional', '💗', 'Feelings close to the surface', ['imouto', 'tsundere']),
  humorous: opt('tone-humorous', 'Humorous', '😄', 'A wink and a light touch', ['otaku', 'genki']),
};

const DETAILS: RefinementOption[] = [
  opt('detail-senses', 'Sensory details', '👃', 'What it looks, sounds and smells like', ['otaku', 'kuudere']),
  opt('detail-dialogue', 'More dialogue', '💬', 'Let the characters speak', ['classmate', 'genki']),
  opt('detail-setting', 'Richer setting', '🏯', 'Ground the scene in a place and time', ['teacher', 'otaku']),
  opt('detail-feelings', 'Inner feelings', '💭', 'Show what the characters feel', ['imouto', 'tsundere']),
];

const THEMES: RefinementOption[] = [
  opt('theme-friendship', 'Friendship', '🤝', 'Bonds that hold under pressure', ['classmate', 'genki']),
  opt('theme-adventure', 'Adventure', '🗺️', 'A journey into the unknown', ['genki', 'otaku']),
  opt('theme-love', 'Love', '💌', 'Longing, confession, devotion', ['tsundere', 'imouto']),
  opt('theme-growth', 'Growth', '🌱', 'Someone becomes who they are', ['teacher', 'kuudere']),
];

const PERSONA_EMOJI: Record<YumiPersonality, string> = {
  none: '⚪',
  otaku: '🎮',
  tsundere: '😤',
  teacher: '📚',
  imouto: '🎀',
  classmate: '🏫',
  kuudere: '❄️',
  genki: '🌟',
};

const EMOTION_WORDS = /\b(love|hate|fear|joy|happy|sad|angry|cry|cried|tears|smile|smiled|laugh|heart|lonely|afraid|hope)\b|[愛恋涙笑怒悲嬉寂]|사랑|눈물|기쁨|슬픔/i;
const CASUAL_MARKERS = /\b(gonna|wanna|kinda|lol|yeah|hey|don't|can't|won't|it's|i'm)\b|!{2,}/i;

const rank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/**
 * Refinement questions for a text: each question's priority follows what the text lacks (no feelings:
 * mood is high; very short: detail is high), themes come from the user's history when there is one,
 * and the personality question suggests five other personas.
 */
export function buildRefinementQuestions(
  text: string,
  settings: Pick<CreativeControlSettings, 'yumiPersonality'>,
  history: Pick<UserHistory, 'recentThemes'>,
): RefinementQuestion[] {
  const stats = textStats(text);
  const casual = CASUAL_MARKERS.test(text);
  const styleOrder: Tone[] = casual ? ['formal', 'emotional', 'humorous', 'casual'] : ['casual', 'emotional', 'humorous', 'formal'];
  const themeOptions = history.recentThemes.length
    ? history.recentThemes.slice(0, 4).map((theme, i) => opt(`theme-history-${i}`, theme, '🔁', 'A theme you used recently', []))
    : THEMES;
  const personas = YUMI_PERSONALITIES.filter((p) => p !== 'none' && p !== settings.yumiPersonality)
    .slice(0, PERSONALITY_OPTION_COUNT)
    .map((p) => opt(`persona-${p}`, p, PERSONA_EMOJI[p], `Let ${p} Yumi shape the voice`, [p]));
  const questions: RefinementQuestion[] = [
    {
      type: 'mood',
      question: 'What mood should this piece carry?',
      priority: EMOTION_WORDS.test(text) ? 'medium' : 'high',
      options: MOODS.slice(0, MOOD_OPTION_COUNT),
    },
    {
      type: 'style',
      question: 'Which tone fits your readers?',
      priority: stats.avgSentenceWords > 25 || casual ? 'high' : 'medium',
      options: styleOrder.map((t) => STYLE_OPTIONS[t]),
    },
    { type: 'detail', question: 'What would you like more of?', priority: stats.words < 60 ? 'high' : 'low', options: DETAILS },
    { type: 'theme', question: 'Which theme should come through?', priority: history.recentThemes.length ? 'medium' : 'low', options: themeOptions },
    { type: 'personality', question: 'Try another Yumi personality?', priority: 'low', options: personas },
  ];
  return questions.sort((a, b) => rank[a.priority] - rank[b.priority]);
}

export interface RefinementChip {
  type: RefinementType;
  option: RefinementOption;
}

/** The quick chips: the first options of each question in priority order, at most six. */
export function refinementChips(questions: RefinementQuestion[], max = MAX_REFINEMENT_CHIPS): RefinementChip[] {
  const chips: RefinementChip[] = [];
  for (let round = 0; chips.length < max; round += 1) {
    let added = false;
    for (const q of questions) {
      const option = q.options[round];
      if (option && chips.length < max) {
        chips.push({ type: q.type, option });
        added = true;
      }
    }
    if (!added) break;
  }
  return chips;
}

/** A tone id from a style option id ('tone-formal' -> 'formal'). */
export function toneOfOption(optionId: string): Tone | null {
  const t = optionId.replace(/^tone-/, '');
  return (TONES as readonly string[]).includes(t) ? (t as Tone) : null;
}

export interface MemoryNudge {
  type: 'theme' | 'style' | 'element' | 'mood';
  message: string;
  /** What a click does: insert the remembered item or apply it as a refinement. */
  action: 'insert' | 'refine';
  confidence: number;
  relatedHistory: string[];
}

/** Nudges drawn from the user's history, newest entries first, most confident first; none when switched off. */
export function buildMemoryNudges(history: UserHistory, enabled: boolean): MemoryNudge[] {
  if (!enabled) return [];
  const nudges: MemoryNudge[] = [];
  const conf = (n: number) => Math.min(0.9, Math.round((0.5 + n * 0.1) * 10) / 10);
  if (history.recentThemes.length)
    nudges.push({ type: 'theme', message: `You often write about ${history.recentThemes[0]}.`, action: 'refine', confidence: conf(history.recentThemes.length), relatedHistory: history.recentThemes.slice(0, 3) });
  if (history.favoriteStyles.length)
    nudges.push({ type: 'style', message: `Your favourite style lately: ${history.favoriteStyles[0]}.`, action: 'refine', confidence: conf(history.favoriteStyles.length), relatedHistory: history.favoriteStyles.slice(0, 3) });
  if (history.commonElements.length)
    nudges.push({ type: 'element', message: `Bring back ${history.commonElements[0]}?`, action: 'insert', confidence: conf(history.commonElements.length), relatedHistory: history.commonElements.slice(0, 3) });
  if (history.preferredMoods.length)
    nudges.push({ type: 'mood', message: `Keep the ${history.preferredMoods[0]} mood you like?`, action: 'refine', confidence: conf(history.preferredMoods.length), relatedHistory: history.preferredMoods.slice(0, 3) });
  return nudges.sort((a, b) => b.confidence - a.confidence);
}
