import { countWords, extractHashtags, textStats } from '@yumi/core';

/** Derived columns kept beside the content: counts for the list, hashtags for the trends. */
export function derived(content: string) {
  return { words: countWords(content), characters: textStats(content).characters, hashtags: extractHashtags(content) };
}
