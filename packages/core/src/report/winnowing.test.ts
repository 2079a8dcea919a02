import { describe, expect, it } from 'vitest';
import { fingerprintText, tokenize } from './plagiarism';
import { matchPassages, winnow, WINNOW_GUARANTEE, WINNOW_K, type FingerprintHit } from './winnowing';

/** Deterministic pseudo-random words, so texts share nothing unless we make them. */
function words(seed: number, n: number): string[] {
  let x = seed * 2654435761 + 1;
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    out.push(`w${x % 50_000}`);
  }
  return out;
}

/** Runs the whole check of `report` against one source text. */
function compare(report: string, source: string) {
  const r = fingerprintText(report);
  const s = fingerprintText(source);
  const byHash = new Map(s.fingerprints.map((f) => [f.hash, f.pos]));
  const hits: FingerprintHit[] = [];
  for (const f of r.fingerprints) if (byHash.has(f.hash)) hits.push({ hash: f.hash, sourceId: 's', pos: byHash.get(f.hash)! });
  // Every source position of a shared hash, as the database would answer.
  for (const f of s.fingerprints) if (r.fingerprints.some((x) => x.hash === f.hash)) hits.push({ hash: f.hash, sourceId: 's', pos: f.pos });
  return matchPassages(r.tokens, r.fingerprints, hits, new Map([['s', s.tokens]]));
}

describe('winnowing (Schleimer et al. 2003)', { timeout: 30_000 }, () => {
  it('guarantee: every shared passage of at least W+K-1 tokens is found, at any offset', () => {
    expect(WINNOW_GUARANTEE).toBe(8);
    for (let trial = 0; trial < 200; trial += 1) {
      const shared = words(10_000 + trial, WINNOW_GUARANTEE + (trial % 5));
      const a = [...words(trial, trial % 37), ...shared, ...words(trial + 500, 20)].join(' ');
      const b = [...words(trial + 900, (trial * 7) % 53), ...shared, ...words(trial + 1300, 15)].join(' ');
      const result = compare(a, b);
      expect(result.passages.length, `trial ${trial}`).toBeGreaterThanOrEqual(1);
      const p = result.passages[0]!;
      // The extension recovers the whole shared passage.
      expect(p.reportEnd - p.reportStart).toBeGreaterThanOrEqual(shared.length);
    }
  });

  it('unrelated texts score near zero', () => {
    for (let trial = 0; trial < 20; trial += 1) {
      const r = compare(words(trial, 2000).join(' '), words(trial + 77_777, 2000).join(' '));
      expect(r.similarity).toBeLessThan(1);
    }
    const english = compare(
      'Photosynthesis converts light energy into chemical energy stored in glucose molecules within chloroplasts of plant cells.',
      'The French revolution reshaped European politics and ended the absolute monarchy of the Bourbon kings in the eighteenth century.',
    );
    expect(english.similarity).toBe(0);
  });

  it('copied text scores 100 and matches ignore case, width and punctuation', () => {
    const text = 'The quick brown fox jumps over the lazy dog near the riverbank at dawn.';
    expect(compare(text, text).similarity).toBe(100);
    expect(compare(text, 'THE QUICK BROWN FOX — jumps, over the LAZY dog near the riverbank at dawn!').similarity).toBe(100);
    expect(compare('ＡＢＣ one two three four five six', 'abc one two three four five six').similarity).toBe(100);
  });

  it('tokenises CJK character by character so unspaced scripts can match', () => {
    expect(tokenize('深層学習を用いる').length).toBe(8);
    const jp = '本研究では深層学習を用いてタンパク質の構造を予測する手法を提案する';
    expect(compare(`序論。${jp}`, `${jp}。結論。`).similarity).toBeGreaterThan(80);
  });

  it('a hash collision without equal tokens reports nothing', () => {
    const r = fingerprintText(words(1, 50).join(' '));
    const s = fingerprintText(words(2, 50).join(' '));
    const fake = r.fingerprints.map((f) => ({ hash: f.hash, sourceId: 's', pos: 0 }));
    expect(matchPassages(r.tokens, r.fingerprints, fake, new Map([['s', s.tokens]])).passages).toEqual([]);
  });

  it('selects the minimum of every window and records each position once', () => {
    const tokens = tokenize(words(3, 100).join(' '));
    const fps = winnow(tokens);
    expect(fps.length).toBeGreaterThan(0);
    expect(new Set(fps.map((f) => f.pos)).size).toBe(fps.length);
    // Density close to the paper's 2 / (w + 1).
    expect(fps.length / (tokens.length - WINNOW_K + 1)).toBeGreaterThan(0.25);
    expect(fps.length / (tokens.length - WINNOW_K + 1)).toBeLessThan(0.6);
    expect(winnow(tokenize('too short'))).toEqual([]);
  });
});
