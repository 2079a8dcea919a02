import bidiFactory, { type Bidi, type EmbeddingLevels } from 'bidi-js';

/**
 * The Unicode Bidirectional Algorithm (UAX #9) by bidi-js, for the outputs that order text themselves:
 * the PDF reorders each line of a paragraph for display, the LaTeX export marks the runs for XeTeX. The
 * preview leaves it to the browser (dir="auto"). Text without right-to-left characters is never passed
 * through it, so bidi-js's tables are only read for a report that has some.
 */
let instance: Bidi | null = null;
const bidi = () => (instance ??= bidiFactory());

/**
 * Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their blocks), Arabic-script digits and
 * the right-to-left marks: a text without any of them is set left to right as it is.
 */
const RTL_RE = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
export const hasRtl = (text: string): boolean => RTL_RE.test(text);

/** One paragraph's embedding levels, per UTF-16 code unit; odd levels run right to left. */
export interface BidiParagraph {
  text: string;
  levels: Uint8Array;
  /** The paragraph runs right to left (its first strong character is, unless its direction was given). */
  rtl: boolean;
  result: EmbeddingLevels;
}

export function bidiParagraph(text: string, direction: 'ltr' | 'rtl' | 'auto' = 'auto'): BidiParagraph {
  const result = bidi().getEmbeddingLevels(text, direction);
  return { text, levels: result.levels, rtl: (result.paragraphs[0]?.level ?? 0) % 2 === 1, result };
}

/** Indices of the characters `start`..`end` (one line, inclusive) in display order, left to right. */
export function visualOrder(p: BidiParagraph, start: number, end: number): number[] {
  return bidi().getReorderedIndices(p.text, p.result, start, end).slice(start, end + 1);
}

/** A character as a right-to-left run shows it: "(" as ")", "«" as "»" (Bidi_Mirrored). */
export function mirrored(ch: string): string {
  return bidi().getMirroredCharacter(ch) ?? ch;
}
