/**
 * Formatted citation text without HTML: citeproc writes private-use marks around styled spans (the
 * "yumi" output format below) and parseRich turns them into runs that the preview, the PDF and the
 * LaTeX export each set in their own way. Input text never carries these marks (text_escape drops them).
 */

export interface RichRun {
  text: string;
  italic?: boolean;
  bold?: boolean;
  smallCaps?: boolean;
  sup?: boolean;
  sub?: boolean;
  /** A URL or a DOI link. */
  href?: string;
}
export type RichText = RichRun[];

type Frame = Omit<RichRun, 'text'>;
// One opening mark per style change, one closing mark for all (citeproc nests its decorations).
const OPEN: Record<string, Frame> = {
  '\uE000': { italic: true },
  '\uE001': { italic: false },
  '\uE002': { bold: true },
  '\uE003': { bold: false },
  '\uE004': { smallCaps: true },
  '\uE005': { smallCaps: false },
  '\uE006': { sup: true },
  '\uE007': { sub: true },
  '\uE008': { sup: false, sub: false },
};
const LINK = '\uE00A';
const LINK_TEXT = '\uE00E';
const CLOSE = '\uE00F';
const MARKS = /[\uE000-\uE00F]/g;

const wrap = (mark: string) => `${mark}%%STRING%%${CLOSE}`;
const link = (href: string, text: string) => `${LINK}${href.replace(MARKS, '')}${LINK_TEXT}${text}${CLOSE}`;

/** citeproc output format "yumi": the HTML format's logic with marks instead of tags. */
export function RICH_FORMAT(html: Record<string, unknown>): Record<string, unknown> {
  return {
    ...html,
    text_escape: (text: string | undefined) => (text ?? '').replace(MARKS, ''),
    bibstart: '',
    bibend: '',
    '@font-style/italic': wrap('\uE000'),
    '@font-style/oblique': wrap('\uE000'),
    '@font-style/normal': wrap('\uE001'),
    '@font-variant/small-caps': wrap('\uE004'),
    '@font-variant/normal': wrap('\uE005'),
    '@font-weight/bold': wrap('\uE002'),
    '@font-weight/normal': wrap('\uE003'),
    '@text-decoration/none': false,
    '@text-decoration/underline': false,
    '@vertical-align/sup': wrap('\uE006'),
    '@vertical-align/sub': wrap('\uE007'),
    '@vertical-align/baseline': wrap('\uE008'),
    '@bibliography/entry': (_state: unknown, str: string) => str,
    '@display/block': (_state: unknown, str: string) => ` ${str} `,
    // IEEE's "[1]" column: the preview and PDF set the entry as one paragraph.
    '@display/left-margin': (_state: unknown, str: string) => `${str} `,
    '@display/right-inline': (_state: unknown, str: string) => str,
    '@display/indent': (_state: unknown, str: string) => ` ${str} `,
    '@URL/true': (_state: unknown, str: string) => link(str, str),
    '@DOI/true': (_state: unknown, str: string) => link(/^https?:\/\//.test(str) ? str : `https://doi.org/${str}`, str),
  };
}

/** Runs from citeproc's "yumi" output; neighbouring runs of one style are merged, spaces collapsed. */
export function parseRich(out: string): RichText {
  const runs: RichText = [];
  const stack: Frame[] = [{}];
  let buf = '';
  const flush = () => {
    if (!buf) return;
    const style = Object.assign({}, ...stack) as Frame;
    const run: RichRun = { text: buf };
    for (const k of ['italic', 'bold', 'smallCaps', 'sup', 'sub'] as const) if (style[k]) run[k] = true;
    if (style.href) run.href = style.href;
    const last = runs[runs.length - 1];
    if (last && sameStyle(last, run)) last.text += run.text;
    else runs.push(run);
    buf = '';
  };
  const text = out.replace(/[ \t\r\n]+/g, ' ').trim();
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (OPEN[ch]) {
      flush();
      stack.push(OPEN[ch]);
    } else if (ch === LINK) {
      flush();
      const end = text.indexOf(LINK_TEXT, i);
      const href = text.slice(i + 1, end);
      // Only web links become links: a URL field may hold anything.
      stack.push(/^https?:\/\/[^\s]+$/i.test(href) ? { href } : {});
      i = end;
    } else if (ch === CLOSE) {
      flush();
      if (stack.length > 1) stack.pop();
    } else buf += ch;
  }
  flush();
  return runs;
}

function sameStyle(a: RichRun, b: RichRun): boolean {
  return a.italic === b.italic && a.bold === b.bold && a.smallCaps === b.smallCaps && a.sup === b.sup && a.sub === b.sub && a.href === b.href;
}

/** The plain text of formatted citation text. */
export function richToText(rich: RichText): string {
  return rich.map((r) => r.text).join('');
}
