/**
 * Document fingerprinting by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for
 * document fingerprinting", SIGMOD 2003).
 *
 * Text is cut into tokens (words; every Han or kana character is a token of its own because those scripts
 * have no spaces; report/plagiarism folds them to comparison keys), every run of K tokens is hashed, and in each window of W consecutive k-gram hashes the
 * minimum is kept (rightmost on ties, recorded once). The paper's guarantee: any passage shared by two
 * texts that is at least GUARANTEE = W + K - 1 tokens long yields at least one shared fingerprint, and no
 * match shorter than K tokens is ever reported (noise threshold).
 */

/** Noise threshold: k-grams of 5 tokens (shorter common phrases are not evidence). */
export const WINNOW_K = 5;
/** Window size. */
export const WINNOW_W = 4;
/** Every shared passage of at least this many tokens is found. */
export const WINNOW_GUARANTEE = WINNOW_W + WINNOW_K - 1;

export interface Token {
  /** Hash (32-bit) of the token's comparison key (folded: see report/plagiarism). */
  hash: number;
  /** Hash of the word as written (case-folded only): tells identical wording from paraphrase. */
  surface?: number;
  /** Character offsets in the original text, for highlighting. */
  start: number;
  end: number;
}

export interface Fingerprint {
  /** Signed 32-bit k-gram hash (fits a PostgreSQL integer). */
  hash: number;
  /** Index of the k-gram's first token. */
  pos: number;
}

/** A word, or one Han or kana character (those scripts have no spaces). */
export const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu;

/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** Number of word tokens, the unit of the check's limits. */
export function countTokens(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(TOKEN_RE)) n += 1;
  return n;
}

/** Hash of the k tokens starting at `i`. */
function kgramHash(tokens: readonly Token[], i: number, k: number): number {
  let h = 0;
  for (let j = 0; j < k; j += 1) h = (Math.imul(h, 0x9e3779b1) + tokens[i + j]!.hash) | 0;
  // A final avalanche so nearby k-grams spread over the whole 32-bit range.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Winnowed fingerprints of a token list. Texts shorter than K tokens have none. */
export function winnow(tokens: readonly Token[], k = WINNOW_K, w = WINNOW_W): Fingerprint[] {
  const n = tokens.length - k + 1;
  if (n <= 0) return [];
  const hashes = new Int32Array(n);
  for (let i = 0; i < n; i += 1) hashes[i] = kgramHash(tokens, i, k);
  const out: Fingerprint[] = [];
  if (n < w) {
    // A text shorter than one window still has one minimum worth keeping.
    let min = 0;
    for (let i = 1; i < n; i += 1) if (hashes[i]! <= hashes[min]!) min = i;
    out.push({ hash: hashes[min]!, pos: min });
    return out;
  }
  let last = -1;
  for (let start = 0; start + w <= n; start += 1) {
    let min = start;
    for (let i = start + 1; i < start + w; i += 1) if (hashes[i]! <= hashes[min]!) min = i;
    if (min !== last) {
      out.push({ hash: hashes[min]!, pos: min });
      last = min;
    }
  }
  return out;
}

/** A fingerprint of the report also present in a source. */
export interface FingerprintHit {
  hash: number;
  sourceId: string;
  pos: number;
}

export interface MatchedPassage {
  sourceId: string;
  /** Token range in the report, end exclusive. */
  reportStart: number;
  reportEnd: number;
  /** Token range in the source when its text was available. */
  sourceStart: number;
  sourceEnd: number;
}

export interface MatchResult {
  /** Share of the report's tokens inside a matched passage, 0..100, one decimal. */
  similarity: number;
  passages: MatchedPassage[];
  /** Covered report tokens per source. */
  perSource: Map<string, number>;
}

/**
 * Turns fingerprint hits into passages. A hit is only a seed: when the source's tokens are known it is
 * verified token by token (so a hash collision reports nothing) and extended left and right as far as
 * both texts agree, which recovers the full shared passage instead of the sparse winnowed positions.
 */
export function matchPassages(
  reportTokens: readonly Token[],
  reportFingerprints: readonly Fingerprint[],
  hits: readonly FingerprintHit[],
  sourceTokens: ReadonlyMap<string, readonly Token[]>,
  k = WINNOW_K,
): MatchResult {
  const byHash = new Map<number, FingerprintHit[]>();
  for (const h of hits) {
    const list = byHash.get(h.hash);
    if (list) list.push(h);
    else byHash.set(h.hash, [h]);
  }
  const raw: MatchedPassage[] = [];
  // Diagonal (report pos - source pos) already extended per source: skip seeds inside a found passage.
  const done = new Map<string, Array<[number, number, number]>>();
  for (const fp of reportFingerprints) {
    const list = byHash.get(fp.hash);
    if (!list) continue;
    for (const hit of list) {
      const src = sourceTokens.get(hit.sourceId);
      if (!src) {
        raw.push({ sourceId: hit.sourceId, reportStart: fp.pos, reportEnd: fp.pos + k, sourceStart: hit.pos, sourceEnd: hit.pos + k });
        continue;
      }
      const diag = fp.pos - hit.pos;
      const seen = done.get(hit.sourceId) ?? [];
      if (seen.some(([d, s, e]) => d === diag && fp.pos >= s && fp.pos < e)) continue;
      let ok = hit.pos + k <= src.length;
      for (let j = 0; ok && j < k; j += 1) ok = src[hit.pos + j]!.hash === reportTokens[fp.pos + j]!.hash;
      if (!ok) continue;
      let rs = fp.pos;
      let ss = hit.pos;
      while (rs > 0 && ss > 0 && reportTokens[rs - 1]!.hash === src[ss - 1]!.hash) {
        rs -= 1;
        ss -= 1;
      }
      let re = fp.pos + k;
      let se = hit.pos + k;
      while (re < reportTokens.length && se < src.length && reportTokens[re]!.hash === src[se]!.hash) {
        re += 1;
        se += 1;
      }
      seen.push([diag, rs, re]);
      done.set(hit.sourceId, seen);
      raw.push({ sourceId: hit.sourceId, reportStart: rs, reportEnd: re, sourceStart: ss, sourceEnd: se });
    }
  }
  // Merge overlapping passages of the same source.
  raw.sort((a, b) => (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : a.reportStart - b.reportStart));
  const passages: MatchedPassage[] = [];
  for (const p of raw) {
    const prev = passages[passages.length - 1];
    if (prev && prev.sourceId === p.sourceId && p.reportStart <= prev.reportEnd) {
      prev.reportEnd = Math.max(prev.reportEnd, p.reportEnd);
      prev.sourceEnd = Math.max(prev.sourceEnd, p.sourceEnd);
    } else passages.push({ ...p });
  }
  const covered = new Uint8Array(reportTokens.length);
  const perSource = new Map<string, number>();
  for (const p of passages) {
    perSource.set(p.sourceId, (perSource.get(p.sourceId) ?? 0) + (p.reportEnd - p.reportStart));
    covered.fill(1, p.reportStart, p.reportEnd);
  }
  let count = 0;
  for (const c of covered) count += c;
  const similarity = reportTokens.length === 0 ? 0 : Math.round((count / reportTokens.length) * 1000) / 10;
  passages.sort((a, b) => a.reportStart - b.reportStart);
  return { similarity, passages, perSource };
}
