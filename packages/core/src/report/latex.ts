import { parseReport, type Block, type Inline, type ReportStructure, type Section } from './document';
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

function inlineLatex(inlines: readonly Inline[]): string {
  return inlines
    .map((i) => {
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
        case 'cite':
          return `~\\cite{${i.keys.join(',')}}`;
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

function blockLatex(block: Block, figures: ReadonlyMap<string, LatexFigure>): string {
  switch (block.t) {
    case 'paragraph':
      return inlineLatex(block.inlines);
    case 'quote':
      return `\\begin{quote}\n${inlineLatex(block.inlines)}\n\\end{quote}`;
    case 'list': {
      const env = block.ordered ? 'enumerate' : 'itemize';
      // Task list items get a ticked or empty box (amssymb) instead of the bullet.
      const mark = (k: number) => (block.checked?.[k] === true ? '[$\\boxtimes$]' : block.checked?.[k] === false ? '[$\\square$]' : '');
      return `\\begin{${env}}\n${block.items.map((it, k) => `  \\item${mark(k)} ${inlineLatex(it)}`).join('\n')}\n\\end{${env}}`;
    }
    case 'table': {
      const cols = block.align.map((a) => COLUMN[a ?? 'left']).join('');
      const row = (cells: readonly (readonly Inline[])[]) => `${block.align.map((_, k) => inlineLatex(cells[k] ?? [])).join(' & ')} \\\\`;
      return `\\begin{center}\n\\begin{tabular}{${cols}}\n\\hline\n${row(block.header)}\n\\hline\n${block.rows.map(row).join('\n')}${block.rows.length ? '\n' : ''}\\hline\n\\end{tabular}\n\\end{center}`;
    }
    case 'code':
      // verbatim ends at the first \end{verbatim}, so that text cannot appear inside.
      return `\\begin{verbatim}\n${block.text.replace(/\\end\{verbatim\}/g, '\\end {verbatim}')}\n\\end{verbatim}`;
    case 'math':
      return `\\begin{equation}\n${block.tex}\n\\end{equation}`;
    case 'figure': {
      const fig = figures.get(block.id);
      const body = fig
        ? `\\includegraphics[width=0.8\\linewidth]{${fig.file}}`
        : `\\fbox{\\parbox{0.6\\linewidth}{\\centering Figure ${escapeLatex(block.id)} missing}}`;
      return `\\begin{figure}[htbp]\n  \\centering\n  ${body}\n  \\caption{${escapeLatex(block.caption)}}\n  \\label{fig:${block.id}}\n\\end{figure}`;
    }
  }
}

function sectionLatex(section: Section, chapters: boolean, figures: ReadonlyMap<string, LatexFigure>): string {
  const command = section.level === 2 ? (chapters ? 'chapter' : 'section') : chapters ? 'section' : 'subsection';
  const blocks = section.blocks.map((b) => blockLatex(b, figures)).join('\n\n');
  return `\\${command}{${escapeLatex(section.title)}}\n\n${blocks}`;
}

export interface LatexOptions {
  template: LatexTemplate;
  style: CitationStyle;
  figures?: readonly LatexFigure[];
  /** Whether a references.bib goes with main.tex. */
  hasBibliography: boolean;
  author?: string;
}

/** A complete, pdflatex-ready main.tex for the report in the chosen template. */
export function buildLatex(markdown: string | ReportStructure, options: LatexOptions): string {
  const report = typeof markdown === 'string' ? parseReport(markdown) : markdown;
  const figures = new Map((options.figures ?? []).map((f) => [f.id, f]));
  const chapters = options.template === 'report' || options.template === 'thesis';
  const cjk = CJK_RE.test(typeof markdown === 'string' ? markdown : JSON.stringify(report.sections));
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
  const abstract = report.abstract.map((b) => blockLatex(b, figures)).join('\n\n');
  const body: string[] = [];
  if (report.preamble.length) body.push(report.preamble.map((b) => blockLatex(b, figures)).join('\n\n'));
  body.push(...report.sections.map((s) => sectionLatex(s, chapters, figures)));
  if (report.appendices.length) {
    body.push('\\appendix');
    body.push(...report.appendices.map((s) => sectionLatex({ ...s, title: s.title.replace(/^(appendix|appendices)\s*[A-Z]?[:.]?\s*/i, '') || s.title }, chapters, figures)));
  }
  const bibliography = options.hasBibliography
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
    `% Generated by Yumi Studio Report Helper (${options.template} template). Compile: pdflatex main && bibtex main && pdflatex main && pdflatex main`,
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
