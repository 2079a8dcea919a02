import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKnowledgeIndex, FAQ, HELP_ARTICLES, type KnowledgeIndex, type Language } from '@yumi/core';
import { webLocalesDir } from '../../../lib/paths';
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
  index: KnowledgeIndex;
  /** How a model is connected, in this language (the FAQ answer). */
  connectSteps: string;
}

const cache = new Map<Language, OfflineKnowledge>();

/**
 * The knowledge base in one language: FAQ items and help articles shown in that language, and also
 * found by their English words (people often type a tool's English name).
 */
export function offlineKnowledge(language: Language): OfflineKnowledge {
  const cached = cache.get(language);
  if (cached) return cached;
  const faq = faqTexts(language);
  const help = OFFLINE_LOCALES[language].help;
  const index = createKnowledgeIndex([
    // The English question counts twice, like a title: people type a tool's English name on any screen.
    ...FAQ.map((f) => ({ id: `faq:${f.id}`, title: faq[f.id]!.q, body: faq[f.id]!.a, alsoMatches: language === 'en' ? undefined : `${f.question} ${f.question}` })),
    ...HELP_ARTICLES.map((h) => {
      const text = help[h.id] ?? h;
      return { id: `help:${h.id}`, title: text.title, keywords: text.keywords, body: text.body, alsoMatches: language === 'en' ? undefined : `${h.title} ${h.keywords}` };
    }),
  ]);
  const knowledge = { index, connectSteps: faq['models-connect']!.a };
  cache.set(language, knowledge);
  return knowledge;
}
