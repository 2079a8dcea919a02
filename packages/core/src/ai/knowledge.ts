/** One searchable entry of the offline assistant's knowledge base (FAQ items and help articles). */
export interface KnowledgeEntry {
  id: string;
  title: string;
  body: string;
  /** Weighted terms: title and keywords count more than the body. */
  terms: Map<string, number>;
  length: number;
}

export interface KnowledgeHit {
  entry: KnowledgeEntry;
  score: number;
  /** Share of the question's weight (by rarity) this entry matched: low when only a side word hit. */
  coverage: number;
}

const STOP = new Set(
  'a an the and or but of to in on at for with by from is are was were be been it its this that these those i me my you your we our can could do does did how what where which who why when will would should i\'m please about into there their them they then than so if as up out use using get have has had any some yumi studio again please thanks thank okay ok yes no just also very really much more'.split(
    ' ',
  ),
);

const CJK_RUN = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;
const SCRIPT_SEGMENT = /[\u3040-\u309f]+|[\u30a0-\u30ff]+|[\u3400-\u9fff\uf900-\ufaff]+|[\uac00-\ud7af]+/gu;
const HIRAGANA = /^[\u3040-\u309f]+$/u;
const HANGUL = /^[\uac00-\ud7af]+$/u;
/** Korean particles stuck to the end of a word ("차트는" is "차트" + "는"). */
const KOREAN_PARTICLE = /(으로|에서|에게|한테|까지|부터|하고|은|는|이|가|을|를|에|의|로|도|만|와|과|랑)$/u;
/** Question words and other pairs that say nothing about the topic. */
const CJK_STOP = new Set(
  '怎么 怎样 如何 什么 为什 可以 能否 是否 一下 我们 你们 这个 那个 哪里 哪个 需要 使用 如果 时候 何が 方法 場合 必要 어떻 떻게 무엇 어디 어느 하나 나요 하면 있어 있나 방법 사용 해야 할수 되나'.split(' '),
);

/** Lower-case word stems: a light suffix strip so "brushes"/"brush" and "citations"/"citation" meet. */
export function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map((t) => t.replace(/(ies)$/, 'y').replace(/(ing|ed|es|s)$/, '').replace(/(.)\1$/, '$1'))
    .filter((t) => t.length > 1);
}

/**
 * Search terms of any of the four languages: English stems, plus overlapping character pairs of
 * Japanese, Chinese and Korean words (those scripts do not separate words by spaces, and pairs match
 * "レイヤー" inside "レイヤーの使い方" without a dictionary). Hiragana runs are Japanese grammar
 * (particles, endings) and are skipped; Korean words lose their trailing particle first.
 */
export function searchTerms(text: string): string[] {
  const terms = stems(text);
  for (const run of text.match(CJK_RUN) ?? []) {
    for (let segment of run.match(SCRIPT_SEGMENT) ?? []) {
      if (HIRAGANA.test(segment)) continue;
      if (HANGUL.test(segment) && segment.length > 2) segment = segment.replace(KOREAN_PARTICLE, '');
      const chars = [...segment];
      if (chars.length === 1) terms.push(segment);
      for (let i = 0; i + 1 < chars.length; i += 1) {
        const pair = chars[i]! + chars[i + 1]!;
        if (!CJK_STOP.has(pair)) terms.push(pair);
      }
    }
  }
  return terms;
}

function weigh(parts: Array<[string, number]>): Map<string, number> {
  const terms = new Map<string, number>();
  for (const [text, weight] of parts) for (const t of searchTerms(text)) terms.set(t, (terms.get(t) ?? 0) + weight);
  return terms;
}

/** What an entry is built from: the text shown, and more text that only helps it be found. */
export interface KnowledgeSource {
  id: string;
  title: string;
  body: string;
  keywords?: string;
  /** Searchable but never shown (e.g. the English text behind a translation). */
  alsoMatches?: string;
}

export interface KnowledgeIndex {
  entries: KnowledgeEntry[];
  search(query: string, limit?: number): KnowledgeHit[];
}

/** BM25 over a set of entries; title and keywords weigh more than the body. */
export function createKnowledgeIndex(sources: KnowledgeSource[]): KnowledgeIndex {
  const entries: KnowledgeEntry[] = sources.map((s) => {
    const terms = weigh([[s.title, 3], [s.keywords ?? '', 2], [s.body, 1], [s.alsoMatches ?? '', 1]]);
    return { id: s.id, title: s.title, body: s.body, terms, length: [...terms.values()].reduce((n, v) => n + v, 0) };
  });
  const documentFrequency = new Map<string, number>();
  for (const e of entries) for (const t of e.terms.keys()) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  const averageLength = entries.reduce((n, e) => n + e.length, 0) / Math.max(1, entries.length);
  const k1 = 1.2;
  const b = 0.6;
  return {
    entries,
    search(query, limit = 3) {
      const terms = [...new Set(searchTerms(query))];
      if (terms.length === 0) return [];
      // A term no entry has is as rare as can be: asking about ramen must not look like asking about brushes.
      const idf = (t: string) => Math.log(1 + (entries.length - (documentFrequency.get(t) ?? 0) + 0.5) / ((documentFrequency.get(t) ?? 0) + 0.5));
      const totalWeight = terms.reduce((n, t) => n + idf(t), 0);
      const hits: KnowledgeHit[] = [];
      for (const entry of entries) {
        let score = 0;
        let matched = 0;
        for (const t of terms) {
          const tf = entry.terms.get(t);
          if (!tf) continue;
          matched += idf(t);
          score += (idf(t) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * entry.length) / averageLength));
        }
        if (score > 0) hits.push({ entry, score, coverage: matched / totalWeight });
      }
      return hits.sort((x, y) => y.score - x.score).slice(0, limit);
    },
  };
}

/** Below this the best hit is a coincidence of common words, not an answer. */
export const KNOWLEDGE_MIN_SCORE = 2.2;
/** An answer must match at least this share of the question's weight. */
export const KNOWLEDGE_MIN_COVERAGE = 0.45;
