import type { MatchedPassage, MatchResult, Token } from '../winnowing';
import type { Exclusion } from './exclusions';

export interface CountedPassage extends MatchedPassage {
  /** Every word as written in the source (true), or some replaced by a synonym, a look-alike letter or another inflection. */
  identical: boolean;
}

export interface ScoredReport {
  /** Share of the checked words (exclusions left out) inside a counted passage, 0..100, one decimal. */
  similarity: number;
  passages: CountedPassage[];
  /** Counted words per source. */
  perSource: Map<string, number>;
  /** Words the check compared (tokens outside exclusions). */
  checkedTokens: number;
  /** Per exclusion (same index): the sources its text matched, which are listed but not counted. */
  excludedSources: Array<Set<string>>;
}

const identical = (p: MatchedPassage, report: readonly Token[], source: readonly Token[] | undefined) => {
  if (!source || p.reportEnd - p.reportStart !== p.sourceEnd - p.sourceStart) return false;
  for (let i = 0; i < p.reportEnd - p.reportStart; i += 1) {
    if (report[p.reportStart + i]!.surface !== source[p.sourceStart + i]?.surface) return false;
  }
  return true;
};

/**
 * The report's score once quotations with a citation and the bibliography are taken out: a matched
 * passage is cut at every exclusion; the parts outside count, the parts inside name their sources on the
 * exclusion instead.
 */
export function scoreWithExclusions(
  tokens: readonly Token[],
  match: MatchResult,
  exclusions: readonly Exclusion[],
  sourceTokens: ReadonlyMap<string, readonly Token[]>,
): ScoredReport {
  const excludedBy = new Int32Array(tokens.length).fill(-1);
  let e = 0;
  tokens.forEach((t, i) => {
    while (e < exclusions.length && exclusions[e]!.end <= t.start) e += 1;
    if (e < exclusions.length && t.start >= exclusions[e]!.start) excludedBy[i] = e;
  });
  const checkedTokens = excludedBy.reduce((n, x) => n + (x < 0 ? 1 : 0), 0);
  const excludedSources = exclusions.map(() => new Set<string>());
  const passages: CountedPassage[] = [];
  for (const p of match.passages) {
    const src = sourceTokens.get(p.sourceId);
    const whole = identical(p, tokens, src);
    let i = p.reportStart;
    while (i < p.reportEnd) {
      let j = i;
      while (j < p.reportEnd && excludedBy[j] === excludedBy[i]) j += 1;
      if (excludedBy[i]! >= 0) excludedSources[excludedBy[i]!]!.add(p.sourceId);
      else {
        const piece = { ...p, reportStart: i, reportEnd: j, sourceStart: p.sourceStart + (i - p.reportStart), sourceEnd: p.sourceStart + (j - p.reportStart) };
        passages.push({ ...piece, identical: whole || identical(piece, tokens, src) });
      }
      i = j;
    }
  }
  const covered = new Uint8Array(tokens.length);
  const perSource = new Map<string, number>();
  for (const p of passages) {
    perSource.set(p.sourceId, (perSource.get(p.sourceId) ?? 0) + (p.reportEnd - p.reportStart));
    covered.fill(1, p.reportStart, p.reportEnd);
  }
  const count = covered.reduce((n, c) => n + c, 0);
  const similarity = checkedTokens === 0 ? 0 : Math.round((count / checkedTokens) * 1000) / 10;
  return { similarity, passages, perSource, checkedTokens, excludedSources };
}
