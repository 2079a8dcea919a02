/** Local text statistics for the counters and the test-writing feedback (no model needed). */

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/** Words: latin-script words plus one per CJK character (Japanese and Chinese have no spaces). */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.replace(CJK, ' ').match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return cjk + latin;
}

/** Characters as a reader counts them: code points, not UTF-16 units. */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s*|\n{2,}/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** English syllable estimate (vowel groups, silent e), at least one per word. */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 1;
  if (w.length <= 3) return 1;
  const groups = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '').match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

export interface TextStats {
  words: number;
  characters: number;
  charactersNoSpaces: number;
  sentences: number;
  paragraphs: number;
  avgSentenceWords: number;
  longestSentenceWords: number;
  /** Distinct words / words (type-token ratio), 0..1. */
  lexicalVariety: number;
  /** Flesch-Kincaid grade level; null when the text is not mostly latin script or too short. */
  readabilityGrade: number | null;
  /** Flesch reading ease 0..100 (higher is easier); null like the grade. */
  readingEase: number | null;
  readingMinutes: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function textStats(text: string): TextStats {
  const words = countWords(text);
  const sentences = splitSentences(text);
  const perSentence = sentences.map(countWords);
  const latinWords = text.replace(CJK, ' ').match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  const tokens = [...latinWords.map((w) => w.toLowerCase()), ...(text.match(CJK) ?? [])];
  const distinct = new Set(tokens).size;
  const latinShare = words ? latinWords.length / words : 0;
  let grade: number | null = null;
  let ease: number | null = null;
  if (latinShare > 0.8 && latinWords.length >= 5 && sentences.length > 0) {
    const syl = latinWords.reduce((s, w) => s + syllables(w), 0);
    const wps = latinWords.length / sentences.length;
    const spw = syl / latinWords.length;
    grade = Math.max(0, round1(0.39 * wps + 11.8 * spw - 15.59));
    ease = Math.min(100, Math.max(0, round1(206.835 - 1.015 * wps - 84.6 * spw)));
  }
  return {
    words,
    characters: countCharacters(text),
    charactersNoSpaces: countCharacters(text.replace(/\s/g, '')),
    sentences: sentences.length,
    paragraphs: text.split(/\n\s*\n/).filter((p) => p.trim()).length,
    avgSentenceWords: sentences.length ? round1(words / sentences.length) : 0,
    longestSentenceWords: perSentence.length ? Math.max(...perSentence) : 0,
    lexicalVariety: tokens.length ? Math.round((distinct / tokens.length) * 100) / 100 : 0,
    readabilityGrade: grade,
    readingEase: ease,
    // 230 words a minute, the usual adult silent-reading pace.
    readingMinutes: Math.ceil(words / 230),
  };
}

/** Hashtags in a text, lower-cased without '#', for the local trends fallback. */
export function extractHashtags(text: string, max = 50): string[] {
  const found = text.match(/(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_]{1,60})/gu) ?? [];
  const tags = new Set<string>();
  for (const t of found) {
    const tag = t.slice(1).toLowerCase();
    if (/^\d+$/.test(tag)) continue; // "#1" is a number, not a topic
    tags.add(tag);
    if (tags.size >= max) break;
  }
  return [...tags];
}
