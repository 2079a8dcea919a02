import { describe, expect, it } from 'vitest';
import { bibtexBraceProblem, parseReferences, ReferenceParseError, toBibtex } from './citations';
import { renderCitations } from './csl/engine';
import { richToText } from './csl/rich';
import { checkCitations, isValidDoi, orderReferences, type CitationStyle, type CslItem } from './references';
import { parseReport } from './document';

const BIB = `@article{smith2020,
  author = {Smith, Anna and Jones, Bob},
  title = {Deep learning for protein folding},
  journal = {Nature},
  year = {2020},
  volume = {577},
  number = {7792},
  pages = {706--710},
  doi = {10.1038/s41586-019-1923-7}
}`;

const formatInText = (items: CslItem[], groups: string[][], style: CitationStyle) => renderCitations(items, groups, style).inText.map(richToText);
const formatBibliography = (items: CslItem[], style: CitationStyle) => renderCitations(items, [], style).bibliography.map(richToText);

// The first citeproc run compiles the styles; on the shared 2-core machine that can take seconds.
// MLA 9 and Chicago 18 shorten page ranges (706–10), as their official styles do.
describe('citations in four styles (known outputs)', { timeout: 120_000 }, () => {
  const items = parseReferences(BIB);
  it('parses BibTeX with its key', () => {
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: 'smith2020', title: 'Deep learning for protein folding', DOI: '10.1038/s41586-019-1923-7' });
  });
  it.each([
    ['apa', '(Smith & Jones, 2020)', 'Smith, A., & Jones, B. (2020). Deep learning for protein folding. Nature, 577(7792), 706–710. https://doi.org/10.1038/s41586-019-1923-7'],
    ['mla', '(Smith and Jones)', 'Smith, Anna, and Bob Jones. “Deep Learning for Protein Folding.” Nature, vol. 577, no. 7792, 2020, pp. 706–10, https://doi.org/10.1038/s41586-019-1923-7.'],
    ['ieee', '[1]', '[1] A. Smith and B. Jones, “Deep learning for protein folding,” Nature, vol. 577, no. 7792, pp. 706–710, 2020, doi: 10.1038/s41586-019-1923-7.'],
    ['chicago', '(Smith and Jones 2020)', 'Smith, Anna, and Bob Jones. 2020. “Deep Learning for Protein Folding.” Nature 577 (7792): 706–10. https://doi.org/10.1038/s41586-019-1923-7.'],
  ] as const)('%s', (style, inText, entry) => {
    expect(formatInText(items, [['smith2020']], style)).toEqual([inText]);
    expect(formatBibliography(items, style)).toEqual([entry]);
  });
  it('numbers IEEE citations in order of first use and marks unknown keys', () => {
    const more = parseReferences('@book{doe2019, author={Doe, Jane}, title={Statistics}, publisher={Academic Press}, year={2019}}');
    const all = [...items, ...more];
    const ordered = orderReferences(all, ['doe2019', 'smith2020']);
    expect(ordered.map((i) => i.id)).toEqual(['doe2019', 'smith2020']);
    expect(formatInText(ordered, [['doe2019'], ['smith2020'], ['nobody']], 'ieee')).toEqual(['[1]', '[2]', '[@nobody?]']);
    // The official IEEE style sorts the numbers inside one citation.
    expect(formatInText(ordered, [['smith2020', 'doe2019']], 'ieee')).toEqual(['[1], [2]']);
    expect(formatBibliography(ordered, 'ieee')[0]).toBe('[1] J. Doe, Statistics. Academic Press, 2019.');
  });
  it('reads RIS and CSL-JSON, and writes BibTeX', () => {
    const ris = parseReferences('TY  - JOUR\nAU  - Curie, Marie\nTI  - Radioactive substances\nPY  - 1904\nT2  - Chemical News\nER  - \n');
    expect(ris[0]).toMatchObject({ id: 'curie1904', title: 'Radioactive substances' });
    const csl = parseReferences(JSON.stringify([{ id: 'x1', type: 'book', title: 'On Growth and Form', author: [{ family: 'Thompson', given: "D'Arcy" }], issued: { 'date-parts': [[1917]] } }]));
    expect(csl[0]!.title).toBe('On Growth and Form');
    expect(toBibtex(items)).toContain('@article{smith2020,');
  });
  it('a Zotero CSL-JSON export of many items round-trips through the exported .bib', () => {
    const zotero = Array.from({ length: 120 }, (_, i) => ({
      id: `http://zotero.org/users/1/items/ITEM${i}`,
      type: i % 3 ? 'article-journal' : 'chapter',
      title: `Study number ${i} of coastal seagrass`,
      author: [{ family: i % 2 ? 'van der Berg' : 'Okafor', given: 'Ada' }],
      issued: { 'date-parts': [[2000 + (i % 20), 1 + (i % 12), 1 + (i % 28)]] },
      'container-title': 'Marine Policy',
      DOI: `10.1016/j.marpol.${i}`,
    }));
    const items = parseReferences(JSON.stringify(zotero));
    expect(items).toHaveLength(120);
    expect(new Set(items.map((x) => x.id)).size).toBe(120);
    const back = parseReferences(toBibtex(items));
    expect(back.map((x) => x.title)).toEqual(items.map((x) => x.title));
    expect(back.map((x) => x.id)).toEqual(items.map((x) => x.id));
    expect(back[1]!.DOI).toBe('10.1016/j.marpol.1');
  });
  it('reads biblatex dates with a day, ranges and access dates, and keeps name particles', () => {
    const [article] = parseReferences('@article{berg2020, author={van den Berg, Jan and de la Cruz, María}, title={T}, journal={J}, date={2020-05-14}}');
    expect(article).toMatchObject({ issued: { 'date-parts': [[2020, 5, 14]] }, author: [{ family: 'Berg', given: 'Jan', 'non-dropping-particle': 'van den' }, { family: 'Cruz', given: 'María', 'non-dropping-particle': 'de la' }] });
    const [page] = parseReferences('@online{who, author={{World Health Organization}}, title={Report}, url={https://www.who.int/x}, date={2023-11-07}, urldate={2024-02-01}}');
    expect(page).toMatchObject({ type: 'webpage', issued: { 'date-parts': [[2023, 11, 7]] }, accessed: { 'date-parts': [[2024, 2, 1]] } });
    const [conf] = parseReferences('@inproceedings{lee, author={Lee, H.}, title={T}, booktitle={B}, date={2010-09-26/2010-09-30}}');
    expect(conf!.issued).toEqual({ 'date-parts': [[2010, 9, 26], [2010, 9, 30]] });
    // Plain BibTeX year and month still work.
    expect(parseReferences('@article{d, author={Lee, H.}, title={T}, journal={B}, year=2010, month=sep}')[0]!.issued).toEqual({ 'date-parts': [[2010, 9]] });
    // A full date in CSL-JSON (a Zotero export) is accepted as it is.
    const [csl] = parseReferences(JSON.stringify({ id: 'z', type: 'article-journal', title: 'Z', issued: { 'date-parts': [[2021, 2, 19]] } }));
    expect(csl!.issued).toEqual({ 'date-parts': [[2021, 2, 19]] });
    expect(formatBibliography([page!], 'apa')[0]).toContain('World Health Organization. (2023, November 7). Report.');
  });
  it('refuses broken input with a clear message', () => {
    expect(() => parseReferences('@article{x, title = {Broken')).toThrow(/Unclosed brace: the entry opened on line 1/);
    expect(() => parseReferences('@article{x, title = {A}}}')).toThrow(ReferenceParseError);
    expect(() => parseReferences('[{"id": ')).toThrow(/CSL-JSON could not be read/);
    expect(() => parseReferences('just some words')).toThrow(/Paste a BibTeX entry/);
    // The problem as data, for the interface's own words in four languages.
    const problem = (text: string) => {
      try {
        parseReferences(text);
      } catch (err) {
        return (err as ReferenceParseError).problem;
      }
    };
    expect(problem('@article{x,\n title = {Broken')).toEqual({ code: 'unclosedBrace', line: 1 });
    expect(problem('@article{x, title = {A}}\n}')).toEqual({ code: 'extraBrace', line: 2 });
    expect(problem('[1, 2]')).toEqual({ code: 'notObjects' });
    expect(problem('x'.repeat(1_000_001))).toEqual({ code: 'tooLong', max: 1_000_000 });
    expect(problem('hello')).toEqual({ code: 'unknownFormat' });
    expect(bibtexBraceProblem('@a{x,\n t={y}\n}')).toBeNull();
  });
});

describe('citation check', () => {
  it('finds citation keys without a reference, references never cited and malformed DOIs', () => {
    const report = parseReport('# T\n\n## A\nText [@smith2020; @ghost, p. 4] and more.');
    const refs = [
      { id: 'smith2020', type: 'article-journal', DOI: 'https://doi.org/10.1038/s41586-019-1923-7' },
      { id: 'unused', type: 'book', DOI: '10.12/x' },
    ];
    expect(checkCitations(report, refs)).toEqual({ missing: ['ghost'], uncited: ['unused'], badDois: [{ id: 'unused', doi: '10.12/x' }], ok: false });
    expect(isValidDoi('doi: 10.1126/science.abj8754')).toBe(true);
    expect(isValidDoi('10.1126')).toBe(false);
  });
});
