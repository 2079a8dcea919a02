import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHelpIndex, FAQ, HELP_ARTICLES, MODE_ROUTES, TOOL_CATALOGUE, type HelpDoc, type HelpIndex, type HelpLink, type Language } from '@yumi/core';
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

const MODE_OF_ARTICLE = { main: null, 'writing-helper': 'writing', 'report-helper': 'report', 'anime-chara-helper': 'anime', image: 'image' } as const;

/** A tool's built-in article opens the tool (or at least its mode). */
function toolLinks(id: string, mode: keyof typeof MODE_OF_ARTICLE, label: string): HelpLink[] {
  const modeId = MODE_OF_ARTICLE[mode];
  if (!modeId) return [];
  const tool = TOOL_CATALOGUE.find((t) => t.id === id && t.mode === modeId);
  return [{ label, to: tool ? `tool:${tool.id}` : MODE_ROUTES[modeId] }];
}

/**
 * The knowledge base in one language: the help corpus (content files), the Tutorial's FAQ and the
 * built-in tool articles, each also found by its English words (people type a tool's English name).
 */
export function offlineKnowledge(language: Language): OfflineKnowledge {
  const cached = cache.get(language);
  if (cached) return cached;
  corpus ??= readHelpCorpus();
  const faq = faqTexts(language);
  const help = OFFLINE_LOCALES[language].help;
  const other = language !== 'en';
  const docs: HelpDoc[] = [];
  for (const [slug, files] of corpus) {
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
  for (const f of FAQ) {
    docs.push({ id: `faq:${f.id}`, title: faq[f.id]!.q, body: faq[f.id]!.a, keywords: [], links: [], audience: 'everyone', alsoMatches: other ? f.question : undefined });
  }
  for (const h of HELP_ARTICLES) {
    const text = help[h.id] ?? h;
    docs.push({
      id: `tool:${h.id}`,
      title: text.title,
      body: text.body,
      keywords: [text.keywords],
      links: toolLinks(h.id, h.mode, text.title),
      audience: 'everyone',
      alsoMatches: other ? `${h.title}\n${h.keywords}` : undefined,
    });
  }
  const knowledge = { index: createHelpIndex(docs, language), connectSteps: faq['models-connect']!.a };
  cache.set(language, knowledge);
  return knowledge;
}
