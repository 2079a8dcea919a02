/**
 * The report body is Markdown with LaTeX math ($...$ inline, $$...$$ display), citation keys ([@key] or
 * [@a; @b]), figures (![Caption](figure:id)) and figure references (@fig:id). This parses it once into a
 * structure that the preview, the PDF export and the LaTeX templates all share, so they number sections,
 * figures and citations the same way.
 */

import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token';
import { dollarmathPlugin } from 'markdown-it-dollarmath';

export type Inline =
  | { t: 'text'; text: string; bold?: boolean; italic?: boolean; code?: boolean; strike?: boolean; href?: string }
  | { t: 'math'; tex: string }
  | { t: 'cite'; keys: string[] }
  | { t: 'figref'; id: string };

export type TableAlign = 'left' | 'center' | 'right' | null;

export type Block =
  | { t: 'paragraph'; inlines: Inline[] }
  /** `checked` is set for task list items ("- [x] done"). */
  | { t: 'list'; ordered: boolean; items: Inline[][]; checked?: Array<boolean | null> }
  | { t: 'math'; tex: string }
  | { t: 'figure'; id: string; caption: string; number: number }
  | { t: 'quote'; inlines: Inline[] }
  | { t: 'table'; align: TableAlign[]; header: Inline[][]; rows: Inline[][][] }
  | { t: 'code'; lang: string; text: string };

export interface Section {
  title: string;
  level: 2 | 3;
  /** '1', '1.2'; appendices use 'A', 'A.1', or '' when the title names itself ("Appendix A: Data"). */
  number: string;
  blocks: Block[];
}

export interface ReportStructure {
  title: string;
  abstract: Block[];
  /** Blocks before the first section heading (other than the title and abstract). */
  preamble: Block[];
  sections: Section[];
  appendices: Section[];
  /** Figure id -> number, in order of appearance. */
  figures: Map<string, number>;
  /** Citation keys in order of first use. */
  citedKeys: string[];
}

const ABSTRACT_TITLES = /^(abstract|summary|要旨|概要|摘要|초록|요약)$/i;
// No \b: it only knows ASCII word characters, and 付録 or 부록 are followed by a space or nothing.
const APPENDIX_TITLES = /^(appendix|appendices|付録|附录|附錄|부록)(?![a-z])/i;

// Markdown is markdown-it's (CommonMark, GitHub tables, strikethrough and autolinks; about 25 times
// faster than micromark on a long report, which matters for a preview parsed on every keystroke) with
// $math$ by markdown-it-dollarmath (Pandoc's rules: "$5 and $10" is not math). Only the report's own
// syntax inside text (citations, figure references, task boxes) is read here.
const markdown = new MarkdownIt({ html: false, linkify: true }).use(dollarmathPlugin, { allow_space: false, allow_digits: false, double_inline: true });

/** Citation groups `[@a; @b, p. 4]` and figure references `@fig:id` inside a run of text. */
const REPORT_SYNTAX_RE = /\[(@[^\]\n]+)\]|@fig:([\w-]+)/g;

/** Citation keys in `[@a; @b, p. 4]`: the @-prefixed words. */
export function parseCiteKeys(group: string): string[] {
  return [...group.matchAll(/@([\w:.#$%&\-+?<>~/]+)/g)].map((m) => m[1]!.replace(/[.,;:]+$/, ''));
}

type TextStyle = Omit<Extract<Inline, { t: 'text' }>, 't' | 'text'>;

function pushText(out: Inline[], text: string, style: TextStyle) {
  if (!text) return;
  const prev = out[out.length - 1];
  if (prev && prev.t === 'text' && sameStyle(prev, style)) prev.text += text;
  else out.push({ t: 'text', text, ...style });
}
const sameStyle = (a: TextStyle, b: TextStyle) => !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.code === !!b.code && !!a.strike === !!b.strike && a.href === b.href;

function textInlines(out: Inline[], text: string, style: TextStyle) {
  let last = 0;
  for (const m of text.matchAll(REPORT_SYNTAX_RE)) {
    pushText(out, text.slice(last, m.index), style);
    last = m.index + m[0].length;
    if (m[2] !== undefined) out.push({ t: 'figref', id: m[2] });
    else {
      const keys = parseCiteKeys(m[1]!);
      if (keys.length) out.push({ t: 'cite', keys });
      else pushText(out, m[0], style);
    }
  }
  pushText(out, text.slice(last), style);
}

/** Inline tokens (one `inline` token's children) as report inlines. */
function phrasing(tokens: readonly Token[] | null, out: Inline[] = [], base: TextStyle = {}): Inline[] {
  const stack: TextStyle[] = [base];
  const style = () => stack[stack.length - 1]!;
  for (const tok of tokens ?? []) {
    switch (tok.type) {
      case 'text':
      case 'html_inline':
        textInlines(out, tok.content, style());
        break;
      case 'softbreak':
      case 'hardbreak':
        pushText(out, ' ', style());
        break;
      case 'code_inline':
        pushText(out, tok.content, { ...style(), code: true });
        break;
      case 'math_inline':
      case 'math_inline_double':
        out.push({ t: 'math', tex: tok.content });
        break;
      case 'strong_open':
        stack.push({ ...style(), bold: true });
        break;
      case 'em_open':
        stack.push({ ...style(), italic: true });
        break;
      case 's_open':
        stack.push({ ...style(), strike: true });
        break;
      case 'link_open': {
        const href = tok.attrGet('href') ?? '';
        // Only web and mail links stay links; the text stays either way.
        stack.push(/^(https?:|mailto:)/i.test(href) ? { ...style(), href } : style());
        break;
      }
      case 'strong_close':
      case 'em_close':
      case 's_close':
      case 'link_close':
        if (stack.length > 1) stack.pop();
        break;
      case 'image':
        pushText(out, tok.content, style());
        break;
      default:
        break;
    }
  }
  return out;
}

/** A token's inline children, or those of every inline token between an open token and its close. */
function inlinesBetween(tokens: readonly Token[], from: number, to: number): Inline[] {
  const out: Inline[] = [];
  for (let k = from; k < to; k += 1) {
    const tok = tokens[k]!;
    if (tok.type !== 'inline' && tok.type !== 'math_block' && tok.type !== 'math_block_label' && tok.type !== 'fence' && tok.type !== 'code_block') continue;
    if (out.length) pushText(out, ' ', {});
    if (tok.type === 'inline') phrasing(tok.children, out);
    else if (tok.type === 'fence' || tok.type === 'code_block') pushText(out, tok.content.replace(/\n$/, ''), { code: true });
    else out.push({ t: 'math', tex: tok.content.trim() });
  }
  return out;
}

/** Index of the token closing the one opened at `open` (same nesting level). */
function closeOf(tokens: readonly Token[], open: number): number {
  const { level } = tokens[open]!;
  const type = tokens[open]!.type.replace(/_open$/, '_close');
  let k = open + 1;
  while (k < tokens.length && !(tokens[k]!.type === type && tokens[k]!.level === level)) k += 1;
  return k;
}

const TASK_RE = /^\[([ xX])\]\s+/;
const ALIGN: Record<string, TableAlign> = { 'text-align:left': 'left', 'text-align:center': 'center', 'text-align:right': 'right' };

/** The block opened at tokens[i] as report blocks; `end` is the index after it. */
function toBlocks(tokens: readonly Token[], i: number, report: ReportStructure): { blocks: Block[]; end: number } {
  const tok = tokens[i]!;
  switch (tok.type) {
    case 'paragraph_open': {
      const inline = tokens[i + 1]!;
      const only = inline.children?.length === 1 ? inline.children[0] : undefined;
      const figure = only?.type === 'image' ? /^figure:([\w-]+)$/.exec(only.attrGet('src') ?? '') : null;
      if (only && figure) {
        const id = figure[1]!;
        if (!report.figures.has(id)) report.figures.set(id, report.figures.size + 1);
        return { blocks: [{ t: 'figure', id, caption: only.content, number: report.figures.get(id)! }], end: i + 3 };
      }
      return { blocks: [{ t: 'paragraph', inlines: phrasing(inline.children) }], end: i + 3 };
    }
    case 'heading_open':
      // Levels 4 to 6 are not numbered sections: a bold line.
      return { blocks: [{ t: 'paragraph', inlines: phrasing(tokens[i + 1]!.children, [], { bold: true }) }], end: i + 3 };
    case 'math_block':
    case 'math_block_label':
      return { blocks: [{ t: 'math', tex: tok.content.trim() }], end: i + 1 };
    case 'fence':
    case 'code_block':
      return { blocks: [{ t: 'code', lang: tok.info.trim().split(/\s+/)[0] ?? '', text: tok.content.replace(/\n$/, '') }], end: i + 1 };
    case 'bullet_list_open':
    case 'ordered_list_open': {
      const end = closeOf(tokens, i);
      // Items in document order; a nested list's items follow their parent item.
      const items: Inline[][] = [];
      const checked: Array<boolean | null> = [];
      for (let k = i + 1; k < end; k += 1) {
        if (tokens[k]!.type !== 'list_item_open') continue;
        const close = closeOf(tokens, k);
        let stop = k + 1;
        while (stop < close && tokens[stop]!.type !== 'bullet_list_open' && tokens[stop]!.type !== 'ordered_list_open') stop += 1;
        const inlines = inlinesBetween(tokens, k + 1, stop);
        const first = inlines[0];
        const task = first?.t === 'text' && !first.code ? TASK_RE.exec(first.text) : null;
        if (task && first?.t === 'text') first.text = first.text.slice(task[0].length);
        items.push(inlines.filter((x) => x.t !== 'text' || x.text !== ''));
        checked.push(task ? task[1] !== ' ' : null);
      }
      return { blocks: [{ t: 'list', ordered: tok.type === 'ordered_list_open', items, ...(checked.some((c) => c !== null) ? { checked } : {}) }], end: end + 1 };
    }
    case 'blockquote_open': {
      const end = closeOf(tokens, i);
      return { blocks: [{ t: 'quote', inlines: inlinesBetween(tokens, i + 1, end) }], end: end + 1 };
    }
    case 'table_open': {
      const end = closeOf(tokens, i);
      const rows: Inline[][][] = [];
      const align: TableAlign[] = [];
      let header = 0;
      for (let k = i + 1; k < end; k += 1) {
        const t = tokens[k]!;
        if (t.type === 'tr_open') rows.push([]);
        else if (t.type === 'th_open' || t.type === 'td_open') {
          if (rows.length === 1) align.push(ALIGN[t.attrGet('style') ?? ''] ?? null);
          rows[rows.length - 1]!.push(phrasing(tokens[k + 1]!.children));
        } else if (t.type === 'thead_close') header = rows.length;
      }
      return { blocks: [{ t: 'table', align, header: rows[0] ?? [], rows: rows.slice(Math.max(header, 1)) }], end: end + 1 };
    }
    default:
      return { blocks: [], end: tok.nesting === 1 ? closeOf(tokens, i) + 1 : i + 1 };
  }
}

/** Parses the report Markdown into its structure. */
export function parseReport(source: string): ReportStructure {
  const report: ReportStructure = {
    title: '',
    abstract: [],
    preamble: [],
    sections: [],
    appendices: [],
    figures: new Map(),
    citedKeys: [],
  };
  const tokens = markdown.parse(source, {});
  let target: Block[] = report.preamble;
  let inAppendix = false;
  let major = 0;
  let minor = 0;
  for (let i = 0; i < tokens.length; ) {
    const tok = tokens[i]!;
    const depth = tok.type === 'heading_open' ? Number(tok.tag.slice(1)) : 0;
    if (depth >= 1 && depth <= 3) {
      const level = depth;
      const title = phrasing(tokens[i + 1]!.children).map((x) => (x.t === 'text' ? x.text : x.t === 'math' ? `$${x.tex}$` : '')).join('').trim();
      i += 3;
      if (level === 1 && !report.title) {
        report.title = title;
        continue;
      }
      if (level <= 2 && ABSTRACT_TITLES.test(title)) {
        target = report.abstract;
        continue;
      }
      if (level <= 2) {
        if (APPENDIX_TITLES.test(title)) inAppendix = true;
        const list = inAppendix ? report.appendices : report.sections;
        const count = list.filter((s) => s.level === 2).length + 1;
        major = count;
        minor = 0;
        // "Appendix A: Data" already names itself; a bare "Data" in the appendix part gets its letter.
        const number = inAppendix ? (APPENDIX_TITLES.test(title) && /\b[A-Z]\b/.test(title.split(/[:.]/)[0]!) ? '' : String.fromCharCode(64 + Math.min(count, 26))) : String(count);
        const section: Section = { title, level: 2, number, blocks: [] };
        list.push(section);
        target = section.blocks;
      } else {
        const list = inAppendix ? report.appendices : report.sections;
        minor += 1;
        const parentNumber = list.length ? list.filter((s) => s.level === 2).at(-1)?.number ?? String(major) : String(major || 1);
        const section: Section = { title, level: 3, number: `${parentNumber}.${minor}`, blocks: [] };
        list.push(section);
        target = section.blocks;
      }
      continue;
    }
    const { blocks, end } = toBlocks(tokens, i, report);
    target.push(...blocks);
    i = end;
  }
  report.citedKeys = collectCitedKeys(report);
  return report;
}

function blocksOf(report: ReportStructure): Block[] {
  return [
    ...report.abstract,
    ...report.preamble,
    ...report.sections.flatMap((s) => s.blocks),
    ...report.appendices.flatMap((s) => s.blocks),
  ];
}

/** Every inline of a block: a paragraph's or quote's, all list items', all table cells'. */
export function inlinesOf(block: Block): Inline[] {
  if (block.t === 'paragraph' || block.t === 'quote') return block.inlines;
  if (block.t === 'list') return block.items.flat();
  if (block.t === 'table') return [...block.header, ...block.rows.flat()].flat();
  return [];
}

/** The distinct citation groups of the report (keys joined by ";"), each formatted once. */
export function citeGroups(report: ReportStructure): string[][] {
  const groups = new Map<string, string[]>();
  for (const block of blocksOf(report)) for (const i of inlinesOf(block)) if (i.t === 'cite') groups.set(i.keys.join(';'), i.keys);
  return [...groups.values()];
}

/** Every citation of the report in reading order (a key cited twice is two citations): a note style's notes. */
export function citeOccurrences(report: ReportStructure): Array<Extract<Inline, { t: 'cite' }>> {
  const out: Array<Extract<Inline, { t: 'cite' }>> = [];
  for (const block of blocksOf(report)) for (const i of inlinesOf(block)) if (i.t === 'cite') out.push(i);
  return out;
}

/**
 * Where a note style's note numbers go (Chicago 13.28): after the sentence's punctuation and with no space
 * before them, "…in 2020.¹" for "…in 2020 [@key].". The cite inlines are kept (their identity numbers them).
 */
export function placeNoteMarks(list: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (let k = 0; k < list.length; k += 1) {
    const i = list[k]!;
    if (i.t !== 'cite') {
      out.push(i);
      continue;
    }
    const prev = out[out.length - 1];
    if (prev?.t === 'text' && /\s$/.test(prev.text)) out[out.length - 1] = { ...prev, text: prev.text.trimEnd() };
    const next = list[k + 1];
    const punct = next?.t === 'text' && !next.code ? /^[.,;:!?]+/.exec(next.text)?.[0] : undefined;
    if (punct && next?.t === 'text') {
      out.push({ ...next, text: punct }, i);
      if (next.text.length > punct.length) out.push({ ...next, text: next.text.slice(punct.length) });
      k += 1;
    } else out.push(i);
  }
  return out;
}

function collectCitedKeys(report: ReportStructure): string[] {
  const seen = new Set<string>();
  for (const block of blocksOf(report)) {
    for (const inline of inlinesOf(block)) if (inline.t === 'cite') for (const k of inline.keys) seen.add(k);
  }
  return [...seen];
}

/** Every inline math and display math source, for validating with a renderer. */
export function mathSources(report: ReportStructure): string[] {
  const out: string[] = [];
  for (const block of blocksOf(report)) {
    if (block.t === 'math') out.push(block.tex);
    for (const inline of inlinesOf(block)) if (inline.t === 'math') out.push(inline.tex);
  }
  return out;
}

/** Plain text of inlines (citations as their keys), for word counts and plagiarism input. */
export function inlinesToPlain(inlines: readonly Inline[]): string {
  return inlines
    .map((i) => (i.t === 'text' ? i.text : i.t === 'math' ? i.tex : i.t === 'cite' ? '' : ''))
    .join('');
}

/** Figure references `@fig:id` that point at no figure. */
export function missingFigureRefs(report: ReportStructure): string[] {
  const missing = new Set<string>();
  for (const block of blocksOf(report)) {
    for (const inline of inlinesOf(block)) if (inline.t === 'figref' && !report.figures.has(inline.id)) missing.add(inline.id);
  }
  return [...missing];
}
