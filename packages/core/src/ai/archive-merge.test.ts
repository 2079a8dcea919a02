import { describe, expect, it } from 'vitest';
import { archiveTitle, mergeTurns, turnsMissingFrom } from './archive-merge';
import type { ArchiveMessage } from './chat';

const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 2, 1, 9, minute, second)).toISOString();
const q = (id: string, minute: number, content = `question ${id}`): ArchiveMessage => ({ id, role: 'user', content, timestamp: at(minute) });
const a = (id: string, minute: number, second = 30, content = `answer ${id}`): ArchiveMessage => ({ id, role: 'assistant', content, timestamp: at(minute, second) });
const ids = (messages: ArchiveMessage[]) => messages.map((m) => m.id);

/** Both orders give the same result, and merging the result again changes nothing. */
function merged(x: ArchiveMessage[], y: ArchiveMessage[]) {
  const result = mergeTurns(x, y);
  expect(mergeTurns(y, x)).toEqual(result);
  expect(mergeTurns(result)).toEqual(result);
  expect(mergeTurns(result, x, y)).toEqual(result);
  return result;
}

describe('mergeTurns: a conversation continued on this device and on the server', () => {
  const base = [q('q1', 0), a('a1', 0)];

  it('both sides added turns: every turn once, in time order, each answer after its question', () => {
    // Offline here, a question at 9:02 answered at 9:05; online elsewhere, one at 9:03 answered at 9:04.
    const device = [...base, q('q2', 2), a('a2', 5)];
    const server = [...base, q('q3', 3), a('a3', 4)];
    expect(ids(merged(device, server))).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3']);
  });

  it('one side only added turns: the fuller copy, unchanged', () => {
    const device = [...base, q('q2', 2), a('a2', 2)];
    expect(merged(device, base)).toEqual(device);
    expect(merged(base, [])).toEqual(base);
  });

  it('identical copies, or a turn stored twice in one copy: each turn once', () => {
    expect(merged(base, base)).toEqual(base);
    expect(merged([...base, ...base], base)).toEqual(base);
  });

  it('a turn edited or retried under its id: the later version, once, still after its question', () => {
    const retried = a('a1', 7, 0, 'a better answer');
    const result = merged([...base, q('q2', 2), a('a2', 2)], [q('q1', 0), retried]);
    expect(ids(result)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(result[1]).toEqual(retried);
    // Two different texts stamped alike: the same one wins whichever side is first.
    const tie = merged([a('x', 1, 0, 'short')], [a('x', 1, 0, 'longer text')]);
    expect(tie.map((m) => m.content)).toEqual(['longer text']);
  });

  it('a question asked again after a failed answer is a turn of its own, kept with the first', () => {
    const device = [...base, q('q2', 2, 'Why?'), a('a2', 2, 10, 'Stopped hal')];
    const server = [...base, q('q3', 3, 'Why?'), a('a3', 3)];
    expect(ids(merged(device, server))).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3']);
  });

  it('the same turn timed apart by the device and the server is one turn (the first stamp)', () => {
    const server = [q('q1', 0), { ...a('a1', 0), timestamp: at(0, 29) }];
    const result = merged(base, server);
    expect(ids(result)).toEqual(['q1', 'a1']);
    expect(result[1]!.timestamp).toBe(at(0, 29));
    expect(turnsMissingFrom(server, result)).toEqual([]);
  });

  it('two exchanges begun at the same moment do not interleave', () => {
    const result = merged([q('p', 1), a('pa', 1, 50)], [q('r', 1), a('ra', 1, 10)]);
    expect(ids(result)).toEqual(['p', 'pa', 'r', 'ra']);
  });
});

describe('turnsMissingFrom', () => {
  it('names the turns a copy lacks or holds with other text: what it must be sent', () => {
    const server = [q('q1', 0), a('a1', 0)];
    const device = [q('q1', 0), a('a1', 5, 0, 'edited'), q('q2', 6), a('a2', 6)];
    const result = mergeTurns(server, device);
    expect(ids(turnsMissingFrom(server, result))).toEqual(['a1', 'q2', 'a2']);
    expect(turnsMissingFrom(result, result)).toEqual([]);
  });
});

describe('archiveTitle', () => {
  it('is the first question on one line, at most 80 characters', () => {
    expect(archiveTitle('  How do I\n export   a PDF? ')).toBe('How do I export a PDF?');
    expect(archiveTitle('x'.repeat(100))).toHaveLength(80);
  });
});
