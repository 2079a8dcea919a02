/**
 * Reading and writing references with citation-js (BibTeX, RIS, CSL-JSON). Imported on its own path
 * ('@yumi/core/report/citations'), never from the package index, so only the screens that read
 * references load citation-js. Formatting in a citation style is citeproc-js's (./csl/engine).
 */
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { cslItemSchema, makeCitationKey, type CslItem } from './references';

/** Why a paste or file could not be read: `code` and `params` let the interface say it in the user's language. */
export type ReferenceProblem =
  | { code: 'tooLong'; max: number }
  | { code: 'unknownFormat' }
  | { code: 'unclosedBrace'; line: number }
  | { code: 'extraBrace'; line: number }
  | { code: 'badJson'; detail: string }
  | { code: 'notObjects' }
  | { code: 'unreadable'; format: string; detail: string }
  | { code: 'empty' }
  | { code: 'invalidFields'; detail: string };

export class ReferenceParseError extends Error {
  constructor(
    message: string,
    readonly problem: ReferenceProblem,
  ) {
    super(message);
  }
}

/** A pasted or imported reference file (a Zotero export of a few hundred entries fits). */
export const REFERENCE_INPUT_MAX = 1_000_000;

function braceProblem(text: string): { code: 'extraBrace' | 'unclosedBrace'; line: number } | null {
  let depth = 0;
  let line = 1;
  let openedAt = 0;
  for (const ch of text) {
    if (ch === '\n') line += 1;
    else if (ch === '{') {
      if (depth === 0) openedAt = line;
      depth += 1;
    } else if (ch === '}') {
      depth -= 1;
      if (depth < 0) return { code: 'extraBrace', line };
    }
  }
  return depth > 0 ? { code: 'unclosedBrace', line: openedAt } : null;
}

/** Finds the first unbalanced brace of a BibTeX text, so a broken paste names its line. */
export function bibtexBraceProblem(text: string): string | null {
  const p = braceProblem(text);
  if (!p) return null;
  return p.code === 'extraBrace' ? `Unexpected closing brace on line ${p.line}` : `Unclosed brace: the entry opened on line ${p.line} is never closed`;
}

function detectFormat(text: string): 'bibtex' | 'ris' | 'csl-json' | 'unknown' {
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) return 'csl-json';
  if (/^@\w+\s*\{/m.test(t)) return 'bibtex';
  if (/^TY {2}- /m.test(t)) return 'ris';
  return 'unknown';
}

/**
 * References from a BibTeX, RIS or CSL-JSON paste. Every item gets a citation key (its BibTeX key when
 * it had one) unique against `taken`. Throws ReferenceParseError with a human message on bad input.
 */
export function parseReferences(text: string, taken: ReadonlySet<string> = new Set()): CslItem[] {
  if (text.length > REFERENCE_INPUT_MAX) {
    throw new ReferenceParseError(`The pasted text is too long (limit ${REFERENCE_INPUT_MAX.toLocaleString('en')} characters).`, { code: 'tooLong', max: REFERENCE_INPUT_MAX });
  }
  const format = detectFormat(text);
  if (format === 'unknown') throw new ReferenceParseError('Paste a BibTeX entry (@article{...}), RIS (TY  - ...) or CSL-JSON.', { code: 'unknownFormat' });
  if (format === 'bibtex') {
    const problem = braceProblem(text);
    if (problem) throw new ReferenceParseError(`BibTeX could not be read: ${bibtexBraceProblem(text)}.`, problem);
  }
  let json: unknown;
  if (format === 'csl-json') {
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new ReferenceParseError(`CSL-JSON could not be read: ${(err as Error).message}`, { code: 'badJson', detail: (err as Error).message });
    }
    if (!Array.isArray(json)) json = [json];
    if (!(json as unknown[]).every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
      throw new ReferenceParseError('CSL-JSON could not be read: expected an object or a list of objects.', { code: 'notObjects' });
    }
  }
  let data: Array<Record<string, unknown>>;
  try {
    data = format === 'csl-json' ? new Cite(json, { forceType: '@csl/list+object' }).data : new Cite(text, { forceType: format === 'bibtex' ? '@biblatex/text' : '@ris/file' }).data;
  } catch (err) {
    const name = format === 'bibtex' ? 'BibTeX' : format === 'ris' ? 'RIS' : 'CSL-JSON';
    throw new ReferenceParseError(`${name} could not be read: ${(err as Error).message}`, { code: 'unreadable', format: name, detail: (err as Error).message });
  }
  if (!data.length) throw new ReferenceParseError('No reference was found in the pasted text.', { code: 'empty' });
  const used = new Set(taken);
  return data.map((raw) => {
    const { _graph: _g, ...rest } = raw as Record<string, unknown> & { _graph?: unknown };
    const preferred = typeof rest['citation-key'] === 'string' ? (rest['citation-key'] as string) : undefined;
    const parsed = cslItemSchema.safeParse({ ...rest, id: 'tmp', type: typeof rest.type === 'string' ? rest.type : 'article-journal' });
    if (!parsed.success) {
      const detail = `${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'unknown'}`;
      throw new ReferenceParseError(`A reference has invalid fields: ${detail}`, { code: 'invalidFields', detail });
    }
    const id = preferred && /^[\w:.-]{1,100}$/.test(preferred) && !used.has(preferred) ? preferred : makeCitationKey(parsed.data, used);
    used.add(id);
    return { ...parsed.data, id, 'citation-key': id };
  });
}

function cite(items: readonly CslItem[]): Cite {
  return new Cite(items.map((i) => ({ ...i, 'citation-key': i.id })));
}

/** references.bib for the LaTeX project; keys are the report's citation keys. */
export function toBibtex(items: readonly CslItem[]): string {
  if (!items.length) return '';
  return cite(items).format('bibtex', { format: 'text' });
}
