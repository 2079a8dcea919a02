import type { CitationStyle, CslItem } from '@yumi/core';
import { formatBibliography, formatInText, orderReferences } from '@yumi/core/report/citations';

/** In-text strings for every cite group of the report and the bibliography, in the chosen style. */
export function citationView(references: CslItem[], citedKeys: string[], groups: string[][], style: CitationStyle) {
  const ordered = orderReferences(references, citedKeys);
  try {
    const inText = formatInText(ordered, groups, style);
    return { ordered, inText: new Map(groups.map((g, i) => [g.join(';'), inText[i]!])), bibliography: formatBibliography(ordered, style, 'text') };
  } catch {
    return { ordered, inText: new Map<string, string>(), bibliography: [] };
  }
}
