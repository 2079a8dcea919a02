import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHelpIndex, FAQ, type HelpDoc, type HelpIndex, type Language } from '@yumi/core';
import { webLocalesDir } from '../../../lib/paths';
import { readHelpCorpus } from './corpus';
import { en } from './en';
import { ja } from './ja';
import { ko } from './ko';
import type { OfflineLocale } from './types';
import { zh } from './zh';

export type { OfflineLocale, OfflineVoiceText } from './types';

export const OFFLINE_LOCALES: Record<Language, OfflineLocale> = { en, ja, zh, ko };

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

export interface OfflineKnowledge {
  index: HelpIndex;
  /** How a model is connected, in this language (the FAQ answer). */
  connectSteps: string;
}

const cache = new Map<Language, OfflineKnowledge>();
let corpus: ReturnType<typeof readHelpCorpus> | undefined;
/** The help corpus, read once. */
export const helpCorpus = () => (corpus ??= readHelpCorpus());

/**
 * The knowledge base in one language: the help corpus (content files), each article also found by its
 * English title and keywords (people type a tool's English name on any screen).
 */
export function offlineKnowledge(language: Language): OfflineKnowledge {
  const cached = cache.get(language);
  if (cached) return cached;
  const articles = helpCorpus();
  const faq = faqTexts(language);
  const other = language !== 'en';
  const docs: HelpDoc[] = [];
  for (const [slug, files] of articles) {
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
  const knowledge = { index: createHelpIndex(docs, language), connectSteps: faq['models-connect']!.a };
  cache.set(language, knowledge);
  return knowledge;
}

/** Reads the corpus and builds every language's index before the server takes requests (no first-chat stall). */
export function warmOfflineKnowledge(): void {
  for (const language of Object.keys(OFFLINE_LOCALES) as Language[]) offlineKnowledge(language);
}
