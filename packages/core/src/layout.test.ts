import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_OPTIONS,
  DEFAULT_LAYOUT,
  GRID_COLS,
  normaliseLayout,
  normalisePanels,
  panelLabel,
  isLayout,
  parseLayoutImport,
} from './layout';
import { layoutSchema, preferencesSchema } from './layout-schemas';

describe('layout rules', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_LAYOUT.map(({ i, x, y, w, h, minW, minH, static: s }) => [i, x, y, w, h, minW, minH, s])).toEqual([
      ['modes', 0, 0, 8, 6, 4, 4, false],
      ['charge', 8, 0, 2, 6, 2, 4, true],
      ['header', 2, 6, 6, 3, 4, 2, true],
      ['footer', 0, 9, 10, 1, 4, 1, true],
    ]);
    expect(GRID_COLS).toEqual({ lg: 10, md: 8, sm: 6, xs: 4, xxs: 2 });
    expect(BACKGROUND_OPTIONS.map((b) => b.id)).toEqual(['default', 'gradient1', 'gradient2', 'gradient3', 'gradient4', 'gradient5', 'solid1', 'solid2', 'custom']);
    expect(panelLabel('modes')).toBe('Modes');
  });

  it('falls back to null on corrupt values and completes partial layouts', () => {
    expect(normaliseLayout('nope')).toBeNull();
    expect(normaliseLayout([{ i: 'modes', x: 'a' }])).toBeNull();
    expect(normaliseLayout([{ i: 'evil', x: 0, y: 0, w: 1, h: 1 }])).toBeNull();
    const partial = normaliseLayout([{ i: 'modes', x: 9, y: 2, w: 1, h: 1 }])!;
    expect(partial).toHaveLength(4);
    // minimums are enforced and the panel stays inside the 10 columns
    expect(partial[0]).toMatchObject({ i: 'modes', w: 4, h: 4, x: 6, y: 2 });
    expect(normalisePanels({ modes: true })).toBeNull();
    expect(normalisePanels({ modes: false, charge: true, header: true, footer: true })).toMatchObject({ modes: false });
  });

  it('imports only the keys present and refuses bad files', () => {
    expect(parseLayoutImport('{"background":"gradient3"}')).toEqual({ background: 'gradient3' });
    expect(() => parseLayoutImport('not json')).toThrow('Invalid layout file');
    expect(() => parseLayoutImport('[1,2]')).toThrow('Invalid layout file');
    expect(() => parseLayoutImport('{"other":1}')).toThrow('Invalid layout file');
    expect(() => parseLayoutImport('{"background":42}')).toThrow('Invalid layout file');
    expect(() => parseLayoutImport('{"layout":"x","background":"solid1"}')).toThrow('Invalid layout file');
    expect(() => parseLayoutImport(`{"junk":"${'x'.repeat(10 * 1024 * 1024)}"}`)).toThrow('Invalid layout file');
  });

  it('accepts only image data URLs as custom backgrounds', () => {
    const base = { layout: [...DEFAULT_LAYOUT], background: 'custom', panels: { modes: true, charge: true, header: true, footer: true } };
    expect(preferencesSchema.safeParse({ ...base, customBackground: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
    expect(preferencesSchema.safeParse({ ...base, customBackground: 'javascript:alert(1)' }).success).toBe(false);
    expect(preferencesSchema.safeParse({ ...base, customBackground: 'data:text/html;base64,PHNjcmlwdD4=' }).success).toBe(false);
  });
});

describe('responsive launcher layout', () => {
  it('keeps lg, scales md and stacks phones', async () => {
    const { layoutForColumns, breakpointForWidth } = await import('./layout');
    expect(breakpointForWidth(1280)).toBe('lg');
    expect(breakpointForWidth(1000)).toBe('md');
    expect(breakpointForWidth(390)).toBe('xxs');
    expect(layoutForColumns(DEFAULT_LAYOUT, 10)).toEqual(DEFAULT_LAYOUT);
    const md = layoutForColumns(DEFAULT_LAYOUT, 8);
    expect(md.find((l) => l.i === 'charge')).toMatchObject({ x: 6, w: 2 });
    expect(md.every((l) => l.x + l.w <= 8)).toBe(true);
    // A tablet held upright (6 columns) stacks too: scaled, the balance panel would be one column wide.
    expect(breakpointForWidth(768)).toBe('sm');
    expect(layoutForColumns(DEFAULT_LAYOUT, 6).map((l) => [l.i, l.x, l.w])).toEqual([
      ['modes', 0, 6],
      ['charge', 0, 6],
      ['header', 0, 6],
      ['footer', 0, 6],
    ]);
    const phone = layoutForColumns(DEFAULT_LAYOUT, 2);
    expect(phone.map((l) => [l.i, l.x, l.y, l.w, l.h])).toEqual([
      ['modes', 0, 0, 2, 1],
      ['charge', 0, 1, 2, 1],
      ['header', 0, 2, 2, 1],
      ['footer', 0, 3, 2, 1],
    ]);
  });
});

describe('one rule, two checkers', () => {
  it('the launcher check and the server schema agree on good and bad layouts', () => {
    const item = { i: 'modes', x: 0, y: 0, w: 4, h: 4 };
    const samples: unknown[] = [
      [item],
      [item, { ...item, i: 'charge' }],
      [item, item],
      [{ ...item, x: -1 }],
      [{ ...item, x: 100 }],
      [{ ...item, x: 101 }],
      [{ ...item, w: 0 }],
      [{ ...item, h: 1000 }],
      [{ ...item, h: 1001 }],
      [{ ...item, y: 1.5 }],
      [{ ...item, minW: 0 }],
      [{ ...item, maxH: 1000 }],
      [{ ...item, static: 'yes' }],
      [{ ...item, i: 'evil' }],
      [item, { ...item, i: 'charge' }, { ...item, i: 'header' }, { ...item, i: 'footer' }, { ...item, i: 'modes' }],
      'nope',
      null,
      [],
    ];
    for (const sample of samples) expect(isLayout(sample), JSON.stringify(sample)).toBe(layoutSchema.safeParse(sample).success);
  });
});
