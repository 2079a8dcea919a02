import MiniSearch, { type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';
import type { Language } from '../i18n';
import type { HelpLink } from './help-corpus';
import { HELP_SYNONYMS } from './help-synonyms';

/**
 * Retrieval for the offline assistant (MiniSearch: BM25+, per-field boosts, fuzzy and prefix matching,
 * pluggable tokenising; small and without dependencies, so the same index runs in Node and the browser).
 * Words are cut by `Intl.Segmenter` in the document's language; English words are Porter-stemmed;
 * Japanese and Chinese words longer than two characters also give their character pairs (segmenters
 * cut the same compound differently in a question and in an article); Korean words lose their particle.
 * Questions are expanded with synonyms, and the share of the question an article covers decides
 * whether the answer is confident, a guess to be offered as "closest topics", or nothing.
 */

/** One searchable entry: a help article (or an FAQ item) in one language. */
export interface HelpDoc {
  id: string;
  title: string;
  body: string;
  keywords: string[];
  links: HelpLink[];
  audience: 'everyone' | 'admin';
  /** Searchable, never shown: the English title and keywords behind a translation (people type English tool names). */
  alsoMatches?: string;
}

export interface HelpHit {
  doc: HelpDoc;
  score: number;
  /** Share of the question's concepts (a word and its synonyms) the article contains. */
  coverage: number;
}

export type HelpVerdict = 'answer' | 'unsure' | 'none';

const ENGLISH_STOP = new Set(
  `a an the and or but of to in on at for with by from is are was were be been being it its this that these those i me my mine
  you your yours we our us can could do does did doing done how what where which who whom why when will would should shall may
  might must i'm im i've i'd id please about into there their them they then than so if as up out get got have has had any some
  yumi studio again thanks thank okay ok yes no just also very really much more want wanna need way like let know tell help
  there's it's isn't don't doesn't cant can't dont doesnt someone something anything thing stuff here now still even only
  am being make makes use using used`.split(/\s+/),
);

/** Japanese, Chinese and Korean words that carry no topic (question words, pronouns, politeness). */
const CJK_STOP = new Set(
  `どう どうやって どうすれば どうしたら 何 なに 方法 やり方 したい できる できない ください 教え 知り たい ます です
  私 わたし 僕 自分 ここ これ それ あれ どこ どれ いい 場合 必要 使い方 ユミ
  怎么 怎么办 怎样 如何 什么 为什么 可以 能否 是否 一下 我们 你们 这个 那个 哪里 哪个 需要 使用 如果 时候 我 我想 我的 你 你好 吗 呢 想 要 请 能 会
  어떻게 어떡해 무엇 뭐 어디 어느 방법 사용 해야 하는 하고 싶어요 싶어 싶 주세요 있어요 있나요 있나 있어 되나요 되나 제 내 저 나 좀 수 유미
  쓸 쓰 써 쓰는 쓰고 할 하나 법 알려 가능`.split(/\s+/),
);

const KOREAN_SUFFIX =
  /(었어요|았어요|였어요|어요|아요|었어|았어|었을|았을|었다|았다|어서|아서|는데|나요|까요|을까|할까|하려면|하려고|하고|하는|하기|하면|해요|해줘|했어|합니다|할래|할까|으로|에서|에게|한테|까지|부터|이랑|은|는|이|가|을|를|에|의|로|도|만|와|과|랑|요)$/u;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;
const HANGUL = /[\uac00-\ud7af]/u;
const KANA_OR_HAN = /^[\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaffー]+/u;
const HIRAGANA_ONLY = /^[\u3040-\u309fー]+$/u;
const WIDE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: Language): Intl.Segmenter {
  let s = segmenters.get(language);
  if (!s) segmenters.set(language, (s = new Intl.Segmenter(language, { granularity: 'word' })));
  return s;
}

function pairs(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * Words of a text as the index stores them (questions too): normalised, stop words out, stemmed. Each
 * word comes with the character pairs of a long CJK word, so one question word is one group.
 */
export function helpWords(text: string, language: Language): string[][] {
  const out: string[][] = [];
  for (const part of segmenter(language).segment(text.normalize('NFKC').toLowerCase())) {
    if (!part.isWordLike) continue;
    const word = part.segment;
    if (!WIDE.test(word)) {
      for (const latin of word.split(/[^\p{L}\p{N}]+/u)) {
        if (latin.length < 2 || ENGLISH_STOP.has(latin)) continue;
        out.push([/^[a-z]+$/.test(latin) ? stemmer(latin) : latin]);
      }
      continue;
    }
    if (HANGUL.test(word)) {
      let stem = word;
      for (let i = 0; i < 2 && [...stem].length > 2; i += 1) stem = stem.replace(KOREAN_SUFFIX, '');
      if (CJK_STOP.has(stem) || CJK_STOP.has(word)) continue;
      out.push([stem, ...([...stem].length > 2 ? pairs(stem) : [])]);
      continue;
    }
    if (HIRAGANA_ONLY.test(word) || CJK_STOP.has(word)) continue;
    // Japanese verbs come with their endings ("削除し", "忘れ"): keep the kanji or katakana head.
    const head = KANA_OR_HAN.exec(word)?.[0] ?? word;
    if (CJK_STOP.has(head)) continue;
    out.push([head, ...(HAN.test(head) && [...head].length > 2 ? pairs(head).filter((p) => !CJK_STOP.has(p)) : [])]);
  }
  return out;
}

export const helpTerms = (text: string, language: Language): string[] => helpWords(text, language).flat();

/** Term -> the other terms of its synonym groups, per language (built once from HELP_SYNONYMS). */
const synonymMaps = new Map<Language, Map<string, Set<string>>>();
function synonymsOf(language: Language): Map<string, Set<string>> {
  let map = synonymMaps.get(language);
  if (map) return map;
  map = new Map();
  // English groups apply in every language: English tool names are typed on every screen.
  for (const group of [...HELP_SYNONYMS.en, ...(language === 'en' ? [] : HELP_SYNONYMS[language])]) {
    // A phrase of several words ("create account") would tie each word to the group: only one-term phrases count.
    const terms = [
      ...new Set(group.map((phrase) => helpWords(phrase, language === 'en' || !WIDE.test(phrase) ? 'en' : language)).flatMap((w) => (w.length === 1 ? [w[0]![0]!] : []))),
    ];
    for (const t of terms) {
      const set = map.get(t) ?? new Set<string>();
      for (const other of terms) if (other !== t) set.add(other);
      map.set(t, set);
    }
  }
  synonymMaps.set(language, map);
  return map;
}

/** A question as concepts: each distinct word with its character pairs and the synonyms of both. */
export function helpQueryConcepts(question: string, language: Language): string[][] {
  const synonyms = synonymsOf(language);
  const seen = new Set<string>();
  const concepts: string[][] = [];
  for (const word of helpWords(question, language)) {
    if (seen.has(word[0]!)) continue;
    seen.add(word[0]!);
    concepts.push([...new Set(word.flatMap((t) => [t, ...(synonyms.get(t) ?? [])]))]);
  }
  return concepts;
}

export interface HelpSearchOptions {
  limit?: number;
  /** Admin-only articles (operator settings) are found only for admins. */
  admin?: boolean;
}

export interface HelpIndex {
  docs: HelpDoc[];
  search(question: string, options?: HelpSearchOptions): HelpHit[];
}

const FIELDS = ['title', 'keywords', 'body', 'alsoMatches'] as const;

export function createHelpIndex(docs: HelpDoc[], language: Language): HelpIndex {
  const byId = new Map(docs.map((d) => [d.id, d]));
  // Each field is cut once: the same terms feed MiniSearch and the document frequencies below.
  const memo = new Map<string, string[]>();
  const terms = (text: string, field: string) => {
    const key = `${field === 'alsoMatches' ? 'en' : language}\u0000${text}`;
    let out = memo.get(key);
    if (!out) memo.set(key, (out = field === 'alsoMatches' ? helpTerms(text, 'en') : helpTerms(text, language)));
    return out;
  };
  const mini = new MiniSearch<{ id: string; title: string; keywords: string; body: string; alsoMatches: string }>({
    fields: [...FIELDS],
    tokenize: (text, field) => terms(text, field ?? ''),
    processTerm: (term) => term,
    searchOptions: { tokenize: (q) => q.split(' '), processTerm: (t) => t },
  });
  const rows = docs.map((d) => ({ id: d.id, title: d.title, keywords: d.keywords.join(' \n '), body: d.body, alsoMatches: d.alsoMatches ?? '' }));
  mini.addAll(rows);
  const documentFrequency = new Map<string, number>();
  for (const row of rows) {
    for (const t of new Set(FIELDS.flatMap((f) => terms(row[f], f)))) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  }
  memo.clear();
  // A concept weighs as much as the word the person typed is rare; a word no article has is the rarest ("ramen" must count).
  const idf = (t: string) => Math.log(1 + (docs.length + 1) / ((documentFrequency.get(t) ?? 0) + 0.5));
  const weightOf = (concept: string[]) => idf(concept[0]!);

  return {
    docs,
    search(question, { limit = 3, admin = false } = {}) {
      const concepts = helpQueryConcepts(question, language);
      if (concepts.length === 0) return [];
      const total = concepts.reduce((n, c) => n + weightOf(c), 0);
      const latinLong = (t: string) => /^[a-z]{5,}$/.test(t);
      const results: SearchResult[] = mini.search(
        { combineWith: 'OR', queries: concepts.map((c) => ({ combineWith: 'OR', queries: c, boostTerm: (_t: string, i: number) => (i === 0 ? 1 : 0.6) })) },
        {
          boost: { title: 3, keywords: 2.5, body: 1, alsoMatches: 1.2 },
          fuzzy: (t) => (latinLong(t) ? 0.2 : false),
          prefix: (t) => /^[a-z]{4,}$/.test(t),
          weights: { fuzzy: 0.4, prefix: 0.5 },
          filter: (r) => admin || byId.get(r.id as string)?.audience !== 'admin',
        },
      );
      return results.slice(0, limit).map((r) => {
        const matched = new Set(r.queryTerms);
        const covered = concepts.filter((c) => c.some((t) => matched.has(t))).reduce((n, c) => n + weightOf(c), 0);
        return { doc: byId.get(r.id as string)!, score: r.score, coverage: covered / total };
      });
    },
  };
}

/** A confident answer needs most of the question covered and a clear lead over the runner-up. */
export const HELP_MIN_COVERAGE = 0.5;
export const HELP_MIN_SCORE = 4;

/**
 * What to do with the hits: answer from the best one, offer the closest topics (never a confident wrong
 * answer), or say nothing matched.
 */
export function helpVerdict(hits: HelpHit[]): HelpVerdict {
  const [best] = hits;
  if (!best) return 'none';
  if (best.coverage >= HELP_MIN_COVERAGE && best.score >= HELP_MIN_SCORE) return 'answer';
  return 'unsure';
}
