import { helpVerdict, type HelpIndex } from './help-search';

/** One labelled question of the recall set (packages/core/help-questions/<lang>.tsv: `slug<TAB>question`). */
export interface HelpQuestion {
  slug: string;
  question: string;
}

export function parseHelpQuestions(tsv: string): HelpQuestion[] {
  return tsv
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [slug, question] = line.split('\t');
      if (!slug || !question) throw new Error(`Not "slug<TAB>question": ${line}`);
      return { slug, question };
    });
}

export interface HelpRecall {
  questions: number;
  /** Share whose best hit is the labelled article. */
  top1: number;
  /** Share with the labelled article among the first three hits. */
  top3: number;
  /** Share answered confidently with the labelled article (the rest get the closest topics). */
  answered: number;
  /** Share answered confidently with another article: the failure that matters most. */
  confidentlyWrong: number;
  misses: Array<{ question: string; expected: string; got: string[] }>;
}

/** Top-1 and top-3 accuracy of an index over labelled questions (ids are `help:<slug>`). */
export function helpRecall(index: HelpIndex, questions: HelpQuestion[]): HelpRecall {
  let top1 = 0;
  let top3 = 0;
  let wrong = 0;
  let answered = 0;
  const misses: HelpRecall['misses'] = [];
  for (const { slug, question } of questions) {
    const hits = index.search(question, { limit: 3 });
    const ids = hits.map((h) => h.doc.id.replace(/^help:/, ''));
    if (ids[0] === slug) {
      top1 += 1;
      if (helpVerdict(hits) === 'answer') answered += 1;
    } else {
      misses.push({ question, expected: slug, got: ids });
      if (helpVerdict(hits) === 'answer') wrong += 1;
    }
    if (ids.includes(slug)) top3 += 1;
  }
  const n = Math.max(1, questions.length);
  return { questions: questions.length, top1: top1 / n, top3: top3 / n, answered: answered / n, confidentlyWrong: wrong / n, misses };
}
