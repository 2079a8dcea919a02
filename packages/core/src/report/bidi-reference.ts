import { execFileSync } from 'node:child_process';

/**
 * Test support for right-to-left text in our PDFs (pdfkit's and XeLaTeX's): where poppler finds each word
 * (pdftotext -bbox), against the order GNU FriBidi, the reference implementation of UAX #9 (the `fribidi`
 * command, Debian's libfribidi-bin), gives the same line. Test paragraphs use words of one direction each,
 * each word once, so a word is known by its letters whatever order a reader gives them in.
 */

/**
 * Paragraphs for the tests: Arabic and Hebrew ones with Latin words and numbers inside, an English one with
 * Arabic inside. Their words appear nowhere else in the test reports.
 */
export const BIDI_FIXTURES = {
  arabic: 'تستخدم الدراسة نموذج AlphaFold الإصدار 37 لعام 2024 في التحليل',
  hebrew: 'המחקר משתמש בשיטת graph transformer עם 12 שכבות',
  mixed: 'Greeting مرحبا بالعالم means hello everyone',
  heading: 'مقدمة البحث',
} as const;

export interface PdfWord {
  text: string;
  xMin: number;
  xMax: number;
  /** Middle of the word's height: words of one line, in fonts of different heights, share it nearly. */
  y: number;
  page: number;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The words of a PDF with their boxes, in points from the page's top left. */
export function pdfWords(file: string): PdfWord[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: PdfWord[] = [];
  let page = 0;
  for (const m of html.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (m[0] === '<page ') page += 1;
    else words.push({ text: m[5]!.replace(/&\w+;/g, (e) => ENTITIES[e] ?? e), xMin: Number(m[1]), xMax: Number(m[3]), y: (Number(m[2]) + Number(m[4])) / 2, page });
  }
  return words;
}

/**
 * Text with Arabic letters folded to their skeleton (NFKC first folds presentation forms). Noto Sans Arabic
 * draws ب ت ث ن ي from one dotless glyph plus dots, and a PDF maps each glyph to one character, so a reader
 * may read ت where ي is drawn: these tests check order, not those dots (the server's pdf-bidi test reads
 * our pdfkit PDFs letter for letter: they map each shaped occurrence to its own letters).
 */
const SKELETON = new Map<string, string>();
for (const group of ['ٮبتثنيىئ', 'حجخ', 'دذ', 'رز', 'سش', 'صض', 'طظ', 'عغ', 'ڡفق', 'هة', 'اأإآ', 'وؤ']) for (const ch of group) SKELETON.set(ch, group[0]!);
export const skeleton = (text: string): string => text.normalize('NFKC').replace(/[\u0600-\u06ff]/g, (c) => SKELETON.get(c) ?? c);

/** A word known by its letters, whatever their order. */
const letters = (word: string) => [...skeleton(word)].sort().join('');

/** FriBidi's display order of a line's words, left to right, in a paragraph of direction `base`. */
function fribidiOrder(line: string, base: 'ltr' | 'rtl'): string[] {
  // --vtol: for each displayed character, the index of the character it shows.
  const out = execFileSync('fribidi', ['--nopad', '--nobreak', '--novisual', '--vtol', `--${base}`], { input: `${line}\n`, encoding: 'utf8' });
  const chars = [...line];
  const wordOf: number[] = [];
  let word = -1;
  chars.forEach((c, i) => wordOf.push(/\s/.test(c) ? -1 : i > 0 && !/\s/.test(chars[i - 1]!) ? word : ++word));
  const words = line.trim().split(/\s+/);
  const order: number[] = [];
  for (const v of out.trim().split(/\s+/).map(Number)) {
    const w = wordOf[v] ?? -1;
    if (w >= 0 && !order.includes(w)) order.push(w);
  }
  return order.map((w) => words[w]!);
}

export interface ShownLine {
  /** The paragraph's words on this line, left to right as the PDF shows them. */
  shown: string[];
  /** FriBidi's order of the same words (the line's part of the paragraph, in reading order). */
  fribidi: string[];
  /** Left edge of the leftmost word and right edge of the rightmost. */
  left: number;
  right: number;
  y: number;
}

/** The lines of the PDF that show `paragraph`'s words (top to bottom), beside FriBidi's order of each. */
export function shownLines(words: readonly PdfWord[], paragraph: string, base: 'ltr' | 'rtl'): ShownLine[] {
  const mine = paragraph.trim().split(/\s+/);
  const index = new Map(mine.map((w, i) => [letters(w), i]));
  if (index.size !== mine.length) throw new Error(`a test paragraph uses each word once: ${paragraph}`);
  // Lines: words by page and height, a new line where the height moves by more than 4 pt.
  const lines: PdfWord[][] = [];
  for (const w of [...words].sort((a, b) => a.page - b.page || a.y - b.y)) {
    const line = lines[lines.length - 1];
    if (line && line[0]!.page === w.page && w.y - line[0]!.y < 4) line.push(w);
    else lines.push([w]);
  }
  return lines.flatMap((all) => {
    all.sort((a, b) => a.xMin - b.xMin);
    // poppler cuts a word where a zero-width mark (an Arabic dot) sits: pieces that touch are one word.
    const merged: PdfWord[] = [];
    for (const w of all) {
      const prev = merged[merged.length - 1];
      if (prev && w.xMin - prev.xMax < 1) merged[merged.length - 1] = { ...prev, text: prev.text + w.text, xMax: w.xMax };
      else merged.push(w);
    }
    const line = merged.filter((w) => index.has(letters(w.text)));
    if (!line.length) return [];
    const shown = line.map((w) => mine[index.get(letters(w.text))!]!);
    const logical = [...shown].sort((a, b) => mine.indexOf(a) - mine.indexOf(b));
    return { shown, fribidi: fribidiOrder(logical.join(' '), base), left: line[0]!.xMin, right: Math.max(...line.map((w) => w.xMax)), y: line[0]!.y };
  });
}
