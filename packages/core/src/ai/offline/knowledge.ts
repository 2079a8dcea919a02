import type { Language } from '../../i18n';
import type { HelpArticleFile } from '../help-corpus';
import { createHelpIndex, type HelpDoc, type HelpIndex } from '../help-search';

/** The help corpus, by slug and language (the server reads it from disk, the browser from a lazily loaded chunk). */
export type HelpCorpus = Map<string, Partial<Record<Language, HelpArticleFile>>>;

export interface OfflineKnowledge {
  index: HelpIndex;
  /** How a model is connected, in this language (the FAQ answer). */
  connectSteps: string;
}

/**
 * The knowledge base in one language: the help corpus, each article also found by its English title and
 * keywords (people type a tool's English name on any screen). Slugs in sorted order, so the server and the
 * browser build the same index and rank ties alike.
 */
export function buildOfflineKnowledge(corpus: HelpCorpus, language: Language, connectSteps: string): OfflineKnowledge {
  const other = language !== 'en';
  const docs: HelpDoc[] = [];
  for (const slug of [...corpus.keys()].sort()) {
    const files = corpus.get(slug)!;
    const file = files[language];
    if (!file) continue;
    const english = files.en;
    docs.push({
      id: `help:${slug}`,
      title: file.title,
      body: file.body,
      keywords: file.keywords,
      links: file.links,
      audience: file.audience,
      alsoMatches: other && english ? `${english.title}\n${english.keywords.join('\n')}` : undefined,
    });
  }
  return { index: createHelpIndex(docs, language), connectSteps };
}
