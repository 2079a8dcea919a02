/**
 * Parts of a report a similarity check leaves out, as Turnitin's "exclude quotes" and "exclude
 * bibliography" do, but stricter on quotes: a quotation counts as attributed only when a citation stands
 * beside it (in the same sentence, or on the line after a block quote). An unattributed quotation is
 * still checked.
 */
export interface Exclusion {
  kind: 'quote' | 'bibliography';
  /** Character range in the checked text, end exclusive. */
  start: number;
  end: number;
  /** The citation that attributes a quotation. */
  citation?: string;
}

/** Headings of a reference list in the four languages and the usual English variants. */
const BIBLIOGRAPHY_HEADING =
  /^(#{1,6}[ \t]*)?(?:\d+\.?[ \t]+)?(references|reference list|bibliography|works cited|literature cited|literature|sources|参考文献|引用文献|参考資料|參考文獻|参考资料|引用文獻|참고\s?문헌|인용\s?문헌)[ \t]*:?[ \t]*$/gimu;

/**
 * Citations in the forms a report carries: Pandoc keys ([@key], @key), author-year in parentheses
 * ((Smith, 2020), (Smith & Lee 2019a, p. 4), full-width （山田, 2020）), numeric ([3], [1, 4–6]),
 * MLA author-page ((Smith 23)) and footnote marks ([^1]).
 */
const CITATION = new RegExp(
  [
    String.raw`\[[^\[\]\n]*@[\p{L}\p{N}_][^\[\]\n]*\]`,
    String.raw`(?<![\p{L}\p{N}])@[\p{L}\p{N}_][\p{L}\p{N}_:.#$%&+?<>~/-]*`,
    String.raw`[(（][^()（）\n]{0,120}\b(?:1[5-9]|20)\d\d[a-z]?\b[^()（）\n]{0,60}[)）]`,
    String.raw`[(（][^()（）\n]{0,120}(?:n\.d\.|in press|印刷中|근간)[^()（）\n]{0,40}[)）]`,
    String.raw`\[\d{1,4}(?:\s*[,–—-]\s*\d{1,4}){0,20}\]`,
    String.raw`\(\p{Lu}[\p{L}'’-]+(?:\s+(?:et al\.|and|&)\s*(?:\p{Lu}[\p{L}'’-]+)?)?,?\s+\d{1,4}(?:[–-]\d{1,4})?\)`,
    String.raw`\[\^[^\]\n]+\]`,
  ].join('|'),
  'u',
);

/** Quotation marks of the four languages (straight double quotes, curly, guillemets, corner brackets). */
const QUOTE = /"([^"\n]{2,3000})"|“([^”\n]{2,3000})”|„([^“”\n]{2,3000})[“”]|«([^»\n]{2,3000})»|「([^」\n]{2,3000})」|『([^』\n]{2,3000})』/gu;
/** A block quote: consecutive lines starting with ">". */
const BLOCK_QUOTE = /(?:^[ \t]{0,3}>[^\n]*(?:\n|$))+/gmu;

/** How far from a quotation its citation may stand. */
const REACH = 200;
const TERMINATOR = /[.!?。！？]/u;

/**
 * The rest of the sentence after `end` (at most REACH characters). A full stop inside brackets
 * ("p. 4", "et al.") does not end it; a blank line does.
 */
function after(text: string, end: number): string {
  const rest = text.slice(end, end + REACH);
  let depth = 0;
  for (let i = 1; i < rest.length; i += 1) {
    const ch = rest[i]!;
    if ('([（'.includes(ch)) depth += 1;
    else if (')]）'.includes(ch)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && TERMINATOR.test(ch) && (i + 1 >= rest.length || /\s/u.test(rest[i + 1]!) || /[。！？]/u.test(ch))) return rest.slice(0, i + 1);
    else if (ch === '\n' && rest[i + 1] === '\n') return rest.slice(0, i);
  }
  return rest;
}

/** The sentence text before `start` (from its beginning, at most REACH characters). */
function before(text: string, start: number): string {
  const head = text.slice(Math.max(0, start - REACH), start);
  let cut = -1;
  for (const m of head.matchAll(/[.!?](?=\s)|[。！？]|\n\s*\n/gu)) cut = m.index + m[0].length;
  return cut >= 0 ? head.slice(cut) : head;
}

function bibliography(text: string): Exclusion | null {
  BIBLIOGRAPHY_HEADING.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = BIBLIOGRAPHY_HEADING.exec(text); m; m = BIBLIOGRAPHY_HEADING.exec(text)) last = m;
  if (!last) return null;
  // The list runs to the next heading of the same or a higher level (an appendix), else to the end.
  const level = last[1]?.trim().length ?? 0;
  let end = text.length;
  if (level > 0) {
    const next = new RegExp(String.raw`^#{1,${level}}[ \t]+\S`, 'gmu');
    next.lastIndex = last.index + last[0].length;
    const m = next.exec(text);
    if (m) end = m.index;
  }
  return { kind: 'bibliography', start: last.index, end };
}

/** Quotations with a citation beside them, and the reference list; sorted, not overlapping. */
export function findExclusions(text: string): Exclusion[] {
  const out: Exclusion[] = [];
  const bib = bibliography(text);
  for (const m of text.matchAll(BLOCK_QUOTE)) {
    const end = m.index + m[0].length;
    const cited = CITATION.exec(m[0]) ?? CITATION.exec(text.slice(end, end + REACH).split('\n\n')[0]!.split('\n')[0]!);
    if (cited) out.push({ kind: 'quote', start: m.index, end, citation: cited[0] });
  }
  for (const m of text.matchAll(QUOTE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (out.some((x) => start >= x.start && start < x.end)) continue;
    const cited = CITATION.exec(after(text, end)) ?? CITATION.exec(before(text, start));
    if (cited) out.push({ kind: 'quote', start, end, citation: cited[0] });
  }
  const quotes = bib ? out.filter((q) => q.end <= bib.start || q.start >= bib.end) : out;
  return [...quotes, ...(bib ? [bib] : [])].sort((a, b) => a.start - b.start);
}
