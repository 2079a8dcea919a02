/**
 * The report body is Markdown with LaTeX math ($...$ inline, $$...$$ display), citation keys ([@key] or
 * [@a; @b]), figures (![Caption](figure:id)) and figure references (@fig:id). This parses it once into a
 * structure that the preview, the PDF export and the LaTeX templates all share, so they number sections,
 * figures and citations the same way.
 */

export type Inline =
  | { t: 'text'; text: string; bold?: boolean; italic?: boolean; code?: boolean }
  | { t: 'math'; tex: string }
  | { t: 'cite'; keys: string[] }
  | { t: 'figref'; id: string };

export type Block =
  | { t: 'paragraph'; inlines: Inline[] }
  | { t: 'list'; ordered: boolean; items: Inline[][] }
  | { t: 'math'; tex: string }
  | { t: 'figure'; id: string; caption: string; number: number }
  | { t: 'quote'; inlines: Inline[] };

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

const INLINE_RE =
  /\\\$|\$([^$\n]+?)\$|\[(@[^\]\n]+)\]|@fig:([\w-]+)|\*\*([^*\n]+?)\*\*|(?<![\w*])\*([^*\n]+?)\*(?![\w*])|`([^`\n]+)`/g;

/** Citation keys in `[@a; @b, p. 4]`: the @-prefixed words. */
export function parseCiteKeys(group: string): string[] {
  return [...group.matchAll(/@([\w:.#$%&\-+?<>~/]+)/g)].map((m) => m[1]!.replace(/[.,;:]+$/, ''));
}

export function parseInlines(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const pushText = (s: string) => {
    if (!s) return;
    const prev = out[out.length - 1];
    if (prev && prev.t === 'text' && !prev.bold && !prev.italic && !prev.code) prev.text += s;
    else out.push({ t: 'text', text: s });
  };
  for (const m of text.matchAll(INLINE_RE)) {
    pushText(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[0] === '\\$') pushText('$');
    else if (m[1] !== undefined) out.push({ t: 'math', tex: m[1] });
    else if (m[2] !== undefined) {
      const keys = parseCiteKeys(m[2]);
      if (keys.length) out.push({ t: 'cite', keys });
      else pushText(m[0]);
    } else if (m[3] !== undefined) out.push({ t: 'figref', id: m[3] });
    else if (m[4] !== undefined) out.push({ t: 'text', text: m[4], bold: true });
    else if (m[5] !== undefined) out.push({ t: 'text', text: m[5], italic: true });
    else if (m[6] !== undefined) out.push({ t: 'text', text: m[6], code: true });
  }
  pushText(text.slice(last));
  return out;
}

const FIGURE_RE = /^!\[([^\]]*)\]\(figure:([\w-]+)\)\s*$/;
const LIST_RE = /^\s*([-*+]|\d+[.)])\s+(.*)$/;

/** Parses the report Markdown into its structure. */
export function parseReport(markdown: string): ReportStructure {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const report: ReportStructure = {
    title: '',
    abstract: [],
    preamble: [],
    sections: [],
    appendices: [],
    figures: new Map(),
    citedKeys: [],
  };
  let target: Block[] = report.preamble;
  let inAppendix = false;
  let major = 0;
  let minor = 0;
  let para: string[] = [];
  const flush = () => {
    if (para.length) target.push({ t: 'paragraph', inlines: parseInlines(para.join(' ')) });
    para = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const heading = /^(#{1,3})\s+(.*?)\s*#*\s*$/.exec(trimmed);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      const title = heading[2]!;
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
    if (trimmed.startsWith('$$')) {
      flush();
      let body = trimmed.slice(2);
      if (body.endsWith('$$') && body.length >= 2) {
        target.push({ t: 'math', tex: body.slice(0, -2).trim() });
        continue;
      }
      const parts = [body];
      while (i + 1 < lines.length) {
        i += 1;
        const l = lines[i]!;
        const end = l.indexOf('$$');
        if (end >= 0) {
          parts.push(l.slice(0, end));
          break;
        }
        parts.push(l);
      }
      body = parts.join('\n').trim();
      target.push({ t: 'math', tex: body });
      continue;
    }
    const fig = FIGURE_RE.exec(trimmed);
    if (fig) {
      flush();
      const id = fig[2]!;
      if (!report.figures.has(id)) report.figures.set(id, report.figures.size + 1);
      target.push({ t: 'figure', id, caption: fig[1]!, number: report.figures.get(id)! });
      continue;
    }
    const item = LIST_RE.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[1]!);
      const prev = target[target.length - 1];
      const inlines = parseInlines(item[2]!);
      if (prev && prev.t === 'list' && prev.ordered === ordered) prev.items.push(inlines);
      else target.push({ t: 'list', ordered, items: [inlines] });
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      target.push({ t: 'quote', inlines: parseInlines(trimmed.replace(/^>\s?/, '')) });
      continue;
    }
    if (!trimmed) {
      flush();
      continue;
    }
    para.push(trimmed);
  }
  flush();
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

function inlinesOf(block: Block): Inline[] {
  if (block.t === 'paragraph' || block.t === 'quote') return block.inlines;
  if (block.t === 'list') return block.items.flat();
  return [];
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
