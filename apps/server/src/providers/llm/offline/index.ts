import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { articlesIn, buildOfflineKnowledge, FAQ, LANGUAGES, type HelpCorpus, type Language, type OfflineKnowledge } from '@yumi/core';
import { webLocalesDir } from '../../../lib/paths';
import { readHelpCorpus } from './corpus';

export { OFFLINE_LOCALES, type OfflineKnowledge } from '@yumi/core';

export { languageOf } from '../../../lib/language';

type FaqTexts = Record<string, { q: string; a: string }>;

/** FAQ questions and answers in a language, from the web app's helper namespace (the Tutorial shows the same). */
function faqTexts(language: Language): FaqTexts {
  const english = Object.fromEntries(FAQ.map((f) => [f.id, { q: f.question, a: f.answer }]));
  if (language === 'en') return english;
  try {
    const helper = JSON.parse(readFileSync(join(webLocalesDir, language, 'helper.json'), 'utf8')) as { faq?: { items?: FaqTexts } };
    return { ...english, ...helper.faq?.items };
  } catch {
    return english; // A missing translation file falls back to English rather than failing the chat.
  }
}

const cache = new Map<Language, OfflineKnowledge>();
let corpus: HelpCorpus | undefined;
/** The help corpus, read once. */
export const helpCorpus = () => (corpus ??= readHelpCorpus());

/** The knowledge base in one language (built once per language). */
export function offlineKnowledge(language: Language): OfflineKnowledge {
  const cached = cache.get(language);
  if (cached) return cached;
  const knowledge = buildOfflineKnowledge(articlesIn(helpCorpus(), language), language, faqTexts(language)['models-connect']!.a);
  cache.set(language, knowledge);
  return knowledge;
}

/** Reads the corpus and builds every language's index before the server takes requests (no first-chat stall). */
export function warmOfflineKnowledge(): void {
  for (const language of LANGUAGES) offlineKnowledge(language);
}
