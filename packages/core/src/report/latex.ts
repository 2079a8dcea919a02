import { parseReport, type Block, type Inline, type ReportStructure, type Section } from './document';
import type { RichText } from './csl/rich';
import type { CitationStyle } from './references';

/** LaTeX Editor templates (first document §2). */
export const LATEX_TEMPLATES = ['article', 'report', 'thesis', 'paper'] as const;
export type LatexTemplate = (typeof LATEX_TEMPLATES)[number];

/** BibTeX styles that ship with every TeX distribution, closest to each citation style. */
const BIB_STYLES: Record<CitationStyle, string> = { apa: 'apalike', mla: 'plain', ieee: 'ieeetr', chicago: 'apalike' };

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Escapes text for LaTeX outside math. */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#%_^~]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\textbackslash{}';
      case '^':
        return '\\textasciicircum{}';
      case '~':
        return '\\textasciitilde{}';
      default:
        return `\\${c}`;
    }
  });
}

/** citeproc-js's formatted text (italics, small caps, links) as LaTeX. */
export function richLatex(rich: RichText): string {
  return rich
    .map((r) => {
      let s = escapeLatex(r.text);
      if (r.sup) s = `\\textsuperscript{${s}}`;
      if (r.sub) s = `\\textsubscript{${s}}`;
      if (r.smallCaps) s = `\\textsc{${s}}`;
      if (r.italic) s = `\\emph{${s}}`;
      if (r.bold) s = `\\textbf{${s}}`;
      if (r.href) s = `\\href{${latexUrl(r.href)}}{${s}}`;
      return s;
    })
    .join('');
}

/** In-text citations and the bibliography as the chosen CSL style gives them (citeproc-js). */
export interface LatexCitations {
  /** Keys of a cite group joined by ";" -> its in-text citation. */
  inText: ReadonlyMap<string, RichText>;
  bibliography: readonly RichText[];
}

/** What blocks need besides themselves: figure files and the style's citations. */
interface Ctx {
  figures: ReadonlyMap<string, LatexFigure>;
  citations?: LatexCitations;
}

function inlineLatex(inlines: readonly Inline[], ctx: Ctx): string {
  return inlines
    .map((i, k) => {
      switch (i.t) {
        case 'text': {
          let s = escapeLatex(i.text);
          if (i.code) s = `\\texttt{${s}}`;
          if (i.italic) s = `\\emph{${s}}`;
          if (i.bold) s = `\\textbf{${s}}`;
          if (i.strike) s = `\\sout{${s}}`;
          if (i.href) s = `\\href{${latexUrl(i.href)}}{${s}}`;
          return s;
        }
        case 'math':
          return `$${i.tex}$`;
        case 'cite': {
          // The style's own in-text citation, as in the preview and the PDF; \cite only without one.
          const text = ctx.citations?.inText.get(i.keys.join(';'));
          if (!text) return `~\\cite{${i.keys.join(',')}}`;
          const plain = text.map((r) => r.text).join('');
          const prev = inlines[k - 1];
          const spaced = !prev || (prev.t === 'text' && /\s$/.test(prev.text));
          return `${!spaced && (plain.startsWith('(') || plain.startsWith('[')) ? '~' : ''}${richLatex(text)}`;
        }
        case 'figref':
          return `Figure~\\ref{fig:${i.id}}`;
      }
    })
    .join('');
}

export interface LatexFigure {
  id: string;
  /** File name inside the project, e.g. figures/fig-1.png. */
  file: string;
}

/** A URL inside \\href: hyperref reads it verbatim except for these. */
function latexUrl(url: string): string {
  return url.replace(/[\\{}%#]/g, (c) => ({ '\\': '%5C', '{': '%7B', '}': '%7D', '%': '\\%', '#': '\\#' })[c]!);
}

const COLUMN: Record<string, string> = { left: 'l', center: 'c', right: 'r' };

function blockLatex(block: Block, ctx: Ctx): string {
  switch (block.t) {
    case 'paragraph':
      return inlineLatex(block.inlines, ctx);
    case 'quote':
      return `\\begin{quote}\n${inlineLatex(block.inlines, ctx)}\n\\end{quote}`;
    case 'list': {
      const env = block.ordered ? 'enumerate' : 'itemize';
      // Task list items get a ticked or empty box (amssymb) instead of the bullet.
      const mark = (k: number) => (block.checked?.[k] === true ? '[$\\boxtimes$]' : block.checked?.[k] === false ? '[$\\square$]' : '');
      return `\\begin{${env}}\n${block.items.map((it, k) => `  \\item${mark(k)} ${inlineLatex(it, ctx)}`).join('\n')}\n\\end{${env}}`;
    }
    case 'table': {
      const cols = block.align.map((a) => COLUMN[a ?? 'left']).join('');
      const row = (cells: readonly (readonly Inline[])[]) => `${block.align.map((_, k) => inlineLatex(cells[k] ?? [], ctx)).join(' & ')} \\\\`;
      return `\\begin{center}\n\\begin{tabular}{${cols}}\n\\hline\n${row(block.header)}\n\\hline\n${block.rows.map(row).join('\n')}${block.rows.length ? '\n' : ''}\\hline\n\\end{tabular}\n\\end{center}`;
    }
    case 'code':
      // verbatim ends at the first \end{verbatim}, so that text cannot appear inside.
      return `\\begin{verbatim}\n${block.text.replace(/\\end\{verbatim\}/g, '\\end {verbatim}')}\n\\end{verbatim}`;
    case 'math':
      return `\\begin{equation}\n${block.tex}\n\\end{equation}`;
    case 'figure': {
      const fig = ctx.figures.get(block.id);
      const body = fig
        ? `\\includegraphics[width=0.8\\linewidth]{${fig.file}}`
        : `\\fbox{\\parbox{0.6\\linewidth}{\\centering Figure ${escapeLatex(block.id)} missing}}`;
      return `\\begin{figure}[htbp]\n  \\centering\n  ${body}\n  \\caption{${escapeLatex(block.caption)}}\n  \\label{fig:${block.id}}\n\\end{figure}`;
    }
  }
}

function sectionLatex(section: Section, chapters: boolean, ctx: Ctx): string {
  const command = section.level === 2 ? (chapters ? 'chapter' : 'section') : chapters ? 'section' : 'subsection';
  const blocks = section.blocks.map((b) => blockLatex(b, ctx)).join('\n\n');
  return `\\${command}{${escapeLatex(section.title)}}\n\n${blocks}`;
}

export interface LatexOptions {
  template: LatexTemplate;
  style: CitationStyle;
  figures?: readonly LatexFigure[];
  /** Whether a references.bib goes with main.tex. */
  hasBibliography: boolean;
  author?: string;
  /** The style's citations and bibliography; without them main.tex cites with BibTeX. */
  citations?: LatexCitations;
}

/** A complete, pdflatex-ready main.tex for the report in the chosen template. */
export function buildLatex(markdown: string | ReportStructure, options: LatexOptions): string {
  const report = typeof markdown === 'string' ? parseReport(markdown) : markdown;
  const source = typeof markdown === 'string' ? markdown : null;
  const ctx: Ctx = { figures: new Map((options.figures ?? []).map((f) => [f.id, f])), citations: options.citations };
  const chapters = options.template === 'report' || options.template === 'thesis';
  const cjk = CJK_RE.test(source ?? JSON.stringify(report.sections));
  const classLine = {
    article: '\\documentclass[11pt,a4paper]{article}',
    report: '\\documentclass[11pt,a4paper]{report}',
    thesis: '\\documentclass[12pt,a4paper,oneside]{report}',
    paper: '\\documentclass[10pt,a4paper,twocolumn]{article}',
  }[options.template];
  const packages = [
    '\\usepackage[utf8]{inputenc}',
    '\\usepackage[T1]{fontenc}',
    cjk ? '\\usepackage{CJKutf8}' : '',
    options.template === 'paper' ? '\\usepackage{mathptmx}' : '\\usepackage{lmodern}',
    '\\usepackage{amsmath,amssymb}',
    '\\usepackage{graphicx}',
    '\\usepackage[normalem]{ulem}',
    options.template === 'paper' ? '\\usepackage[margin=2cm]{geometry}' : '\\usepackage[margin=2.5cm]{geometry}',
    options.template === 'thesis' ? '\\usepackage{setspace}\n\\onehalfspacing' : '',
    options.style === 'apa' || options.style === 'chicago' ? '\\usepackage{natbib}' : '',
    '\\usepackage[hidelinks]{hyperref}',
  ].filter(Boolean);
  const title = escapeLatex(report.title || 'Untitled Report');
  const abstract = report.abstract.map((b) => blockLatex(b, ctx)).join('\n\n');
  const body: string[] = [];
  if (report.preamble.length) body.push(report.preamble.map((b) => blockLatex(b, ctx)).join('\n\n'));
  body.push(...report.sections.map((s) => sectionLatex(s, chapters, ctx)));
  if (report.appendices.length) {
    body.push('\\appendix');
    body.push(...report.appendices.map((s) => sectionLatex({ ...s, title: s.title.replace(/^(appendix|appendices)\s*[A-Z]?[:.]?\s*/i, '') || s.title }, chapters, ctx)));
  }
  const bibliography = options.citations?.bibliography.length
    ? `\\section*{\\refname}\n\\begin{list}{}{\\setlength{\\leftmargin}{2em}\\setlength{\\itemindent}{-2em}}\n${options.citations.bibliography.map((e) => `\\item ${richLatex(e)}`).join('\n')}\n\\end{list}`
    : options.hasBibliography
      ? `\\bibliographystyle{${BIB_STYLES[options.style]}}\n\\bibliography{references}`
      : '';
  const front = [
    `\\title{${title}}`,
    `\\author{${escapeLatex(options.author ?? '')}}`,
    '\\date{\\today}',
    '',
    '\\begin{document}',
    cjk ? '\\begin{CJK*}{UTF8}{gbsn}' : '',
    '\\maketitle',
    abstract ? `\\begin{abstract}\n${abstract}\n\\end{abstract}` : '',
    options.template === 'thesis' ? '\\tableofcontents\n\\clearpage' : '',
  ].filter((l, i) => l !== '' || i === 3);
  return [
    `% Generated by Yumi Studio Report Helper (${options.template} template). Compile: ${latexBuildCommand(options)}`,
    classLine,
    ...packages,
    '',
    ...front,
    '',
    body.join('\n\n'),
    '',
    bibliography,
    cjk ? '\\end{CJK*}' : '',
    '\\end{document}',
    '',
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');
}

/** The one command that builds main.tex: BibTeX runs only when citations are left to it. */
export function latexBuildCommand(options: Pick<LatexOptions, 'citations' | 'hasBibliography'>): string {
  return options.citations || !options.hasBibliography ? 'latexmk -pdf main.tex' : 'latexmk -pdf -bibtex main.tex';
}

/** README.md of the LaTeX project: what is in it and how to build it. */
export function latexReadme(options: Pick<LatexOptions, 'citations' | 'hasBibliography' | 'style' | 'template'>): string {
  return [
    '# LaTeX project from Yumi Studio Report Helper',
    '',
    `Template: ${options.template}. Citation style: ${options.style}.`,
    '',
    'Build the PDF with TeX Live or MiKTeX:',
    '',
    '```',
    latexBuildCommand(options),
    '```',
    '',
    '(or run `pdflatex main.tex` twice).',
    '',
    '- `main.tex`: the report.',
    options.citations ? '- Citations and the reference list are set in the chosen style (CSL, citeproc-js) inside `main.tex`; `references.bib` holds the same references for BibTeX or biblatex users.' : '- `references.bib`: the references, for BibTeX.',
    '- `figures/`: the figures.',
    '',
  ].join('\n');
}
