import { describe, expect, it } from 'vitest';
import { mergeText } from './merge';

const BASE = '# Report\n\nThe first paragraph explains the method.\n\nThe second paragraph shows the results.\n\n## Conclusion\nDone.\n';

describe('three-way text merge', () => {
  it('combines edits of different paragraphs', () => {
    const mine = BASE.replace('explains the method', 'explains the sampling method');
    const theirs = BASE.replace('## Conclusion\nDone.', '## Conclusion\nDone, with caveats.');
    expect(mergeText(BASE, mine, theirs)).toEqual({ ok: true, text: BASE.replace('explains the method', 'explains the sampling method').replace('Done.', 'Done, with caveats.') });
  });

  it('combines edits of different words in one paragraph (one line)', () => {
    const line = 'Seagrass stores carbon and shelters fish along the coast.';
    const mine = 'Seagrass stores much carbon and shelters fish along the coast.';
    const theirs = 'Seagrass stores carbon and shelters young fish along the coast.';
    expect(mergeText(line, mine, theirs)).toEqual({ ok: true, text: 'Seagrass stores much carbon and shelters young fish along the coast.' });
  });

  it('takes a one-sided change, and the same change made twice once', () => {
    const mine = `${BASE}Appendix.\n`;
    expect(mergeText(BASE, mine, BASE)).toEqual({ ok: true, text: mine });
    expect(mergeText(BASE, BASE, mine)).toEqual({ ok: true, text: mine });
    expect(mergeText(BASE, mine, mine)).toEqual({ ok: true, text: mine });
  });

  it('reports a conflict when both sides change the same words', () => {
    const mine = BASE.replace('Done.', 'Finished.');
    const theirs = BASE.replace('Done.', 'Complete.');
    expect(mergeText(BASE, mine, theirs)).toEqual({ ok: false, conflicts: 1 });
  });

  // Correctness only: its speed is a benchmark figure, not a test bound (a busy CI machine took 712 ms once).
  it('merges two edits far apart in a 10-page report', () => {
    const paragraphs = Array.from({ length: 300 }, (_, i) => `Paragraph ${i} with the usual words of the field and the same phrases again and again.`);
    const base = paragraphs.join('\n\n');
    const mine = paragraphs.map((p, i) => (i === 10 ? `${p} Added here.` : p)).join('\n\n');
    const theirs = paragraphs.map((p, i) => (i === 250 ? p.replace('usual', 'unusual') : p)).join('\n\n');
    const merged = mergeText(base, mine, theirs);
    expect(merged.ok && merged.text.includes('Added here.') && merged.text.includes('Paragraph 250 with the unusual')).toBe(true);
  });
});
