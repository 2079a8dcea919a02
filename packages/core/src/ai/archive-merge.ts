import type { ArchiveMessage } from './chat';

/** An archive's title: its first question on one line, at most 80 characters (the list shows it). */
export function archiveTitle(question: string): string {
  return question.trim().replace(/\s+/g, ' ').slice(0, 80);
}

const time = (iso: string) => Date.parse(iso) || 0;

/**
 * Which of two versions of one turn is kept. The same text stamped apart (the device and the server each
 * timed the same answer): the first stamp. Different text (edited or retried in one place): the later one.
 * Ties are broken alike on every side.
 */
function later(a: ArchiveMessage, b: ArchiveMessage): boolean {
  const t = time(a.timestamp) - time(b.timestamp);
  if (a.role === b.role && a.content === b.content) return t < 0;
  if (t !== 0) return t > 0;
  if (a.content.length !== b.content.length) return a.content.length > b.content.length;
  return a.content > b.content;
}

/**
 * One conversation kept in several places (this device and the server) and continued in each: the union of
 * their turns by id, none twice, in the order they were asked. A turn held in two versions (edited or retried
 * in one place) is kept in its later one. An answer stays right after its question (the user's message before
 * it in its copy): messages are ordered by when their exchange began, so two exchanges running at once on two
 * devices never interleave. The result does not depend on which copy comes first, and merging it again
 * changes nothing, so both sides agree once each has the other's turns.
 */
export function mergeTurns<T extends ArchiveMessage>(...copies: ReadonlyArray<readonly T[]>): T[] {
  const kept = new Map<string, T>();
  /** Each answer's question (the smallest id when copies disagree, so the order of the copies does not matter). */
  const questionOf = new Map<string, string>();
  for (const copy of copies) {
    let question: string | undefined;
    for (const m of copy) {
      if (m.role === 'user') question = m.id;
      else if (question) {
        const known = questionOf.get(m.id);
        if (!known || question < known) questionOf.set(m.id, question);
      }
      const other = kept.get(m.id);
      if (!other || later(m, other)) kept.set(m.id, m);
    }
  }
  const began = (m: T): { at: number; question: string } => {
    const q = m.role === 'assistant' ? kept.get(questionOf.get(m.id) ?? '') : undefined;
    const start = q ?? m;
    return { at: time(start.timestamp), question: start.id };
  };
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const rank = (m: T) => (m.role === 'user' ? 0 : 1);
  return [...kept.values()]
    .map((m) => ({ m, key: began(m) }))
    .sort(
      (a, b) =>
        a.key.at - b.key.at ||
        text(a.key.question, b.key.question) ||
        rank(a.m) - rank(b.m) ||
        time(a.m.timestamp) - time(b.m.timestamp) ||
        text(a.m.id, b.m.id),
    )
    .map(({ m }) => m);
}

/** The turns of `merged` that `copy` lacks or holds with other text: what `copy` must be sent to catch up. */
export function turnsMissingFrom<T extends ArchiveMessage>(copy: readonly ArchiveMessage[], merged: readonly T[]): T[] {
  const have = new Map(copy.map((m) => [m.id, m]));
  return merged.filter((m) => {
    const h = have.get(m.id);
    return !h || h.role !== m.role || h.content !== m.content;
  });
}
