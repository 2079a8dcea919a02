import { latexProjectZip, parseReport, type CitationStyle, type CslItem, type Language, type LatexTemplate, type ReportFigure } from '@yumi/core';
import { toBibtex } from '@yumi/core/report/citations';
import { reportCitations } from '@yumi/core/report/csl';

export interface LatexInput {
  markdown: string;
  references: CslItem[];
  style: CitationStyle;
  figures: ReportFigure[];
  template: LatexTemplate;
  author?: string;
  language?: Language;
  /** The export's date (YYYY-MM-DD), from the app clock. */
  date: string;
}

/**
 * The LaTeX project as the browser's LaTeX editor builds it offline (core's latexProjectZip): main.tex
 * with the CSL style's citations and reference list (citeproc-js), README.md, references.bib, figures.
 */
export function renderLatexZip(input: LatexInput): Uint8Array {
  const report = parseReport(input.markdown);
  const { inText, notes, bibliography } = reportCitations(report, input.references, input.style, input.language);
  return latexProjectZip({
    report,
    template: input.template,
    style: input.style,
    author: input.author,
    language: input.language,
    date: input.date,
    hasBibliography: input.references.length > 0,
    citations: bibliography.length ? { inText, notes, bibliography } : undefined,
    bibtex: input.references.length ? toBibtex(input.references) : undefined,
    figureImages: input.figures,
  });
}
