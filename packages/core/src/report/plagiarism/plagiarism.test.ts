import { describe, expect, it } from 'vitest';
import { matchPassages, type FingerprintHit } from '../winnowing';
import { CYRILLIC, PARAPHRASE, QUOTED_CITED, QUOTED_UNCITED, SOURCE, WITH_BIBLIOGRAPHY } from './cases';
import { findExclusions } from './exclusions';
import { fingerprintText, foldWord } from './fold';
import { scoreWithExclusions } from './score';

/** The whole check of `report` against one source, as the server runs it. */
function check(report: string, source = SOURCE) {
  const r = fingerprintText(report);
  const s = fingerprintText(source);
  const hits: FingerprintHit[] = [];
  for (const f of s.fingerprints) if (r.fingerprints.some((x) => x.hash === f.hash)) hits.push({ hash: f.hash, sourceId: 's', pos: f.pos });
  const sources = new Map([['s', s.tokens]]);
  const match = matchPassages(r.tokens, r.fingerprints, hits, sources);
  const exclusions = findExclusions(report);
  return { ...scoreWithExclusions(r.tokens, match, exclusions, sources), exclusions };
}

describe('plagiarism check: disguises of issue 17', () => {
  // Before (plain winnowing of case-folded words, same texts): paraphrase 31.5, Cyrillic 0, quoted and
  // cited 45.1, bibliography 23.2.
  it('finds a synonym paraphrase and marks it as reworded', () => {
    const r = check(PARAPHRASE);
    expect(r.similarity).toBeGreaterThan(80);
    expect(r.passages.some((p) => !p.identical)).toBe(true);
  });

  it('finds a copy typed with Cyrillic look-alike letters', () => {
    expect(check(CYRILLIC).similarity).toBe(100);
    expect(foldWord('sсiеnсе')).toBe(foldWord('science'));
    expect(foldWord('ｓｃｉｅｎｃｅ')).toBe(foldWord('science'));
    expect(foldWord('naïve')).toBe(foldWord('naive'));
  });

  it('leaves out a quotation with its citation and lists it with the source it matches', () => {
    const r = check(QUOTED_CITED);
    expect(r.similarity).toBe(0);
    expect(r.exclusions).toHaveLength(1);
    expect(r.exclusions[0]).toMatchObject({ kind: 'quote', citation: '(Okafor & Lindqvist, 2021, p. 14)' });
    expect([...r.excludedSources[0]!]).toEqual(['s']);
  });

  it('still counts the same quotation without a citation', () => {
    const r = check(QUOTED_UNCITED);
    expect(findExclusions(QUOTED_UNCITED)).toEqual([]);
    expect(r.similarity).toBeGreaterThan(40);
  });

  it('leaves out the bibliography', () => {
    const r = check(WITH_BIBLIOGRAPHY);
    expect(r.exclusions.map((x) => x.kind)).toEqual(['bibliography']);
    expect(r.similarity).toBe(0);
    expect(r.excludedSources[0]!.size).toBe(1);
  });

  it('copied text is identical; unrelated prose stays at zero after folding', () => {
    const same = check(SOURCE);
    expect(same.similarity).toBe(100);
    expect(same.passages.every((p) => p.identical)).toBe(true);
    const other =
      'The French revolution reshaped European politics and ended the absolute monarchy of the Bourbon kings. ' +
      'Historians still debate whether its causes were chiefly economic, intellectual or political, and how far the ' +
      'terror that followed was a product of war rather than ideology.';
    expect(check(other).similarity).toBe(0);
  });
});

describe('exclusions', () => {
  it('recognises citation forms beside quotations in four languages', () => {
    const cases: Array<[string, string]> = [
      ['Smith argues that "the method fails on small samples" [@smith2020, p. 4].', '[@smith2020, p. 4]'],
      ['As noted, “energy use doubled within a decade” [12].', '[12]'],
      ['Lee (2019) wrote: “the archive was never complete.”', '(2019)'],
      ['Critics call it «une révolution tranquille» (Dubois 112).', '(Dubois 112)'],
      ['山田は「深層学習は万能ではない」と述べた（山田, 2020）。', '（山田, 2020）'],
      ['김은 『기후 변화는 이미 시작되었다』고 썼다 (김, 2018).', '(김, 2018)'],
    ];
    for (const [text, citation] of cases) expect(findExclusions(text), text).toMatchObject([{ kind: 'quote', citation }]);
  });

  it('takes a block quote with its citation on the next line', () => {
    const text = 'Intro.\n\n> Long quoted passage one.\n> And its second line.\n\n(Smith, 2020, p. 3)\n\nOwn text.';
    // The citation after a blank line is a new paragraph: not attributed.
    expect(findExclusions(text)).toEqual([]);
    const cited = 'Intro.\n\n> Long quoted passage one.\n> And its second line. (Smith, 2020, p. 3)\n\nOwn text.';
    expect(findExclusions(cited)).toMatchObject([{ kind: 'quote', citation: '(Smith, 2020, p. 3)' }]);
  });

  it('ends the bibliography at the next heading of its level and knows the headings of ja/zh/ko', () => {
    const text = '# Essay\n\nBody.\n\n## References\n\nA. (2020). Title.\n\n## Appendix\n\nData.';
    const [bib] = findExclusions(text);
    expect(text.slice(bib!.start, bib!.end)).toBe('## References\n\nA. (2020). Title.\n\n');
    for (const h of ['参考文献', '참고문헌', '參考文獻', 'Works Cited', 'BIBLIOGRAPHY:']) expect(findExclusions(`Body.\n\n${h}\nA. (2020).`)[0]?.kind, h).toBe('bibliography');
    expect(findExclusions('The references to Smith are many.\nMore.')).toEqual([]);
  });
});
