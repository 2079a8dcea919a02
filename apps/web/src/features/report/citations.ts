import { isNoteStyle, orderReferences, type CitationStyle, type CslItem, type Language, type RichText } from '@yumi/core';
import { wrap, type Remote } from 'comlink';
import { useEffect, useMemo, useState } from 'react';
import type { CitationWorker } from './citations.worker';

let worker: Remote<CitationWorker> | null = null;
const citeproc = () => (worker ??= wrap<CitationWorker>(new Worker(new URL('./citations.worker.ts', import.meta.url), { type: 'module' })));

export interface CitationView {
  ordered: CslItem[];
  /** In-text citation per cite group (keys joined by ";"); absent until the worker has answered. */
  inText: Map<string, RichText>;
  /** A note style's note for each citation in reading order (then `groups` are all citations); null otherwise. */
  notes: RichText[] | null;
  bibliography: RichText[];
}

/**
 * In-text citations and the bibliography in the chosen style, formatted by citeproc-js in a worker.
 * Until its answer arrives the previous one stays on screen, so typing never blocks on the style.
 */
export function useCitations(references: CslItem[], citedKeys: string[], groups: string[][], style: CitationStyle, language: Language): CitationView {
  const ordered = useMemo(() => orderReferences(references, citedKeys), [references, citedKeys]);
  const request = JSON.stringify([ordered, groups, style, language]);
  const [view, setView] = useState<Omit<CitationView, 'ordered'>>({ inText: new Map(), notes: null, bibliography: [] });
  useEffect(() => {
    let live = true;
    const [items, keys, st, lang] = JSON.parse(request) as [CslItem[], string[][], CitationStyle, Language];
    citeproc()
      .renderCitations(items, keys, st, lang)
      .then(
        (r) =>
          live &&
          setView(
            isNoteStyle(st)
              ? { inText: new Map(), notes: r.inText, bibliography: r.bibliography }
              : { inText: new Map(keys.map((g, i) => [g.join(';'), r.inText[i]!])), notes: null, bibliography: r.bibliography },
          ),
        // A reference citeproc cannot read leaves its citations as keys ("[@key]") rather than a blank.
        () => live && setView({ inText: new Map(), notes: null, bibliography: [] }),
      );
    return () => {
      live = false;
    };
  }, [request]);
  return { ordered, ...view };
}
