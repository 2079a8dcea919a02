import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { CITATION_STYLES, isNoteStyle, type CitationStyle, type CslItem } from '../references';
import { CSL_LOCALE_XML, CSL_STYLE_XML, renderCitations } from './engine';
import { CSL_FIXTURES } from './fixtures';
import { richToText, type RichRun, type RichText } from './rich';

// Whole-style engines take seconds to build on a busy machine.
const SLOW = 120_000;

/**
 * The reference: citeproc-js with the official style file and its own HTML output, read back into
 * styled runs (its HTML uses a handful of tags; links are left to the link test). A note style's
 * citations are the notes of a document citing the groups in order (citeproc-js's own document API).
 */
function referenceHtml(items: readonly CslItem[], style: CitationStyle, lang: string, groups: readonly string[][]) {
  const map = new Map(items.map((i) => [i.id, i]));
  const engine = new CSL.Engine({ retrieveLocale: (l) => CSL_LOCALE_XML[l] ?? CSL_LOCALE_XML['en-US']!, retrieveItem: (id) => JSON.parse(JSON.stringify(map.get(id))) as unknown }, CSL_STYLE_XML[style], lang, true);
  engine.setOutputFormat('html');
  engine.updateItems(items.map((i) => i.id));
  const inText = isNoteStyle(style)
    ? engine.rebuildProcessorState(groups.map((g, i) => ({ citationID: `c${i}`, citationItems: g.map((id) => ({ id })), properties: { noteIndex: i + 1 } })), 'html').map(([, , html]) => htmlRuns(html))
    : groups.map((g) => htmlRuns(engine.makeCitationCluster(g.map((id) => ({ id })))));
  const bib = engine.makeBibliography();
  return { bibliography: bib ? bib[1].map(htmlRuns) : [], inText };
}

const TAGS: Record<string, Partial<RichRun>> = {
  i: { italic: true },
  em: { italic: true },
  b: { bold: true },
  sup: { sup: true },
  sub: { sub: true },
  'font-style:normal;': { italic: false },
  'font-weight:normal;': { bold: false },
  'font-variant:small-caps;': { smallCaps: true },
  'font-variant:normal;': { smallCaps: false },
};
function htmlRuns(html: string): RichText {
  const stack: Array<Partial<RichRun>> = [];
  const chars: Array<{ ch: string; style: string }> = [];
  for (const m of html.matchAll(/<(\/?)(\w+)(?:\s+(?:style|class|href)="([^"]*)")?[^>]*>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      const text = m[4].replace(/&#38;/g, '&').replace(/&#60;/g, '<').replace(/&#62;/g, '>');
      const s = Object.assign({}, ...stack) as Partial<RichRun>;
      for (const ch of text) chars.push({ ch, style: styleKey(s) });
    } else if (m[1]) stack.pop();
    else {
      // Block boundaries (IEEE's "[1]" column) read as a space.
      if (m[2] === 'div') chars.push({ ch: ' ', style: '' });
      stack.push(TAGS[m[2]!] ?? TAGS[m[3] ?? ''] ?? {});
    }
  }
  return canonical(chars);
}
const styleKey = (r: Partial<RichRun>) => (['italic', 'bold', 'smallCaps', 'sup', 'sub'] as const).filter((k) => r[k]).join('+');
/** Runs as "style|text" with whitespace collapsed, so both sides compare however they split runs. */
function canonical(chars: Array<{ ch: string; style: string }>): RichText {
  const out: Array<{ text: string; style: string }> = [];
  for (const { ch, style } of chars) {
    const c = /\s/.test(ch) ? ' ' : ch;
    const last = out[out.length - 1];
    if (c === ' ' && last?.text.endsWith(' ')) continue;
    if (last && (last.style === style || c === ' ')) last.text += c;
    else out.push({ text: c, style });
  }
  const runs = out.map((r) => ({ text: r.text, ...(r.style ? { style: r.style } : {}) })) as unknown as RichText;
  if (runs.length) {
    runs[0]!.text = runs[0]!.text.trimStart();
    runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.trimEnd();
  }
  return runs.filter((r) => r.text);
}
const ours = (rich: RichText) => canonical(rich.flatMap((r) => [...r.text].map((ch) => ({ ch, style: styleKey(r) }))));

const ALL = CSL_FIXTURES;
const SINGLES = ALL.map((i) => [i.id]);
const GROUPS = [['berg2020', 'cruz2019'], ['doe2020a', 'doe2020b'], ['garcia2021a', 'garcia2021b', 'knuth1997'], ['no-such-key', 'he2016']];

describe('citations with the official CSL styles', () => {
  it.each(CITATION_STYLES)('%s: bibliography and in-text citations equal citeproc-js with the official style', (style) => {
    const got = renderCitations(ALL, [...SINGLES, ...GROUPS], style);
    const groupsKnown = GROUPS.map((g) => g.filter((k) => ALL.some((i) => i.id === k)));
    const want = referenceHtml(ALL, style, 'en-US', [...SINGLES, ...groupsKnown]);
    if (isNoteStyle(style)) {
      // Later citations of a work are short notes: berg2020 is cited again in the groups.
      const berg = got.inText.map(richToText).filter((n) => n.includes('Gene Regulation'));
      expect(berg[0]).toMatch(/^Jan van den Berg and Anne Smith, “Gene Regulation/);
      expect(berg.slice(1).every((n) => n.startsWith('van den Berg and Smith, “Gene Regulation'))).toBe(true);
    }
    expect(got.bibliography).toHaveLength(ALL.length);
    expect(got.bibliography.map(ours)).toEqual(want.bibliography);
    expect(got.inText.map(ours)).toEqual(want.inText);
  }, SLOW);

  it.each([
    ['ja', 'ja-JP', 'apa'],
    ['zh', 'zh-CN', 'mla'],
    ['ko', 'ko-KR', 'ieee'],
  ] as const)('a %s report uses the %s locale (%s), as citeproc-js does', (language, lang, style) => {
    const items = ALL.slice(0, 16);
    const got = renderCitations(items, [['berg2020']], style, language);
    const want = referenceHtml(items, style, lang, [['berg2020']]);
    expect(got.bibliography.map(ours)).toEqual(want.bibliography);
    expect(got.inText.map(ours)).toEqual(want.inText);
  }, SLOW);

  it('keeps what the hand-written styles dropped: editors, editions, preprint numbers, URLs, particles, italics', () => {
    const six = ALL.slice(0, 6);
    const text = (style: CitationStyle) => renderCitations(six, [], style).bibliography;
    const mla = text('mla');
    const cruz = mla.find((r) => richToText(r).startsWith('de la Cruz'))!;
    expect(richToText(cruz)).toContain('edited by Chidi Okafor and Eva Lindqvist, 2nd ed.');
    // The book the chapter is in is italic, the chapter title is not.
    expect(cruz.find((r) => r.text.includes('Oxford Handbook of Literacy'))?.italic).toBe(true);
    expect(cruz.find((r) => r.text.includes('Learning to Read'))?.italic).toBeUndefined();
    expect(mla.map(richToText).join('\n')).toContain('arXiv:1706.03762');
    expect(mla.map(richToText).join('\n')).toContain('https://www.who.int/publications/i/item/9789240083851');
    expect(richToText(mla.find((r) => richToText(r).includes('Gene Regulation'))!)).toMatch(/^van den Berg, Jan/);
    // A species name inside an italic journal title is set roman (CSL flip-flop), and vice versa.
    const berg = text('apa').find((r) => richToText(r).includes('Gene regulation'))!;
    expect(berg.find((r) => r.text.includes('Drosophila'))?.italic).toBe(true);
    const ieee = text('ieee').map(richToText);
    expect(ieee[0]).toMatch(/^\[1\] J\. van den Berg and A\. Smith/);
    expect(ieee[1]).toContain('2nd ed.');
    expect(text('chicago').map(richToText).join('\n')).toContain('Cruz, María de la. 2019.');
  }, SLOW);

  it('numbers IEEE citations in the order of first use and tells 2020a from 2020b in APA', () => {
    const ordered = ['he2016', 'doe2020b', 'doe2020a'].map((id) => ALL.find((i) => i.id === id)!);
    expect(renderCitations(ordered, [['doe2020a'], ['he2016', 'doe2020b']], 'ieee').inText.map(richToText)).toEqual(['[3]', '[1], [2]']);
    expect(renderCitations(ordered, [['doe2020a'], ['doe2020b']], 'apa').inText.map(richToText)).toEqual(['(Doe, 2020a)', '(Doe, 2020b)']);
  }, SLOW);

  it('marks URLs and DOIs as links and reads edited items again', () => {
    const [berg] = ALL;
    const bib = renderCitations([berg!], [], 'apa').bibliography[0]!;
    expect(bib.find((r) => r.href)?.href).toBe('https://doi.org/10.1038/s41588-020-0001-2');
    const edited = { ...berg!, title: 'A corrected title' };
    expect(richToText(renderCitations([edited], [], 'apa').bibliography[0]!)).toContain('A corrected title');
  }, SLOW);

  it('answers a group of unknown keys plainly and an empty library without an engine', () => {
    expect(renderCitations([], [['a', 'b']], 'mla')).toEqual({ inText: [[{ text: '[@a; @b?]' }]], bibliography: [] });
    expect(renderCitations(ALL.slice(0, 1), [['nobody']], 'mla').inText.map(richToText)).toEqual(['[@nobody?]']);
  }, SLOW);

  it('ships the official files unchanged', () => {
    // FNV-1a over the UTF-16 code units.
    const sha = (s: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < s.length; i += 1) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
      return `${s.length}:${h.toString(16)}`;
    };
    expect(Object.fromEntries(Object.entries({ ...CSL_STYLE_XML, ...CSL_LOCALE_XML }).map(([k, v]) => [k, sha(v)]))).toEqual({
      apa: '85656:50907b81',
      mla: '44381:f5bbc4f3',
      ieee: '17587:3d741da9',
      chicago: '167761:b84bcfd9',
      'chicago-notes': '242663:5823189e',
      'en-US': '32633:a596803e',
      'ja-JP': '22438:ffe403da',
      'ko-KR': '24698:f88e6b6f',
      'zh-CN': '17277:c7ffc3f0',
    });
  });
});
