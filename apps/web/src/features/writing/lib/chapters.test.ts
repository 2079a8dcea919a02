import { describe, expect, it } from 'vitest';
import { splitChapters } from './chapters';

describe('chapters from headings', () => {
  it('counts words per chapter up to the next heading', () => {
    const text = 'Intro words\n# One\nalpha beta gamma\n## Two\ndelta\n#not a heading\n';
    const chapters = splitChapters(text);
    expect(chapters.map((c) => [c.title, c.words])).toEqual([
      ['One', 3],
      ['Two', 4],
    ]);
    expect(text.slice(chapters[0]!.start).startsWith('# One')).toBe(true);
  });
});
