import {
  answerOffline,
  buildOfflineKnowledge,
  parseHelpArticle,
  PERSONAS,
  type ChatContext,
  type OfflineArticle,
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

const slugOf = (path: string) => path.split('/').at(-2)!;

const knowledge = new Map<Language, Promise<OfflineKnowledge>>();

/**
 * The knowledge base of one language, built once. Other languages also load the English titles and keywords
 * (not the bodies): they find an article by a tool's English name, as on the server.
 */
function browserKnowledge(language: Language, connectSteps: string): Promise<OfflineKnowledge> {
  let built = knowledge.get(language);
  if (!built) {
    built = (async () => {
      const [own, english] = await Promise.all([CHUNKS[language](), language === 'en' ? null : import('./corpus/en-names')]);
      const articles: OfflineArticle[] = Object.entries(own.default)
        .map(([path, text]) => ({ file: parseHelpArticle(slugOf(path), language, text), english: undefined as OfflineArticle['english'] }))
        .sort((a, b) => (a.file.slug < b.file.slug ? -1 : 1));
      if (english) {
        const names = new Map(Object.entries(english.default).map(([path, n]) => [slugOf(path), n]));
        for (const article of articles) article.english = names.get(article.file.slug);
      }
      return buildOfflineKnowledge(articles, language, connectSteps);
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
