import { z } from 'zod';
import type { ReportStructure } from './document';

/** Citation styles of the Citation Manager (first document §2). */
export const CITATION_STYLES = ['apa', 'mla', 'ieee', 'chicago', 'chicago-notes'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];
/** Names in the style picker (the interface adds what tells the two Chicago styles apart). */
export const CITATION_STYLE_LABELS: Record<CitationStyle, string> = { apa: 'APA', mla: 'MLA', ieee: 'IEEE', chicago: 'Chicago', 'chicago-notes': 'Chicago' };
/**
 * Note styles cite in numbered notes, not in the text: every citation is its own note (the first one of
 * a work in full, later ones short), set at the end of the report in the preview and the PDF, as
 * footnotes in LaTeX.
 */
export const isNoteStyle = (style: CitationStyle): boolean => style === 'chicago-notes';

// Particles ("van", "de la") and suffixes are part of a name: dropping them misplaces or loses them.
const cslName = z.object({
  family: z.string().max(200).optional(),
  given: z.string().max(200).optional(),
  literal: z.string().max(300).optional(),
  'dropping-particle': z.string().max(50).optional(),
  'non-dropping-particle': z.string().max(50).optional(),
  suffix: z.string().max(50).optional(),
  'comma-suffix': z.union([z.boolean(), z.string(), z.number()]).optional(),
  'static-ordering': z.union([z.boolean(), z.string(), z.number()]).optional(),
  'parse-names': z.union([z.boolean(), z.string(), z.number()]).optional(),
});
// Year, month and day; two of them make a range.
const cslDate = z.object({
  'date-parts': z.array(z.array(z.union([z.number(), z.string()])).max(3)).max(2).optional(),
  literal: z.string().max(100).optional(),
  raw: z.string().max(100).optional(),
  season: z.union([z.number(), z.string()]).optional(),
  circa: z.union([z.boolean(), z.string(), z.number()]).optional(),
});

/** A CSL-JSON item as kept with a report; extra CSL fields pass through untouched. */
export const cslItemSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().max(50).default('article-journal'),
  title: z.string().max(2000).optional(),
  author: z.array(cslName).max(200).optional(),
  editor: z.array(cslName).max(100).optional(),
  issued: cslDate.optional(),
  'container-title': z.string().max(1000).optional(),
  volume: z.union([z.string(), z.number()]).optional(),
  issue: z.union([z.string(), z.number()]).optional(),
  page: z.string().max(50).optional(),
  publisher: z.string().max(500).optional(),
  DOI: z.string().max(300).optional(),
  URL: z.string().max(2000).optional(),
  'citation-key': z.string().max(200).optional(),
});
export type CslItem = z.infer<typeof cslItemSchema>;

export const MAX_REFERENCES = 500;

/** A DOI as Crossref registers them: 10.<registrant>/<suffix>. */
const DOI_RE = /^10\.\d{4,9}\/[^\s]+$/;

/** Strips https://doi.org/ or doi: prefixes. */
export function normaliseDoi(raw: string): string {
  return raw.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
}

export function isValidDoi(raw: string): boolean {
  return DOI_RE.test(normaliseDoi(raw));
}

export interface CitationCheckResult {
  /** Keys cited in the text with no reference. */
  missing: string[];
  /** References never cited. */
  uncited: string[];
  /** References whose DOI is malformed. */
  badDois: Array<{ id: string; doi: string }>;
  ok: boolean;
}

/** Citation Check: cited keys without a reference, references never cited, malformed DOIs. */
export function checkCitations(report: Pick<ReportStructure, 'citedKeys'>, references: readonly CslItem[]): CitationCheckResult {
  const ids = new Set(references.map((r) => r.id));
  const cited = new Set(report.citedKeys);
  const missing = report.citedKeys.filter((k) => !ids.has(k));
  const uncited = references.filter((r) => !cited.has(r.id)).map((r) => r.id);
  const badDois = references.filter((r) => r.DOI !== undefined && r.DOI.trim() !== '' && !isValidDoi(r.DOI)).map((r) => ({ id: r.id, doi: r.DOI! }));
  return { missing, uncited, badDois, ok: missing.length === 0 && uncited.length === 0 && badDois.length === 0 };
}

/** A citation key from the first author's family name and the year, made unique against `taken`. */
export function makeCitationKey(item: Pick<CslItem, 'author' | 'issued' | 'title'>, taken: ReadonlySet<string>): string {
  const first = item.author?.[0];
  const name = (first?.family ?? first?.literal ?? item.title?.split(/\s+/)[0] ?? 'ref')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()
    .slice(0, 24) || 'ref';
  const year = String(item.issued?.['date-parts']?.[0]?.[0] ?? '');
  const base = `${name}${year}`;
  if (!taken.has(base)) return base;
  for (let i = 0; i < 26; i += 1) {
    const key = base + String.fromCharCode(97 + i);
    if (!taken.has(key)) return key;
  }
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** Author names as "Given Family", for result lists. */
export function formatAuthors(item: Pick<CslItem, 'author'>, max = 3): string {
  const names = (item.author ?? []).map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' '));
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} et al.`;
}

export function itemYear(item: Pick<CslItem, 'issued'>): number | undefined {
  const y = Number(item.issued?.['date-parts']?.[0]?.[0]);
  return Number.isFinite(y) && y > 0 ? y : undefined;
}

/** Orders references: cited ones by first citation, then the uncited ones as they were added. */
export function orderReferences(items: readonly CslItem[], citedKeys: readonly string[]): CslItem[] {
  const rank = new Map(citedKeys.map((k, i) => [k, i]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? 1e9 + items.indexOf(a)) - (rank.get(b.id) ?? 1e9 + items.indexOf(b)));
}
