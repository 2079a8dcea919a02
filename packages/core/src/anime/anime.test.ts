import { describe, expect, it } from 'vitest';
import {
  addPaletteColor,
  DEFAULT_PALETTE,
  defaultVersionName,
  filterReferences,
  POSES,
  pushRecentColor,
  relativeTime,
  STYLE_TEMPLATES,
  TEMPLATE_CATEGORIES,
  toggleCompareSelection,
  togglePanel,
  TOOLBAR_ITEMS,
  toolbarItemsFor,
  versionStoragePercent,
  createCharacterSchema,
} from '../index';

describe('anime catalogues', () => {
  it('has the 20 templates of spec §9 in five categories and the 8 poses', () => {
    expect(STYLE_TEMPLATES).toHaveLength(20);
    expect(new Set(STYLE_TEMPLATES.map((t) => t.category))).toEqual(new Set(TEMPLATE_CATEGORIES));
    expect(POSES.map((p) => p.id)).toEqual([
      'confident_stand', 'energetic_jump', 'relaxed_sitting', 'happy_smile', 'surprised_gasp', 'mischievous_smirk', 'determined_fist', 'peaceful_meditation',
    ]);
  });

  it('lists every toolbar item of spec §2 and hides the drawing tools in AI mode', () => {
    expect(TOOLBAR_ITEMS).toHaveLength(29);
    const ai = toolbarItemsFor('ai-generate').map((i) => i.id);
    for (const id of ['draw', 'brush', 'pencil', 'eraser', 'precision-eraser']) expect(ai).not.toContain(id);
    for (const id of ['back', 'ai-generate', 'templates', 'character-library', 'upload', 'export', 'search-photos']) expect(ai).toContain(id);
  });

  it('filters the three Yumi references', () => {
    expect(filterReferences('all')).toHaveLength(3);
    expect(filterReferences('casual').map((r) => r.id)).toEqual(['yumi-2']);
  });
});

describe('anime rules', () => {
  it('toggles context panels and lets a floating panel close the others', () => {
    let s = togglePanel({ context: null, floating: null }, 'layers');
    expect(s).toEqual({ context: 'layers', floating: null });
    s = togglePanel(s, 'layers');
    expect(s.context).toBeNull();
    s = togglePanel(togglePanel(s, 'layers'), 'smart-brush');
    expect(s).toEqual({ context: null, floating: 'smart-brush' });
    s = togglePanel(s, 'version-history');
    expect(s).toEqual({ context: null, floating: 'version-history' });
    expect(togglePanel(s, 'version-history').floating).toBeNull();
  });

  it('adds a palette colour only once and keeps recent colours unique', () => {
    expect(DEFAULT_PALETTE).toHaveLength(9);
    expect(addPaletteColor(DEFAULT_PALETTE, '#FF0000')).toHaveLength(9);
    expect(addPaletteColor(DEFAULT_PALETTE, '#123456')).toHaveLength(10);
    expect(pushRecentColor(['#111111', '#222222'], '#222222')).toEqual(['#222222', '#111111']);
  });

  it('answers relative times in days, hours, minutes or just now', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(relativeTime('2026-03-01T11:59:30Z', now)).toEqual({ key: 'justNow', count: 0 });
    expect(relativeTime('2026-03-01T11:15:00Z', now)).toEqual({ key: 'minutes', count: 45 });
    expect(relativeTime('2026-03-01T07:00:00Z', now)).toEqual({ key: 'hours', count: 5 });
    expect(relativeTime('2026-02-26T12:00:00Z', now)).toEqual({ key: 'days', count: 3 });
  });

  it('selects at most two versions; a third starts over', () => {
    expect(toggleCompareSelection([], 'a')).toEqual(['a']);
    expect(toggleCompareSelection(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleCompareSelection(['a', 'b'], 'c')).toEqual(['c']);
    expect(toggleCompareSelection(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('names versions and computes storage as count / 20', () => {
    expect(defaultVersionName(3)).toBe('Version 3');
    expect(defaultVersionName(3, '10:42')).toBe('Version 3 - 10:42');
    expect(versionStoragePercent(5)).toBe(25);
    expect(versionStoragePercent(20)).toBe(100);
  });

  it('needs a non-empty trimmed character name of sane length', () => {
    const canvasData = { width: 1, height: 1, layers: [{ name: 'Background', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: null }] };
    expect(createCharacterSchema.safeParse({ name: '  ', versions: [{ canvasData }] }).success).toBe(false);
    expect(createCharacterSchema.safeParse({ name: 'x'.repeat(10_000), versions: [{ canvasData }] }).success).toBe(false);
    expect(createCharacterSchema.parse({ name: ' Aoi ', versions: [{ canvasData }] }).name).toBe('Aoi');
  });
});
