import { countTokens, matchPassages, type PlagiarismCheckResponse, type Token } from '@yumi/core';
import { findExclusions, fingerprintText, scoreWithExclusions, tokenize } from '@yumi/core/plagiarism';
import type { CpuPool } from '../../workers/pool';
import type { SourceKind } from './repository';

/**
 * The CPU parts of the plagiarism check, apart from the database work around them, so the server can run
 * them on its worker pool (workers/tasks.ts calls these functions as they are). The algorithm itself lives
 * in @yumi/core.
 */

/** A text's fingerprints as the columns they are stored in, and its word count. */
export interface FingerprintRows {
  hashes: Int32Array;
  positions: Int32Array;
  words: number;
}

export function fingerprintRows(text: string): FingerprintRows {
  const { fingerprints } = fingerprintText(text);
  const hashes = new Int32Array(fingerprints.length);
  const positions = new Int32Array(fingerprints.length);
  fingerprints.forEach((f, i) => {
    hashes[i] = f.hash;
    positions[i] = f.pos;
  });
  return { hashes, positions, words: countTokens(text) };
}

export interface SourceBody {
  id: string;
  title: string;
  kind: SourceKind;
  body: string;
}

export interface CompareJob {
  text: string;
  threshold: number;
  /** The report's fingerprints found in the best-matching sources, and those sources' texts. */
  hits: Array<{ hash: number; sourceId: string; pos: number }>;
  bodies: SourceBody[];
}

export type Comparison = Pick<PlagiarismCheckResponse, 'similarity' | 'threshold' | 'verdict' | 'words' | 'passages' | 'sources' | 'excluded'>;

const excerpt = (body: string, tokens: readonly Token[], start: number, end: number) =>
  tokens.length && start < tokens.length ? body.slice(tokens[start]!.start, tokens[Math.min(end, tokens.length) - 1]!.end) : '';

/** Verifies the hits passage by passage, leaves quotations with citations and the bibliography out, and scores. */
export function compareWithSources({ text, threshold, hits, bodies }: CompareJob): Comparison {
  const { tokens, fingerprints } = fingerprintText(text);
  const sourceTokens = new Map<string, Token[]>();
  const info = new Map<string, SourceBody>();
  for (const b of bodies) {
    sourceTokens.set(b.id, tokenize(b.body));
    info.set(b.id, b);
  }
  const match = matchPassages(tokens, fingerprints, hits, sourceTokens);
  const exclusions = findExclusions(text);
  const scored = scoreWithExclusions(tokens, match, exclusions, sourceTokens);
  const sourceRef = (id: string) => ({ id, title: info.get(id)!.title, kind: info.get(id)!.kind });
  const passages = scored.passages
    .filter((p) => info.has(p.sourceId))
    .map((p) => {
      const src = info.get(p.sourceId)!;
      const start = tokens[p.reportStart]!.start;
      const end = tokens[p.reportEnd - 1]!.end;
      return {
        start,
        end,
        words: countTokens(text.slice(start, end)),
        text: text.slice(start, end),
        sourceId: p.sourceId,
        sourceTitle: src.title,
        sourceKind: src.kind,
        sourceExcerpt: excerpt(src.body, sourceTokens.get(p.sourceId)!, p.sourceStart, p.sourceEnd).slice(0, 2000),
        match: p.identical ? ('identical' as const) : ('paraphrase' as const),
      };
    });
  const sources = [...scored.perSource.entries()]
    .filter(([id]) => info.has(id))
    .map(([id, covered]) => ({
      ...sourceRef(id),
      similarity: scored.checkedTokens ? Math.round((covered / scored.checkedTokens) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.similarity - a.similarity);
  const excluded = exclusions.map((x, i) => ({
    kind: x.kind,
    start: x.start,
    end: x.end,
    words: countTokens(text.slice(x.start, x.end)),
    ...(x.citation ? { citation: x.citation } : {}),
    sources: [...scored.excludedSources[i]!].filter((id) => info.has(id)).map(sourceRef),
  }));
  return {
    similarity: scored.similarity,
    threshold,
    verdict: scored.similarity > threshold ? 'flag' : 'pass',
    words: countTokens(text),
    passages,
    sources,
    excluded,
  };
}

/** Where the CPU parts run: the server's worker pool, or the calling thread for the command-line import and the benchmark. */
export interface PlagiarismCpu {
  fingerprint(text: string): Promise<FingerprintRows>;
  compare(job: CompareJob): Promise<Comparison>;
}

/** For processes with no requests to keep answering (the corpus import command, the benchmark). */
export const inThisThread: PlagiarismCpu = {
  fingerprint: async (text) => fingerprintRows(text),
  compare: async (job) => compareWithSources(job),
};

/** On the server's worker pool: a request is refused (503) when its queue is full. */
export const onPool = (cpu: CpuPool): PlagiarismCpu => ({
  fingerprint: (text) => cpu.run('fingerprint', text),
  compare: (job) => cpu.run('plagiarism', job),
});
