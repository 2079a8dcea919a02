import { describe, expect, it } from 'vitest';
import { paletteInsets } from './freeArea';

// A 768 × 820 stage under a tablet's canvas bar, starting 150 px down the page.
const stage = { left: 0, top: 150, right: 768, bottom: 970 };

describe('the tool palette and the fitted drawing', () => {
  it('a column at the left or right gives up that side', () => {
    expect(paletteInsets(stage, { left: 12, top: 162, right: 105, bottom: 800 })).toEqual({ left: 105, right: 0, bottom: 0 });
    expect(paletteInsets(stage, { left: 660, top: 162, right: 753, bottom: 800 })).toEqual({ left: 0, right: 108, bottom: 0 });
  });

  it('a strip along the bottom (a phone) gives up the bottom', () => {
    expect(paletteInsets(stage, { left: 0, top: 914, right: 768, bottom: 970 })).toEqual({ left: 0, right: 0, bottom: 56 });
  });

  it('a collapsed palette, none at all, or one dragged to the middle takes nothing', () => {
    const none = { left: 0, right: 0, bottom: 0 };
    expect(paletteInsets(stage, { left: 12, top: 162, right: 72, bottom: 192 })).toEqual(none);
    expect(paletteInsets(stage, null)).toEqual(none);
    expect(paletteInsets(stage, { left: 380, top: 162, right: 473, bottom: 800 })).toEqual(none);
  });
});
