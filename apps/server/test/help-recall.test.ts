import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpRecall, LANGUAGES, parseHelpQuestions } from '@yumi/core';
import { offlineKnowledge } from '../src/providers/llm/offline';
import { helpQuestionsFile, readHelpCorpus } from '../src/providers/llm/offline/corpus';

// The recall table of the offline assistant over the real help corpus: every labelled question of
// every language (50 and more each) through the same index the chat uses. `npm run bench assistant` prints
// it against the goal (top-1 >= 90 %, top-3 >= 98 %); this test guards against regressions with some room,
// since the corpus grows in batches and a new article can rightly take a question from an older one.
describe('help recall', () => {
  const corpus = readHelpCorpus();
  for (const language of LANGUAGES) {
    it(`finds the labelled article in ${language}`, () => {
      const questions = parseHelpQuestions(readFileSync(helpQuestionsFile(language), 'utf8'));
      expect(questions.length).toBeGreaterThanOrEqual(50);
      for (const q of questions) expect(corpus.has(q.slug), `${language}: unknown article ${q.slug}`).toBe(true);
      const recall = helpRecall(offlineKnowledge(language).index, questions);
      const table = recall.misses.map((m) => `${m.question} -> ${m.got.join(', ') || '(nothing)'} (want ${m.expected})`);
      expect(recall.top1, table.join('\n')).toBeGreaterThanOrEqual(0.85);
      expect(recall.top3, table.join('\n')).toBeGreaterThanOrEqual(0.95);
      expect(recall.confidentlyWrong, table.join('\n')).toBeLessThanOrEqual(0.05);
    });
  }
});
