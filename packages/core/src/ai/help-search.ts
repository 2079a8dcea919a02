import MiniSearch from 'minisearch';
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

/** English phrases that are one idea ("sign up" is not "sign" + "up"), written as one word before cutting. */
const ENGLISH_PHRASES: Array<[RegExp, string]> = [
  [/\b(sign|log)[ -]?(up)\b/g, 'signup'],
  [/\b(sign|log)[ -]?(in|on)\b|\blogin\b/g, 'signin'],
  [/\b(sign|log)[ -]?(out|off)\b/g, 'signout'],
  [/\b(two|2)[ -]?(step|factor|fa)\b|\b2fa\b|\bmfa\b/g, 'twostep'],
  [/\be-mail\b/g, 'email'],
  [/\bhow much\b/g, 'price'],
];

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

/** Hiragana is mostly grammar, but a few words people type are written in it ("いくら"): those of the synonym table stay. */
const HIRAGANA_WORDS = new Set(HELP_SYNONYMS.ja.flat().filter((w) => HIRAGANA_ONLY.test(w)));

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: Language): Intl.Segmenter {
  let s = segmenters.get(language);
  if (!s) segmenters.set(language, (s = new Intl.Segmenter(language, { granularity: 'word' })));
  return s;
}

const KATAKANA_ONLY = /^[\u30a0-\u30ffー]+$/u;

/** Word-like segments; a katakana word the dictionary split ("アリ|ペイ") is joined again. */
function segments(text: string, language: Language): string[] {
  const out: string[] = [];
  let joinable = false;
  for (const part of segmenter(language).segment(text)) {
    if (!part.isWordLike) {
      joinable = false;
      continue;
    }
    const katakana = KATAKANA_ONLY.test(part.segment);
    if (katakana && joinable) out[out.length - 1] += part.segment;
    else out.push(part.segment);
    joinable = katakana;
  }
  return out;
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
  let normalised = text.normalize('NFKC').toLowerCase();
  for (const [pattern, word] of ENGLISH_PHRASES) normalised = normalised.replace(pattern, word);
  for (const word of segments(normalised, language)) {
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
    if ((HIRAGANA_ONLY.test(word) && !HIRAGANA_WORDS.has(word)) || CJK_STOP.has(word)) continue;
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

/** One word of a question: the terms that stand for it (its own, its character pairs, its synonyms) with their weights. */
export interface HelpConcept {
  word: string;
  terms: Map<string, number>;
}

/** Weights of the terms that stand for a word: the word itself counts fully, a part or a synonym less. */
const PAIR_WEIGHT = 0.5;
const SYNONYM_WEIGHT = 0.7;

/** A question as concepts: each distinct word with its character pairs and the synonyms of both. */
export function helpQueryConcepts(question: string, language: Language): HelpConcept[] {
  const synonyms = synonymsOf(language);
  const concepts = new Map<string, HelpConcept>();
  for (const [word, ...parts] of helpWords(question, language)) {
    if (concepts.has(word!)) continue;
    const terms = new Map<string, number>();
    const add = (t: string, w: number) => terms.set(t, Math.max(terms.get(t) ?? 0, w));
    add(word!, 1);
    for (const s of synonyms.get(word!) ?? []) add(s, SYNONYM_WEIGHT);
    for (const p of parts) {
      add(p, PAIR_WEIGHT);
      for (const s of synonyms.get(p) ?? []) add(s, PAIR_WEIGHT * SYNONYM_WEIGHT);
    }
    concepts.set(word!, { word: word!, terms });
  }
  return [...concepts.values()];
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

  const searchOptions = {
    boost: { title: 3, keywords: 2.5, body: 1, alsoMatches: 1.2 },
    fuzzy: (t: string) => (/^[a-z]{5,}$/.test(t) ? 0.2 : false),
    prefix: (t: string) => /^[a-z]{4,}$/.test(t),
    weights: { fuzzy: 0.4, prefix: 0.5 },
  };
  return {
    docs,
    search(question, { limit = 3, admin = false } = {}) {
      const concepts = helpQueryConcepts(question, language);
      if (concepts.length === 0) return [];
      // Each concept scores a document by its best term only: a word with many synonyms must not
      // outweigh the rest of the question just because an article uses several of them.
      const scores = new Map<string, { score: number; covered: number }>();
      const total = concepts.reduce((n, c) => n + idf(c.word), 0);
      for (const concept of concepts) {
        const best = new Map<string, number>();
        for (const [term, weight] of concept.terms) {
          for (const r of mini.search(term, searchOptions)) best.set(r.id as string, Math.max(best.get(r.id as string) ?? 0, r.score * weight));
        }
        for (const [id, score] of best) {
          const entry = scores.get(id) ?? { score: 0, covered: 0 };
          entry.score += score;
          entry.covered += idf(concept.word);
          scores.set(id, entry);
        }
      }
      return [...scores]
        .filter(([id]) => admin || byId.get(id)!.audience !== 'admin')
        .sort((x, y) => y[1].score - x[1].score)
        .slice(0, limit)
        .map(([id, { score, covered }]) => ({ doc: byId.get(id)!, score, coverage: covered / total }));
    },
  };
}

/** A confident answer needs half the question covered, a real score and a clear lead over the runner-up. */
export const HELP_MIN_COVERAGE = 0.5;
export const HELP_MIN_SCORE = 4;
export const HELP_MIN_LEAD = 1.1;

/**
 * What to do with the hits (pass at least two): answer from the best one, offer the closest topics
 * (never a confident wrong answer), or say nothing matched.
 */
export function helpVerdict(hits: HelpHit[]): HelpVerdict {
  const [best, second] = hits;
  if (!best) return 'none';
  const leads = !second || best.score >= HELP_MIN_LEAD * second.score;
  return best.coverage >= HELP_MIN_COVERAGE && best.score >= HELP_MIN_SCORE && leads ? 'answer' : 'unsure';
}
