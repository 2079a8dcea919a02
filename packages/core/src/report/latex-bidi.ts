import { bidiParagraph, hasRtl } from './bidi';

/**
 * Right-to-left text in the LaTeX export. XeTeX shapes each word by itself (Arabic joined and right to
 * left, a number left to right) but sets the words of a paragraph left to right. TeX--XeT, built into
 * XeTeX (\TeXXeTstate=1, no package), reverses a run of words between \beginR and \endR and keeps a run
 * between \beginL and \endL left to right inside it, across line breaks. The paragraph's embedding levels
 * (UAX #9 by bidi-js, as in the PDF) become those marks, so words, numbers and Latin phrases inside Arabic
 * or Hebrew text come in the order the PDF shows them.
 */

/** Part of a paragraph: text and how it is set (escaped, in its markup), or an object already in LaTeX. */
export type LatexPiece =
  | { text: string; render: (text: string) => string }
  /** A formula, a citation, a note: kept in its own direction (`rtl`), `lead` set before it. */
  | { latex: string; plain: string; rtl: boolean; lead?: string };

/** LaTeX of a paragraph, relative to its own direction: when `rtl`, it belongs inside \beginR…\endR. */
export interface Directed {
  latex: string;
  rtl: boolean;
}

// Private-use stand-ins for the marks while the text is escaped and put in its markup.
const MARKS: Record<string, string> = { '\ue000': '\\beginR{}', '\ue001': '\\endR{}', '\ue002': '\\beginL{}', '\ue003': '\\endL{}' };
const [BEGIN_R, END_R, BEGIN_L, END_L] = Object.keys(MARKS) as [string, string, string, string];

export function bidiLatex(pieces: readonly LatexPiece[]): Directed {
  const object = (p: Extract<LatexPiece, { latex: string }>, latex: string) => `${p.lead ?? ''}${latex}`;
  if (!pieces.some((p) => hasRtl('text' in p ? p.text : p.plain))) {
    return { latex: pieces.map((p) => ('text' in p ? p.render(p.text) : object(p, p.latex))).join(''), rtl: false };
  }
  const para = bidiParagraph(pieces.map((p) => ('text' in p ? p.text : '\ufffc')).join(''));
  const base = para.rtl ? 1 : 0;
  let level = base;
  // From the current level to `to`: close runs above it, open runs up to it (odd levels run right to left).
  const moveTo = (to: number) => {
    let marks = '';
    for (; level > to; level -= 1) marks += level % 2 ? END_R : END_L;
    while (level < to) marks += ++level % 2 ? BEGIN_R : BEGIN_L;
    return marks;
  };
  const final = (s: string) => s.replace(/[\ue000-\ue003]/g, (m) => MARKS[m]!);
  let at = 0;
  let out = '';
  for (const p of pieces) {
    if ('text' in p) {
      let marked = '';
      // The text's own private-use characters of that range would pass for marks: they become U+FFFD.
      for (let k = 0; k < p.text.length; k += 1) marked += moveTo(para.levels[at + k]!) + p.text[k]!.replace(/[\ue000-\ue003]/, '\ufffd');
      at += p.text.length;
      out += final(p.render(marked));
    } else {
      // Isolated: a Latin citation inside Arabic text keeps its own word order.
      out += final(moveTo(para.levels[at]!)) + object(p, p.rtl ? `\\beginR{}${p.latex}\\endR{}` : `\\beginL{}${p.latex}\\endL{}`);
      at += 1;
    }
  }
  return { latex: out + final(moveTo(base)), rtl: para.rtl };
}

/** Text set inside other text (a heading, a table cell, a list item, a note). */
export function directed(d: Directed): string {
  return d.rtl ? `\\beginR{}${d.latex}\\endR{}` : d.latex;
}

/** A paragraph of its own: a right-to-left one starts at the right, its last line flush right. */
export function paragraph(d: Directed): string {
  // The fill glue inside the reversed run lands at the left of the last line; \parfillskip would go right.
  return d.rtl ? `{\\parfillskip=0pt\\noindent\\beginR{}${d.latex}\\unskip\\nobreak\\hskip 0pt plus 1fil\\endR{}\\par}` : d.latex;
}

