import { countWords } from '@yumi/core';

export interface ChapterSpan {
  title: string;
  /** Offset of the heading line. */
  start: number;
  end: number;
  words: number;
}

/** Chapters are the document's Markdown headings (# or ##); their words are counted up to the next heading. */
export function splitChapters(text: string): ChapterSpan[] {
  const heads = [...text.matchAll(/^#{1,2}[ \t]+(.+)$/gm)];
  return heads.map((m, i) => {
    const start = m.index!;
    const end = i + 1 < heads.length ? heads[i + 1]!.index! : text.length;
    const body = text.slice(start + m[0].length, end);
    return { title: m[1]!.trim(), start, end, words: countWords(body) };
  });
}
