import { describe, expect, it } from 'vitest';
import { mentionedNames } from './comments';

describe('mentionedNames', () => {
  it('finds each @name once, in order, in any script, without a sentence-ending full stop', () => {
    expect(mentionedNames('@aiko can you check this, @ben.k? Thanks @aiko.')).toEqual(['aiko', 'ben.k']);
    expect(mentionedNames('確認お願いします @ゆみ と @김민준')).toEqual(['ゆみ', '김민준']);
  });
  it('ignores addresses and one-letter handles', () => {
    expect(mentionedNames('mail me at aiko@example.com or ask @a')).toEqual([]);
  });
});
