/**
 * Citations and bibliographies by citeproc-js running the official CSL styles (./official). Building an
 * engine parses the whole style (up to two seconds for Chicago), so this module runs only off the main
 * thread: in the web app's citation worker and in the server's PDF worker. Engines are kept per style
 * and locale.
 */
import CSL from 'citeproc';
import type { Language } from '../../i18n';
import { citeGroups, citeOccurrences, type ReportStructure } from '../document';
import { isNoteStyle, orderReferences, type CitationStyle, type CslItem } from '../references';
import apa from './official/apa';
import chicago from './official/chicago-author-date';
import chicagoNotes from './official/chicago-notes-bibliography';
import ieee from './official/ieee';
import enUS from './official/locale-en-US';
import jaJP from './official/locale-ja-JP';
import koKR from './official/locale-ko-KR';
import zhCN from './official/locale-zh-CN';
import mla from './official/mla';
import { parseRich, RICH_FORMAT, type RichText } from './rich';

export const CSL_STYLE_XML: Record<CitationStyle, string> = { apa, mla, ieee, chicago, 'chicago-notes': chicagoNotes };
/** The CSL locale for each UI language: the terms ("edited by", "et al.", "Retrieved") and date forms. */
export const CSL_LOCALE: Record<Language, string> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN', ko: 'ko-KR' };
export const CSL_LOCALE_XML: Record<string, string> = { 'en-US': enUS, 'ja-JP': jaJP, 'zh-CN': zhCN, 'ko-KR': koKR };

if (!CSL.Output.Formats.yumi) CSL.Output.Formats.yumi = RICH_FORMAT(CSL.Output.Formats.html!);

interface Engine {
  engine: CSL.Engine;
  items: Map<string, CslItem>;
  /** The last rendering and what it was of: a report exported or previewed again cites the same (citeproc-js takes ~0.1 s). */
  last?: { key: string; render: CitationRender };
}
const engines = new Map<string, Engine>();

function engineFor(style: CitationStyle, language: Language): Engine {
  const lang = CSL_LOCALE[language];
  const key = `${style}:${lang}`;
  let e = engines.get(key);
  if (!e) {
    const items = new Map<string, CslItem>();
    const sys = {
      // citeproc falls back to en-US for terms a locale lacks; any other locale it asks for is not shipped.
      retrieveLocale: (l: string) => CSL_LOCALE_XML[l] ?? CSL_LOCALE_XML['en-US']!,
      // citeproc annotates the objects it is given, so it gets copies.
      retrieveItem: (id: string) => JSON.parse(JSON.stringify(items.get(id))) as unknown,
    };
    const engine = new CSL.Engine(sys, CSL_STYLE_XML[style], lang, true);
    engine.setOutputFormat('yumi');
    engine.opt.development_extensions.wrap_url_and_doi = true;
    e = { engine, items };
    engines.set(key, e);
  }
  return e;
}

export interface CitationRender {
  /** One in-text citation per group, in the order given; for a note style, the note of each citation. */
  inText: RichText[];
  /** The bibliography entries in the style's order. */
  bibliography: RichText[];
}

/**
 * In-text citations for each group of keys and the bibliography. `ordered` is the report's reference
 * order (cited ones by first citation): numeric styles number in that order. Keys without a reference
 * are left out of their group; a group with none left reads "[@key?]". For a note style `groups` are all
 * the citations in reading order and each gets its note: a work's first note in full, later ones short.
 */
export function renderCitations(ordered: readonly CslItem[], groups: readonly (readonly string[])[], style: CitationStyle, language: Language = 'en'): CitationRender {
  if (!ordered.length) return { inText: groups.map(unknownGroup), bibliography: [] };
  const e = engineFor(style, language);
  const key = JSON.stringify([ordered, groups]);
  if (e.last?.key === key) return e.last.render;
  const { engine, items } = e;
  items.clear();
  for (const item of ordered) items.set(item.id, item);
  // Start from an empty registry, so edited items are read again and numbering restarts.
  engine.updateItems([]);
  engine.updateItems(ordered.map((i) => i.id));
  const known = groups.map((keys) => keys.filter((k) => items.has(k)));
  const inText = isNoteStyle(style)
    ? notes(engine, known, ordered).map((note, i) => note ?? unknownGroup(groups[i]!))
    : known.map((found, i) => (found.length ? parseRich(engine.makeCitationCluster(found.map((id) => ({ id })))) : unknownGroup(groups[i]!)));
  const bib = engine.makeBibliography();
  const bibliography = bib ? bib[1].map((entry) => parseRich(entry)) : [];
  e.last = { key, render: { inText, bibliography } };
  return e.last.render;
}

/** Each citation's note, numbered in reading order, as citeproc-js tracks first and later citations of a work. */
function notes(engine: CSL.Engine, citations: readonly string[][], ordered: readonly CslItem[]): Array<RichText | null> {
  const cited = citations.map((keys, i) => ({ citationID: `n${i + 1}`, citationItems: keys.map((id) => ({ id })), properties: { noteIndex: i + 1 } })).filter((c) => c.citationItems.length);
  const citedIds = new Set(citations.flat());
  const out = engine.rebuildProcessorState(cited, 'yumi', ordered.map((i) => i.id).filter((id) => !citedIds.has(id)));
  const byId = new Map(out.map(([id, , text]) => [id, parseRich(text)]));
  return citations.map((_, i) => byId.get(`n${i + 1}`) ?? null);
}

function unknownGroup(keys: readonly string[]): RichText {
  return [{ text: `[${keys.map((k) => `@${k}`).join('; ')}?]` }];
}

/**
 * A parsed report's citations: references in citation order, each cite group's text (keys joined by ";")
 * or, for a note style, each citation's note (`notes`, in reading order: see citeOccurrences), and the
 * bibliography.
 */
export function reportCitations(report: ReportStructure, references: readonly CslItem[], style: CitationStyle, language: Language = 'en') {
  const ordered = orderReferences(references, report.citedKeys);
  if (isNoteStyle(style)) {
    const out = renderCitations(ordered, citeOccurrences(report).map((c) => c.keys), style, language);
    return { ordered, inText: new Map<string, RichText>(), notes: out.inText, bibliography: out.bibliography };
  }
  const groups = citeGroups(report);
  const out = renderCitations(ordered, groups, style, language);
  return { ordered, inText: new Map(groups.map((g, i) => [g.join(';'), out.inText[i]!])), notes: null, bibliography: out.bibliography };
}
