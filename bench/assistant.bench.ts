// Offline assistant: top-1 and top-3 accuracy of retrieval over the labelled questions of each language
// (packages/core/help-questions), through the same index the chat uses. Baseline: the share a blind
// pick of the most common label would get. Also the time to build an index and to answer one question.
import { readFileSync } from 'node:fs';
import { helpRecall, LANGUAGES, parseHelpQuestions } from '../packages/core/src';
import { offlineKnowledge } from '../apps/server/src/providers/llm/offline';
import { helpQuestionsFile } from '../apps/server/src/providers/llm/offline/corpus';
import type { BenchResult } from './types';

export default async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const language of LANGUAGES) {
    const questions = parseHelpQuestions(readFileSync(helpQuestionsFile(language), 'utf8'));
    const t0 = performance.now();
    const { index } = offlineKnowledge(language);
    const built = performance.now() - t0;
    const t1 = performance.now();
    const recall = helpRecall(index, questions);
    const perQuestion = (performance.now() - t1) / questions.length;
    const counts = new Map<string, number>();
    for (const q of questions) counts.set(q.slug, (counts.get(q.slug) ?? 0) + 1);
    const blind = (100 * Math.max(...counts.values())) / questions.length;
    results.push(
      { name: `assistant ${language}: top-1 (${questions.length} questions)`, value: 100 * recall.top1, unit: '%', baseline: { name: 'most common label', value: blind }, budget: { min: 90 } },
      { name: `assistant ${language}: top-3`, value: 100 * recall.top3, unit: '%', budget: { min: 98 } },
      { name: `assistant ${language}: answered right (else closest topics)`, value: 100 * recall.answered, unit: '%' },
      { name: `assistant ${language}: confidently wrong`, value: 100 * recall.confidentlyWrong, unit: '%' },
      { name: `assistant ${language}: index build`, value: built, unit: 'ms' },
      { name: `assistant ${language}: one question`, value: perQuestion, unit: 'ms' },
    );
    for (const m of recall.misses) process.stdout.write(`  miss ${language}: ${m.question} -> ${m.got.join(', ') || '(nothing)'} (want ${m.expected})\n`);
  }
  return results;
}
