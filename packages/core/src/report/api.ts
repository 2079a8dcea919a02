import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n';
import { CITATION_STYLES, cslItemSchema, MAX_REFERENCES } from './references';

// ---------- Scientific Search ----------

/** Databases of Scientific Search: the spec's four plus arXiv (a public API that needs no key). */
export const LITERATURE_DATABASES = ['pubmed', 'arxiv', 'ieee', 'nature', 'science'] as const;
export type LiteratureDatabase = (typeof LITERATURE_DATABASES)[number];

/** External search pages, used when a database is not reachable or not configured. */
export function externalSearchUrl(db: LiteratureDatabase, query: string): string {
  const q = encodeURIComponent(query);
  switch (db) {
    case 'pubmed':
      return `https://pubmed.ncbi.nlm.nih.gov/?term=${q}`;
    case 'arxiv':
      return `https://arxiv.org/search/?query=${q}&searchtype=all`;
    case 'ieee':
      return `https://ieeexplore.ieee.org/search/searchresult.jsp?queryText=${q}`;
    case 'nature':
      return `https://www.nature.com/search?q=${q}`;
    case 'science':
      return `https://www.science.org/action/doSearch?AllField=${q}`;
  }
}

export const LITERATURE_QUERY_MAX = 300;
export const LITERATURE_MAX_RESULTS = 10;

export const literatureSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter a search query').max(LITERATURE_QUERY_MAX),
  databases: z
    .string()
    .default('pubmed,arxiv,nature,science,ieee')
    .transform((s) => s.split(',').map((d) => d.trim()).filter(Boolean))
    .pipe(z.array(z.enum(LITERATURE_DATABASES)).min(1, 'Choose at least one database')),
  limit: z.coerce.number().int().min(1).max(LITERATURE_MAX_RESULTS).default(LITERATURE_MAX_RESULTS),
});

export const literatureResultSchema = z.object({
  database: z.enum(LITERATURE_DATABASES),
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().nullable(),
  venue: z.string(),
  doi: z.string().nullable(),
  url: z.string(),
  /** The same record as CSL-JSON, ready for the Citation Manager. */
  csl: cslItemSchema,
});
export type LiteratureResult = z.infer<typeof literatureResultSchema>;

export const literatureSourceStatusSchema = z.object({
  database: z.enum(LITERATURE_DATABASES),
  status: z.enum(['ok', 'unavailable', 'not_configured']),
  message: z.string().optional(),
  count: z.number(),
  externalUrl: z.string(),
});
export type LiteratureSourceStatus = z.infer<typeof literatureSourceStatusSchema>;

/** Most hits of each kind the user's own library answers with. */
export const LIBRARY_MAX_RESULTS = 10;

/**
 * Hits in the user's own library, which needs no internet: references saved in any of their reports, and
 * their documents (Writing and reports) with the matching passage.
 */
export const librarySearchSchema = z.object({
  references: z.array(z.object({ csl: cslItemSchema, reportId: z.string(), reportTitle: z.string() })),
  documents: z.array(z.object({ id: z.string(), title: z.string(), kind: z.enum(['writing', 'report']), snippet: z.string() })),
});
export type LibrarySearch = z.infer<typeof librarySearchSchema>;

export const literatureSearchResponseSchema = z.object({
  query: z.string(),
  results: z.array(literatureResultSchema),
  sources: z.array(literatureSourceStatusSchema),
  library: librarySearchSchema,
});
export type LiteratureSearchResponse = z.infer<typeof literatureSearchResponseSchema>;

// ---------- Plagiarism ----------

/** The check refuses longer texts with a message that names the limit. */
export const PLAGIARISM_MAX_WORDS = 50_000;
export const PLAGIARISM_MAX_CHARS = 1_000_000;
export const PLAGIARISM_SOURCE_MAX_CHARS = 2_000_000;
export const PLAGIARISM_DEFAULT_THRESHOLD = 15;

export const plagiarismCheckRequestSchema = z.strictObject({
  text: z.string().max(PLAGIARISM_MAX_CHARS * 4),
  /** The report's own document, left out of the corpus. */
  documentId: z.string().max(100).optional(),
  threshold: z.number().min(0).max(100).default(PLAGIARISM_DEFAULT_THRESHOLD),
});
export type PlagiarismCheckRequest = z.input<typeof plagiarismCheckRequestSchema>;

export const PLAGIARISM_SOURCE_KINDS = ['document', 'upload', 'reference'] as const;

export const plagiarismPassageSchema = z.object({
  /** Character range in the submitted text. */
  start: z.number(),
  end: z.number(),
  words: z.number(),
  text: z.string(),
  sourceId: z.string(),
  sourceTitle: z.string(),
  sourceKind: z.enum(PLAGIARISM_SOURCE_KINDS),
  /** The matching words of the source. */
  sourceExcerpt: z.string(),
  /** Word for word as in the source, or reworded (synonyms, look-alike letters, other word forms). */
  match: z.enum(['identical', 'paraphrase']),
});
export type PlagiarismPassage = z.infer<typeof plagiarismPassageSchema>;

export const plagiarismCheckResponseSchema = z.object({
  similarity: z.number(),
  threshold: z.number(),
  verdict: z.enum(['pass', 'flag']),
  words: z.number(),
  sourcesCompared: z.number(),
  passages: z.array(plagiarismPassageSchema),
  sources: z.array(
    z.object({ id: z.string(), title: z.string(), kind: z.enum(PLAGIARISM_SOURCE_KINDS), similarity: z.number() }),
  ),
  /** Guarantee of the method: every shared passage at least this many words long is found. */
  guaranteeWords: z.number(),
  /** Quotations with a citation and the bibliography: left out of the score, listed with the sources they match. */
  excluded: z.array(
    z.object({
      kind: z.enum(['quote', 'bibliography']),
      start: z.number(),
      end: z.number(),
      words: z.number(),
      citation: z.string().optional(),
      sources: z.array(z.object({ id: z.string(), title: z.string(), kind: z.enum(PLAGIARISM_SOURCE_KINDS) })),
    }),
  ),
  checkedAt: z.string(),
});
export type PlagiarismCheckResponse = z.infer<typeof plagiarismCheckResponseSchema>;

export const plagiarismSourceCreateSchema = z.strictObject({
  title: z.string().trim().min(1).max(300),
  text: z.string().min(1).max(PLAGIARISM_SOURCE_MAX_CHARS),
});

export const plagiarismSourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(PLAGIARISM_SOURCE_KINDS),
  words: z.number(),
  fingerprints: z.number(),
  createdAt: z.string(),
});
export type PlagiarismSource = z.infer<typeof plagiarismSourceSchema>;

// ---------- Export ----------

export const EXPORT_MAX_MARKDOWN = 2_000_000;
/**
 * Lines of an exported report. Each line can become a paragraph; 40,000 of them are over a thousand pages,
 * and the bound keeps the largest accepted export under the 10 s budget (2 MB of one-letter paragraphs
 * would be 19,000 pages).
 */
export const EXPORT_MAX_LINES = 40_000;
const lineCount = (s: string) => {
  let n = 1;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n += 1;
  return n;
};
export const EXPORT_MAX_FIGURES = 50;
/** A figure image as a PNG or JPEG data URL (Chart.js canvases export PNG). */
export const FIGURE_IMAGE_MAX = 3_000_000;

export const reportFigureSchema = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/),
  caption: z.string().max(1000).default(''),
  image: z
    .string()
    .max(FIGURE_IMAGE_MAX)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Figures must be PNG or JPEG data URLs'),
});
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const pdfExportOptionsSchema = z.object({
  includeReferences: z.boolean().default(true),
  includeFigures: z.boolean().default(true),
  includeAppendices: z.boolean().default(true),
  academicFormat: z.boolean().default(false),
});
export type PdfExportOptions = z.infer<typeof pdfExportOptionsSchema>;

export const pdfExportRequestSchema = z.strictObject({
  markdown: z
    .string()
    .max(EXPORT_MAX_MARKDOWN)
    .refine((s) => lineCount(s) <= EXPORT_MAX_LINES, { message: `At most ${EXPORT_MAX_LINES.toLocaleString('en')} lines can be exported` }),
  references: z.array(cslItemSchema).max(MAX_REFERENCES).default([]),
  style: z.enum(CITATION_STYLES).default('apa'),
  figures: z.array(reportFigureSchema).max(EXPORT_MAX_FIGURES).default([]),
  options: pdfExportOptionsSchema.default({ includeReferences: true, includeFigures: true, includeAppendices: true, academicFormat: false }),
  author: z.string().max(300).optional(),
  /** Language of the PDF's own labels (Abstract, Figure, References). */
  language: z.enum(LANGUAGES).default('en'),
});
export type PdfExportRequest = z.input<typeof pdfExportRequestSchema>;

/** LaTeX Editor templates (first document §2). */
export const LATEX_TEMPLATES = ['article', 'report', 'thesis', 'paper'] as const;
export type LatexTemplate = (typeof LATEX_TEMPLATES)[number];

/** POST /api/report/export/latex: the PDF export's body and the template. */
export const latexExportRequestSchema = pdfExportRequestSchema.extend({ template: z.enum(LATEX_TEMPLATES).default('article') });
export type LatexExportRequest = z.input<typeof latexExportRequestSchema>;

/** main.tex edited by hand in the LaTeX editor and saved with the report (it no longer follows the text). */
export const LATEX_SOURCE_MAX = 2_000_000;
export const latexCopySchema = z.object({ template: z.enum(LATEX_TEMPLATES), source: z.string().max(LATEX_SOURCE_MAX) });
export type LatexCopy = z.infer<typeof latexCopySchema>;

/** What a report document keeps beside its Markdown body. */
export const reportMetaSchema = z.object({
  references: z.array(cslItemSchema).max(MAX_REFERENCES).default([]),
  style: z.enum(CITATION_STYLES).default('apa'),
  figures: z.array(reportFigureSchema).max(EXPORT_MAX_FIGURES).default([]),
  latex: latexCopySchema.optional(),
});
export type ReportMeta = z.infer<typeof reportMetaSchema>;

/** The PDF's own words in each interface language. */
export const PDF_LABELS: Record<Language, { abstract: string; figure: string; references: string; notes: string; untitled: string }> = {
  en: { abstract: 'Abstract', figure: 'Figure', references: 'References', notes: 'Notes', untitled: 'Untitled Report' },
  ja: { abstract: '要旨', figure: '図', references: '参考文献', notes: '注', untitled: '無題のレポート' },
  zh: { abstract: '摘要', figure: '图', references: '参考文献', notes: '注释', untitled: '未命名报告' },
  ko: { abstract: '초록', figure: '그림', references: '참고문헌', notes: '주', untitled: '제목 없는 보고서' },
};
