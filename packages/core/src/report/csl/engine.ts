/**
 * Citations and bibliographies by citeproc-js running the official CSL styles (./official). Building an
 * engine parses the whole style (up to two seconds for Chicago), so this module runs only off the main
 * thread: in the web app's citation worker and in the server's PDF worker. Engines are kept per style
 * and locale.
 */
import CSL from 'citeproc';
import type { Language } from '../../i18n';
import { citeGroups, type ReportStructure } from '../document';
import { orderReferences, type CitationStyle, type CslItem } from '../references';
import apa from './official/apa';
import chicago from './official/chicago-author-date';
import ieee from './official/ieee';
import enUS from './official/locale-en-US';
import jaJP from './official/locale-ja-JP';
import koKR from './official/locale-ko-KR';
import zhCN from './official/locale-zh-CN';
import mla from './official/mla';
import { parseRich, RICH_FORMAT, type RichText } from './rich';

export const CSL_STYLE_XML: Record<CitationStyle, string> = { apa, mla, ieee, chicago };
/** The CSL locale for each UI language: the terms ("edited by", "et al.", "Retrieved") and date forms. */
export const CSL_LOCALE: Record<Language, string> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN', ko: 'ko-KR' };
export const CSL_LOCALE_XML: Record<string, string> = { 'en-US': enUS, 'ja-JP': jaJP, 'zh-CN': zhCN, 'ko-KR': koKR };

if (!CSL.Output.Formats.yumi) CSL.Output.Formats.yumi = RICH_FORMAT(CSL.Output.Formats.html!);

interface Engine {
  engine: CSL.Engine;
  items: Map<string, CslItem>;
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
  /** One in-text citation per group, in the order given. */
  inText: RichText[];
  /** The bibliography entries in the style's order. */
  bibliography: RichText[];
}

/**
 * In-text citations for each group of keys and the bibliography. `ordered` is the report's reference
 * order (cited ones by first citation): numeric styles number in that order. Keys without a reference
 * are left out of their group; a group with none left reads "[@key?]".
 */
export function renderCitations(ordered: readonly CslItem[], groups: readonly (readonly string[])[], style: CitationStyle, language: Language = 'en'): CitationRender {
  if (!ordered.length) return { inText: groups.map(unknownGroup), bibliography: [] };
  const { engine, items } = engineFor(style, language);
  items.clear();
  for (const item of ordered) items.set(item.id, item);
  // Start from an empty registry, so edited items are read again and numbering restarts.
  engine.updateItems([]);
  engine.updateItems(ordered.map((i) => i.id));
  const inText = groups.map((keys) => {
    const found = keys.filter((k) => items.has(k));
    return found.length ? parseRich(engine.makeCitationCluster(found.map((id) => ({ id })))) : unknownGroup(keys);
  });
  const bib = engine.makeBibliography();
  const bibliography = bib ? bib[1].map((entry) => parseRich(entry)) : [];
  return { inText, bibliography };
}

function unknownGroup(keys: readonly string[]): RichText {
  return [{ text: `[${keys.map((k) => `@${k}`).join('; ')}?]` }];
}

/** A parsed report's citations: references in citation order, each cite group's text (keys joined by ";"), the bibliography. */
export function reportCitations(report: ReportStructure, references: readonly CslItem[], style: CitationStyle, language: Language = 'en') {
  const ordered = orderReferences(references, report.citedKeys);
  const groups = citeGroups(report);
  const out = renderCitations(ordered, groups, style, language);
  return { ordered, inText: new Map(groups.map((g, i) => [g.join(';'), out.inText[i]!])), bibliography: out.bibliography };
}
