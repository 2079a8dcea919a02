import { diff3Merge } from 'node-diff3';

/** Hunks larger than this (tokens on a side) are not merged word by word: they count as a conflict. */
const WORD_MERGE_MAX = 20_000;

const lines = (s: string) => s.split(/(?<=\n)/u);
const words = (s: string) => s.match(/\s+|[^\s]+/gu) ?? [];

export type MergeOutcome = { ok: true; text: string } | { ok: false; conflicts: number };

/**
 * Three-way merge of two edits of one text (diff3, as version control does): `base` is the text both
 * started from. Lines changed on one side only are taken from that side; where both sides changed the
 * same lines, the hunk is merged again word by word, so two edits of one paragraph still combine. Edits
 * of the same words are conflicts: the caller shows both versions instead of picking one.
 */
export function mergeText(base: string, mine: string, theirs: string): MergeOutcome {
  if (mine === theirs || theirs === base) return { ok: true, text: mine };
  if (mine === base) return { ok: true, text: theirs };
  const out: string[] = [];
  let conflicts = 0;
  for (const region of diff3Merge(lines(mine), lines(base), lines(theirs), { excludeFalseConflicts: true })) {
    if (region.ok) {
      out.push(...region.ok);
      continue;
    }
    const c = region.conflict!;
    const [a, o, b] = [words(c.a.join('')), words(c.o.join('')), words(c.b.join(''))];
    if (Math.max(a.length, o.length, b.length) > WORD_MERGE_MAX) {
      conflicts += 1;
      continue;
    }
    for (const r of diff3Merge(a, o, b, { excludeFalseConflicts: true })) {
      if (r.ok) out.push(...r.ok);
      else conflicts += 1;
    }
  }
  return conflicts ? { ok: false, conflicts } : { ok: true, text: out.join('') };
}
