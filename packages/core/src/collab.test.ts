import { describe, expect, it } from 'vitest';
import { minimalEdit } from './collab';

const apply = (s: string, e: ReturnType<typeof minimalEdit>) => (e ? s.slice(0, e.from) + e.insert + s.slice(e.to) : s);

describe('minimalEdit', () => {
  it('is null for equal texts and keeps the common start and end', () => {
    expect(minimalEdit('same', 'same')).toBeNull();
    expect(minimalEdit('Results: 42', 'Results: 43')).toEqual({ from: 10, to: 11, insert: '3' });
    expect(minimalEdit('abc', 'abxc')).toEqual({ from: 2, to: 2, insert: 'x' });
    expect(minimalEdit('abxc', 'abc')).toEqual({ from: 2, to: 3, insert: '' });
  });

  it('never splits a surrogate pair', () => {
    const e = minimalEdit('a😀b', 'a😁b')!;
    expect(e.insert).toBe('😁');
    expect(apply('a😀b', e)).toBe('a😁b');
  });

  it('turns any text into any other', () => {
    const pairs: [string, string][] = [['', 'x'], ['x', ''], ['aaa', 'aa'], ['aa', 'aaa'], ['日本語', '日本の言語'], ['abcabc', 'abc']];
    for (const [from, to] of pairs) expect(apply(from, minimalEdit(from, to))).toBe(to);
  });
});
