import type { Language } from '../../i18n';
import type { HelpArticleFile } from '../help-corpus';
import { createHelpIndex, type HelpDoc, type HelpIndex } from '../help-search';

/** The help corpus, by slug and language, as the server reads it from disk. */
export type HelpCorpus = Map<string, Partial<Record<Language, HelpArticleFile>>>;

export interface OfflineKnowledge {
  index: HelpIndex;
  /** How a model is connected, in this language (the FAQ answer). */
  connectSteps: string;
}

/** One article of a language's index, with the English title and keywords it is also found by. */
export interface OfflineArticle {
  file: HelpArticleFile;
  english?: Pick<HelpArticleFile, 'title' | 'keywords'>;
}

/** The articles of one language in a corpus, in slug order (the server and the browser rank ties alike). */
export function articlesIn(corpus: HelpCorpus, language: Language): OfflineArticle[] {
  return [...corpus.keys()].sort().flatMap((slug) => {
    const files = corpus.get(slug)!;
    return files[language] ? [{ file: files[language], english: language === 'en' ? undefined : files.en }] : [];
  });
}

/**
 * The knowledge base in one language: the help articles (in slug order), each also found by its English title
 * and keywords (people type a tool's English name on any screen).
 */
export function buildOfflineKnowledge(articles: OfflineArticle[], language: Language, connectSteps: string): OfflineKnowledge {
  const docs: HelpDoc[] = articles.map(({ file, english }) => ({
    id: `help:${file.slug}`,
    title: file.title,
    body: file.body,
    keywords: file.keywords,
    links: file.links,
    audience: file.audience,
    alsoMatches: english ? `${english.title}\n${english.keywords.join('\n')}` : undefined,
  }));
  return { index: createHelpIndex(docs, language), connectSteps };
}
