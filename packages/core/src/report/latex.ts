import { citeOccurrences, parseReport, placeNoteMarks, type Block, type Inline, type ReportStructure, type Section } from './document';
import { strToU8, zipSync } from 'fflate';
import type { RichText } from './csl/rich';
import type { Language } from '../i18n';
import { PDF_LABELS, type LatexTemplate } from './api';
import { isNoteStyle, type CitationStyle } from './references';
import { hasRtl } from './bidi';
import { bidiLatex, directed, paragraph, type Directed, type LatexPiece } from './latex-bidi';


/** BibTeX styles that ship with every TeX distribution, closest to each citation style. */
const BIB_STYLES: Record<CitationStyle, string> = { apa: 'apalike', mla: 'plain', ieee: 'ieeetr', chicago: 'apalike', 'chicago-notes': 'apalike' };

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Latin Modern (XeLaTeX's default) covers Latin Extended but not Greek or Cyrillic: runs of those are set
// in a font that has them (\yumiscript, defined in the preamble when needed).
const SCRIPT_RUN = /[\p{Script=Greek}\p{Script=Cyrillic}][\p{M}]*(?:[\s,.;:·'’-]*[\p{Script=Greek}\p{Script=Cyrillic}][\p{M}]*)*/gu;
const SCRIPT_RE = /[\p{Script=Greek}\p{Script=Cyrillic}]/u;
// Arabic and Hebrew likewise (\yumiarabic, \yumihebrew), with their marks and the Arabic comma, semicolon,
// question mark and tatweel (which Unicode counts as common to several scripts).
const ARABIC_RE = /[\p{Script=Arabic}\u060c\u061b\u061f\u0640]/u;
const ARABIC_RUN = /[\p{Script=Arabic}\u060c\u061b\u061f\u0640][\p{M}\u200c\u200d]*(?:\s*[\p{Script=Arabic}\u060c\u061b\u061f\u0640][\p{M}\u200c\u200d]*)*/gu;
const HEBREW_RE = /\p{Script=Hebrew}/u;
const HEBREW_RUN = /\p{Script=Hebrew}\p{M}*(?:\s*\p{Script=Hebrew}\p{M}*)*/gu;

/** Which Noto CJK font a text's Han characters should take: Japanese with kana, Korean with Hangul only. */
export type CjkRegion = 'jp' | 'sc' | 'kr';
export function cjkRegion(text: string): CjkRegion {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'jp';
  if (/\p{Script=Hangul}/u.test(text) && !/\p{Script=Han}/u.test(text)) return 'kr';
  return 'sc';
}

/** Escapes text for LaTeX outside math; Greek, Cyrillic, Arabic and Hebrew go in fonts that have them. */
export function escapeLatex(text: string): string {
  return escapeChars(text)
    .replace(SCRIPT_RUN, (run) => `\\yumiscript{${run}}`)
    .replace(ARABIC_RUN, (run) => `\\yumiarabic{${run}}`)
    .replace(HEBREW_RUN, (run) => `\\yumihebrew{${run}}`);
}

function escapeChars(text: string): string {
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

/** citeproc-js's formatted text (italics, small caps, links) as LaTeX, in its own direction. */
function richDirected(rich: RichText): Directed {
  return bidiLatex(
    rich.map((r): LatexPiece => ({
      text: r.text,
      render: (text) => styled(escapeLatex(text), r),
    })),
  );
}

/** Text in its markup, innermost first (citeproc-js's runs and the report's own text share it). */
function styled(s: string, style: { code?: boolean; sup?: boolean; sub?: boolean; smallCaps?: boolean; italic?: boolean; bold?: boolean; strike?: boolean; href?: string }): string {
  if (style.code) s = `\\texttt{${s}}`;
  if (style.sup) s = `\\textsuperscript{${s}}`;
  if (style.sub) s = `\\textsubscript{${s}}`;
  if (style.smallCaps) s = `\\textsc{${s}}`;
  if (style.italic) s = `\\emph{${s}}`;
  if (style.bold) s = `\\textbf{${s}}`;
  if (style.strike) s = `\\sout{${s}}`;
  if (style.href) s = `\\href{${latexUrl(style.href)}}{${s}}`;
  return s;
}

/** citeproc-js's formatted text set on its own (a reference, a note). */
export function richLatex(rich: RichText): string {
  return directed(richDirected(rich));
}

/** Plain text set on its own (a title, a caption). */
function textLatex(text: string): string {
  return directed(bidiLatex([{ text, render: escapeLatex }]));
}

/** In-text citations and the bibliography as the chosen CSL style gives them (citeproc-js). */
export interface LatexCitations {
  /** Keys of a cite group joined by ";" -> its in-text citation. */
  inText: ReadonlyMap<string, RichText>;
  /** A note style's note for each citation, in reading order (citeOccurrences): set as footnotes. */
  notes?: readonly RichText[] | null;
  bibliography: readonly RichText[];
}

/** What blocks need besides themselves: figure files and the style's citations. */
interface Ctx {
  figures: ReadonlyMap<string, LatexFigure>;
  citations?: LatexCitations;
  /** With a note style: each citation's place in reading order. */
  noteOf?: ReadonlyMap<Inline, number>;
  /** Inside a table: notes are marked there and their text set after it (a tabular drops footnote text). */
  tableNotes?: string[];
}

/** A paragraph's inlines as LaTeX, in the paragraph's direction; formulas and citations are objects. */
function inlineLatex(list: readonly Inline[], ctx: Ctx): Directed {
  const inlines = ctx.noteOf ? placeNoteMarks(list) : list;
  const object = (latex: string, plain = '', rtl = false, lead?: string): LatexPiece => ({ latex, plain, rtl, lead });
  return bidiLatex(
    inlines.map((i, k): LatexPiece => {
      switch (i.t) {
        case 'text':
          return { text: i.text, render: (text) => styled(escapeLatex(text), i) };
        case 'math':
          return object(`$${i.tex}$`);
        case 'cite': {
          const note = ctx.noteOf?.get(i);
          if (note !== undefined) {
            // A note style cites in footnotes: the style's note, or BibTeX's citation without one. Each
            // carries its number, so notes set after a table keep theirs.
            const text = ctx.citations?.notes?.[note];
            const body = text ? richLatex(text) : `\\cite{${i.keys.join(',')}}`;
            if (!ctx.tableNotes) return object(`\\footnote[${note + 1}]{${body}}`);
            ctx.tableNotes.push(`\\footnotetext[${note + 1}]{${body}}`);
            return object(`\\footnotemark[${note + 1}]`);
          }
          // The style's own in-text citation, as in the preview and the PDF; \cite only without one.
          const text = ctx.citations?.inText.get(i.keys.join(';'));
          if (!text) return object(`\\cite{${i.keys.join(',')}}`, '', false, '~');
          const plain = text.map((r) => r.text).join('');
          const prev = inlines[k - 1];
          const spaced = !prev || (prev.t === 'text' && /\s$/.test(prev.text));
          const cite = richDirected(text);
          return object(cite.latex, plain, cite.rtl, !spaced && (plain.startsWith('(') || plain.startsWith('[')) ? '~' : '');
        }
        case 'figref':
          return object(`\\figurename~\\ref{fig:${i.id}}`);
      }
    }),
  );
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
      return paragraph(inlineLatex(block.inlines, ctx));
    case 'quote':
      return `\\begin{quote}\n${paragraph(inlineLatex(block.inlines, ctx))}\n\\end{quote}`;
    case 'list': {
      const env = block.ordered ? 'enumerate' : 'itemize';
      // Task list items get a ticked or empty box (amssymb) instead of the bullet.
      const mark = (k: number) => (block.checked?.[k] === true ? '[$\\boxtimes$]' : block.checked?.[k] === false ? '[$\\square$]' : '');
      return `\\begin{${env}}\n${block.items.map((it, k) => `  \\item${mark(k)} ${directed(inlineLatex(it, ctx))}`).join('\n')}\n\\end{${env}}`;
    }
    case 'table': {
      const cols = block.align.map((a) => COLUMN[a ?? 'left']).join('');
      const cellCtx: Ctx = { ...ctx, tableNotes: [] };
      const row = (cells: readonly (readonly Inline[])[]) => `${block.align.map((_, k) => directed(inlineLatex(cells[k] ?? [], cellCtx))).join(' & ')} \\\\`;
      const rows = [row(block.header), ...block.rows.map(row)];
      const notes = cellCtx.tableNotes!.length ? `\n${cellCtx.tableNotes!.join('\n')}` : '';
      return `\\begin{center}\n\\begin{tabular}{${cols}}\n\\hline\n${rows[0]}\n\\hline\n${rows.slice(1).join('\n')}${block.rows.length ? '\n' : ''}\\hline\n\\end{tabular}\n\\end{center}${notes}`;
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
      return `\\begin{figure}[htbp]\n  \\centering\n  ${body}\n  \\caption{${textLatex(block.caption)}}\n  \\label{fig:${block.id}}\n\\end{figure}`;
    }
  }
}

function sectionLatex(section: Section, chapters: boolean, ctx: Ctx): string {
  const command = section.level === 2 ? (chapters ? 'chapter' : 'section') : chapters ? 'section' : 'subsection';
  const blocks = section.blocks.map((b) => blockLatex(b, ctx)).join('\n\n');
  // Right-to-left marks are kept out of the bookmark (hyperref takes the plain title there).
  const title = hasRtl(section.title) ? `\\texorpdfstring{${textLatex(section.title)}}{${escapeLatex(section.title)}}` : escapeLatex(section.title);
  return `\\${command}{${title}}\n\n${blocks}`;
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
  /** Language of the document's own words (Abstract, Figure, References, Contents). */
  language?: Language;
  /** The date under the title (YYYY-MM-DD); \today without it. */
  date?: string;
}

const CONTENTS: Record<Language, string> = { en: 'Contents', ja: '目次', zh: '目录', ko: '차례' };

/** Noto CJK families by region, as fontconfig names them (Debian's fonts-noto-cjk, Overleaf, macOS with Noto). */
const CJK_FONTS: Record<CjkRegion, string> = { jp: 'JP', sc: 'SC', kr: 'KR' };

/** The preamble's font setup: XeLaTeX with fontspec; xeCJK with Noto CJK when the text has CJK. */
function fontSetup(text: string, template: LatexTemplate): string[] {
  const lines = ['\\usepackage{fontspec}'];
  // Times-like for the two-column paper when TeX Gyre Termes is installed; Latin Modern otherwise.
  if (template === 'paper') lines.push('\\IfFontExistsTF{TeX Gyre Termes}{\\setmainfont{TeX Gyre Termes}}{}');
  if (CJK_RE.test(text)) {
    const r = CJK_FONTS[cjkRegion(text)];
    lines.push(
      '\\usepackage{xeCJK}',
      // Korean separates words with spaces; they must survive between Hangul characters.
      ...(/\p{Script=Hangul}/u.test(text) ? ['\\xeCJKsetup{CJKspace=true}'] : []),
      `\\setCJKmainfont{Noto Serif CJK ${r}}[AutoFakeSlant=0.2]`,
      `\\setCJKsansfont{Noto Sans CJK ${r}}[AutoFakeSlant=0.2]`,
      `\\setCJKmonofont{Noto Sans Mono CJK ${r}}`,
    );
  }
  // Greek and Cyrillic with accents need a full font: Noto Serif, else DejaVu Serif, else Noto CJK's basic set.
  if (SCRIPT_RE.test(text)) {
    lines.push(
      '\\IfFontExistsTF{Noto Serif}{\\newfontfamily\\yumiscriptfont{Noto Serif}}{\\IfFontExistsTF{DejaVu Serif}{\\newfontfamily\\yumiscriptfont{DejaVu Serif}}{\\newfontfamily\\yumiscriptfont{Noto Serif CJK SC}[AutoFakeSlant=0.2]}}',
    );
  }
  // Arabic and Hebrew: Noto when installed, else DejaVu Sans (fonts-dejavu-core, and in TeX Live); shaped by XeTeX.
  if (ARABIC_RE.test(text)) lines.push(firstFont('\\yumiarabicfont', ['Noto Naskh Arabic', 'Noto Sans Arabic', 'DejaVu Sans'], 'Script=Arabic'));
  if (HEBREW_RE.test(text)) lines.push(firstFont('\\yumihebrewfont', ['Noto Serif Hebrew', 'Noto Sans Hebrew', 'DejaVu Sans'], 'Script=Hebrew'));
  // Right to left by TeX--XeT (latex-bidi.ts).
  if (hasRtl(text)) lines.push('\\TeXXeTstate=1');
  return lines;
}

/** fontspec: `command` is the first of `names` that is installed (the last one without asking). */
function firstFont(command: string, names: readonly string[], features: string): string {
  const family = (name: string) => `\\newfontfamily${command}{${name}}[${features}]`;
  return names.slice(0, -1).reduceRight((rest, name) => `\\IfFontExistsTF{${name}}{${family(name)}}{${rest}}`, family(names[names.length - 1]!));
}

/** `\\name{text}` sets text in `\\namefont`; bookmarks get the text alone. */
const scriptCommand = (name: string) => `\\newcommand{\\${name}}[1]{\\texorpdfstring{{\\${name}font #1}}{#1}}`;

/** A complete main.tex for the report in the chosen template, built with XeLaTeX (latexmk -xelatex). */
export function buildLatex(markdown: string | ReportStructure, options: LatexOptions): string {
  const report = typeof markdown === 'string' ? parseReport(markdown) : markdown;
  const ctx: Ctx = {
    figures: new Map((options.figures ?? []).map((f) => [f.id, f])),
    citations: options.citations,
    noteOf: isNoteStyle(options.style) ? new Map(citeOccurrences(report).map((c, k) => [c, k])) : undefined,
  };
  const chapters = options.template === 'report' || options.template === 'thesis';
  const labels = PDF_LABELS[options.language ?? 'en'];
  const classLine = {
    article: '\\documentclass[11pt,a4paper]{article}',
    report: '\\documentclass[11pt,a4paper]{report}',
    thesis: '\\documentclass[12pt,a4paper,oneside]{report}',
    paper: '\\documentclass[10pt,a4paper,twocolumn]{article}',
  }[options.template];
  const title = report.title || labels.untitled;
  const abstract = report.abstract.map((b) => blockLatex(b, ctx)).join('\n\n');
  const body: string[] = [];
  if (report.preamble.length) body.push(report.preamble.map((b) => blockLatex(b, ctx)).join('\n\n'));
  body.push(...report.sections.map((s) => sectionLatex(s, chapters, ctx)));
  if (report.appendices.length) {
    body.push('\\appendix');
    body.push(...report.appendices.map((s) => sectionLatex({ ...s, title: s.title.replace(/^(appendix|appendices)\s*[A-Z]?[:.]?\s*/i, '') || s.title }, chapters, ctx)));
  }
  const heading = chapters ? 'chapter' : 'section';
  const bibliography = options.citations?.bibliography.length
    ? `\\${heading}*{${escapeLatex(labels.references)}}\n\\begin{list}{}{\\setlength{\\leftmargin}{2em}\\setlength{\\itemindent}{-2em}}\n${options.citations.bibliography.map((e) => `\\item{} ${richLatex(e)}`).join('\n')}\n\\end{list}`
    : options.hasBibliography
      ? `\\renewcommand{\\${chapters ? 'bibname' : 'refname'}}{${escapeLatex(labels.references)}}\n\\bibliographystyle{${BIB_STYLES[options.style]}}\n\\bibliography{references}`
      : '';
  // Everything that is set as text decides the fonts: CJK and Greek/Cyrillic need their own.
  const allText = [title, options.author ?? '', abstract, body.join('\n'), bibliography, labels.abstract, labels.figure].join('\n');
  const usesStrike = allText.includes('\\sout{');
  const packages = [
    '\\usepackage{amsmath,amssymb}',
    ...fontSetup(allText, options.template),
    '\\usepackage{graphicx}',
    // ulem strikes through and breaks lines; a minimal TeX without it still strikes (on one line).
    usesStrike ? '\\IfFileExists{ulem.sty}{\\usepackage[normalem]{ulem}}{\\newcommand{\\sout}[1]{\\leavevmode\\setbox0\\hbox{##1}\\rlap{\\rule[0.5ex]{\\wd0}{0.4pt}}\\box0}}' : '',
    options.template === 'paper' ? '\\usepackage[margin=2cm]{geometry}' : '\\usepackage[margin=2.5cm]{geometry}',
    options.template === 'thesis' ? '\\usepackage{setspace}\n\\onehalfspacing' : '',
    !options.citations && options.hasBibliography && BIB_STYLES[options.style] === 'apalike' ? '\\usepackage{natbib}' : '',
    '\\usepackage{xurl}',
    '\\usepackage[hidelinks,bookmarksnumbered]{hyperref}',
    `\\hypersetup{pdftitle={${pdfString(title)}},pdfauthor={${pdfString(options.author ?? '')}},pdflang={${LANG_TAGS[options.language ?? 'en']}}}`,
    SCRIPT_RE.test(allText) ? scriptCommand('yumiscript') : '',
    ARABIC_RE.test(allText) ? scriptCommand('yumiarabic') : '',
    HEBREW_RE.test(allText) ? scriptCommand('yumihebrew') : '',
    `\\renewcommand{\\figurename}{${escapeLatex(labels.figure)}}`,
    `\\renewcommand{\\abstractname}{${escapeLatex(labels.abstract)}}`,
    options.template === 'thesis' ? `\\renewcommand{\\contentsname}{${escapeLatex(CONTENTS[options.language ?? 'en'])}}` : '',
  ].filter(Boolean);
  const front = [
    `\\title{${textLatex(title)}}`,
    `\\author{${textLatex(options.author ?? '')}}`,
    `\\date{${options.date ? escapeLatex(options.date) : '\\today'}}`,
    '',
    '\\begin{document}',
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
    '\\end{document}',
    '',
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');
}

const LANG_TAGS: Record<Language, string> = { en: 'en', ja: 'ja', zh: 'zh', ko: 'ko' };

/** Text for a PDF string (hyperref's metadata): no markup, braces balanced, specials escaped. */
function pdfString(text: string): string {
  return escapeChars(text);
}

/** The one command that builds main.tex: BibTeX runs only when citations are left to it. */
export function latexBuildCommand(options: Pick<LatexOptions, 'citations' | 'hasBibliography'>): string {
  return options.citations || !options.hasBibliography ? 'latexmk -xelatex main.tex' : 'latexmk -xelatex -bibtex main.tex';
}

/** README.md of the LaTeX project: what is in it and how to build it. */
export function latexReadme(options: Pick<LatexOptions, 'citations' | 'hasBibliography' | 'style' | 'template'>, edited = false): string {
  return [
    '# LaTeX project from Yumi Studio Report Helper',
    '',
    `Template: ${options.template}. Citation style: ${options.style}.${edited ? ' main.tex was edited by hand in the LaTeX editor.' : ''}`,
    '',
    'Build the PDF with XeLaTeX (TeX Live, MiKTeX or Overleaf with the XeLaTeX compiler):',
    '',
    '```',
    latexBuildCommand(options),
    '```',
    '',
    '(or run `xelatex main.tex` twice).',
    '',
    'Fonts: Latin Modern for Latin text; Noto Serif/Sans CJK (fonts-noto-cjk on Debian and Ubuntu) for Chinese, Japanese, Korean, Greek and Cyrillic.',
    '',
    '- `main.tex`: the report.',
    options.citations ? '- Citations and the reference list are set in the chosen style (CSL, citeproc-js) inside `main.tex`; `references.bib` holds the same references for BibTeX or biblatex users.' : '- `references.bib`: the references, for BibTeX.',
    '- `figures/`: the figures.',
    '',
  ].join('\n');
}

/** What a LaTeX project (.zip) is made of; the browser and POST /api/report/export/latex both build it here. */
export interface LatexProjectInput extends LatexOptions {
  report: string | ReportStructure;
  /** Figures as data URLs (PNG or JPEG), in the report's order. */
  figureImages: ReadonlyArray<{ id: string; image: string }>;
  /** references.bib (citation-js's BibTeX), when the report has references. */
  bibtex?: string;
  /** main.tex edited by hand in the LaTeX editor: it replaces the generated one. */
  mainTex?: string;
}

/** File name of each figure inside the project. */
export function latexFigureFiles(figures: ReadonlyArray<{ id: string; image: string }>): LatexFigure[] {
  return figures.map((f, i) => ({ id: f.id, file: `figures/fig-${i + 1}.${f.image.startsWith('data:image/jpeg') ? 'jpg' : 'png'}` }));
}

function dataUrlBytes(url: string): Uint8Array {
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}

/** The project's files: main.tex, README.md, references.bib and figures/. */
export function latexProjectFiles(input: LatexProjectInput): Record<string, Uint8Array> {
  const figures = latexFigureFiles(input.figureImages);
  const options: LatexOptions = { ...input, figures };
  const files: Record<string, Uint8Array> = {
    'main.tex': strToU8(input.mainTex ?? buildLatex(input.report, options)),
    'README.md': strToU8(latexReadme(options, input.mainTex !== undefined)),
  };
  if (input.bibtex) files['references.bib'] = strToU8(input.bibtex);
  input.figureImages.forEach((f, i) => {
    files[figures[i]!.file] = dataUrlBytes(f.image);
  });
  return files;
}

/** The project as one .zip (figures are already compressed, so they are stored). */
export function latexProjectZip(input: LatexProjectInput): Uint8Array {
  const files = latexProjectFiles(input);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, name.startsWith('figures/') ? [data, { level: 0 }] : data])));
}
