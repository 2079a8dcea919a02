import {
  answerOffline,
  buildOfflineKnowledge,
  parseHelpArticle,
  PERSONAS,
  type ChatContext,
  type HelpArticleFile,
  type HelpCorpus,
  type Language,
  type OfflineAnswer,
  type OfflineKnowledge,
} from '@yumi/core';

/**
 * The offline assistant in the browser, for when the server cannot be reached: the same code the server's
 * `local` provider runs (@yumi/core), over the help corpus of the user's language, loaded as its own chunk
 * on the first offline question (precached with the shell, so it works with the network off).
 */
const CHUNKS: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./corpus/en'),
  ja: () => import('./corpus/ja'),
  zh: () => import('./corpus/zh'),
  ko: () => import('./corpus/ko'),
};

/** `…/help/<slug>/<lang>.md` → the article, parsed as the server parses it. */
async function articles(language: Language): Promise<HelpArticleFile[]> {
  const files = (await CHUNKS[language]()).default;
  return Object.entries(files).map(([path, text]) => parseHelpArticle(path.split('/').at(-2)!, language, text));
}

const knowledge = new Map<Language, Promise<OfflineKnowledge>>();

/**
 * The knowledge base of one language, built once. Other languages also load the English articles: their
 * titles and keywords find an article by a tool's English name, as on the server.
 */
export function browserKnowledge(language: Language, connectSteps: string): Promise<OfflineKnowledge> {
  let built = knowledge.get(language);
  if (!built) {
    built = (async () => {
      const corpus: HelpCorpus = new Map();
      const add = (file: HelpArticleFile) => corpus.set(file.slug, { ...corpus.get(file.slug), [file.language]: file });
      const [own, english] = await Promise.all([articles(language), language === 'en' ? [] : articles('en')]);
      // English only describes articles this language has, like the server's corpus.
      own.forEach(add);
      english.filter((f) => corpus.has(f.slug)).forEach(add);
      return buildOfflineKnowledge(corpus, language, connectSteps);
    })();
    built.catch(() => knowledge.delete(language)); // A failed load is tried again on the next question.
    knowledge.set(language, built);
  }
  return built;
}

export interface OfflineQuestion {
  message: string;
  context: ChatContext;
  language: Language;
  admin: boolean;
  /** How a model is connected, in this language (the FAQ answer of the helper namespace). */
  connectSteps: string;
}

/** The answer the server's offline provider gives to the same question, language and personality. */
export async function answerInBrowser({ message, context, language, admin, connectSteps }: OfflineQuestion): Promise<OfflineAnswer> {
  const base = await browserKnowledge(language, connectSteps);
  return answerOffline(message, PERSONAS[context.personality], context.mode, language, admin, base);
}
