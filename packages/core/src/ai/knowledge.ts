import { FAQ } from './faq';
import { HELP_ARTICLES } from './help';

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
}

const STOP = new Set(
  'a an the and or but of to in on at for with by from is are was were be been it its this that these those i me my you your we our can could do does did how what where which who why when will would should i\'m please about into there their them they then than so if as up out use using get have has had any some yumi studio again please thanks thank okay ok yes no just also very really much more'.split(
    ' ',
  ),
);

/** Lower-case word stems: a light suffix strip so "brushes"/"brush" and "citations"/"citation" meet. */
export function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map((t) => t.replace(/(ies)$/, 'y').replace(/(ing|ed|es|s)$/, '').replace(/(.)\1$/, '$1'))
    .filter((t) => t.length > 1);
}

function weigh(parts: Array<[string, number]>): Map<string, number> {
  const terms = new Map<string, number>();
  for (const [text, weight] of parts) for (const t of stems(text)) terms.set(t, (terms.get(t) ?? 0) + weight);
  return terms;
}

export const KNOWLEDGE: KnowledgeEntry[] = [
  ...FAQ.map((f) => ({ id: `faq:${f.id}`, title: f.question, body: f.answer, terms: weigh([[f.question, 3], [f.answer, 1]]) })),
  ...HELP_ARTICLES.map((h) => ({
    id: `help:${h.id}`,
    title: h.title,
    body: h.body,
    terms: weigh([[h.title, 3], [h.keywords, 2], [h.body, 1]]),
  })),
].map((e) => ({ ...e, length: [...e.terms.values()].reduce((s, v) => s + v, 0) }));

const documentFrequency = new Map<string, number>();
for (const e of KNOWLEDGE) for (const t of e.terms.keys()) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
const averageLength = KNOWLEDGE.reduce((s, e) => s + e.length, 0) / KNOWLEDGE.length;

/** BM25 over the knowledge base; answers the best entries, best first. */
export function searchKnowledge(query: string, limit = 3): KnowledgeHit[] {
  const terms = [...new Set(stems(query))];
  if (terms.length === 0) return [];
  const n = KNOWLEDGE.length;
  const k1 = 1.2;
  const b = 0.6;
  const hits: KnowledgeHit[] = [];
  for (const entry of KNOWLEDGE) {
    let score = 0;
    for (const t of terms) {
      const tf = entry.terms.get(t);
      if (!tf) continue;
      const df = documentFrequency.get(t) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * entry.length) / averageLength));
    }
    if (score > 0) hits.push({ entry, score });
  }
  return hits.sort((x, y) => y.score - x.score).slice(0, limit);
}

/** Below this the best hit is a coincidence of common words, not an answer. */
export const KNOWLEDGE_MIN_SCORE = 2.2;
