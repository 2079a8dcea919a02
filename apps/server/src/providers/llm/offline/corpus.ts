import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, parseHelpArticle, type HelpArticleFile, type HelpCorpus, type Language } from '@yumi/core';
import { serverRoot } from '../../../lib/paths';

/** The help corpus folder (content files, packages/core/help/<slug>/<lang>.md), read with or without a build. */
const helpCorpusDir = join(serverRoot, '..', '..', 'packages', 'core', 'help');

/** Every article of the corpus, by slug and language. A broken file stops the server at start (tests catch it first). */
export function readHelpCorpus(dir = helpCorpusDir): HelpCorpus {
  const corpus: HelpCorpus = new Map();
  let slugs: string[];
  try {
    slugs = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return corpus; // No corpus shipped: the FAQ alone answers.
  }
  for (const slug of slugs) {
    const files: Partial<Record<Language, HelpArticleFile>> = {};
    for (const language of LANGUAGES) {
      let text: string;
      try {
        text = readFileSync(join(dir, slug, `${language}.md`), 'utf8');
      } catch {
        continue;
      }
      files[language] = parseHelpArticle(slug, language, text);
    }
    corpus.set(slug, files);
  }
  return corpus;
}

/** The labelled recall questions of a language (packages/core/help-questions/<lang>.tsv). */
export const helpQuestionsFile = (language: Language) => join(helpCorpusDir, '..', 'help-questions', `${language}.tsv`);
