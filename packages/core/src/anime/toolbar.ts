/** Spec §2 toolbar items, in order, with the group that decides what AI Generate mode shows. */
export const TOOLBAR_GROUPS = ['navigation', 'drawing', 'library', 'v12', 'ai', 'creation', 'search', 'utility', 'export'] as const;
export type ToolbarGroup = (typeof TOOLBAR_GROUPS)[number];

export const TOOLBAR_ITEMS = [
  { id: 'back', group: 'navigation' },
  { id: 'draw', group: 'drawing' },
  { id: 'brush', group: 'drawing' },
  { id: 'pencil', group: 'drawing' },
  { id: 'marker', group: 'drawing' },
  { id: 'airbrush', group: 'drawing' },
  { id: 'fine-liner', group: 'drawing' },
  { id: 'detail-brush', group: 'drawing' },
  { id: 'texture-brush', group: 'drawing' },
  { id: 'eraser', group: 'drawing' },
  { id: 'precision-eraser', group: 'drawing' },
  { id: 'character-library', group: 'v12' },
  { id: 'ai-color-assistant', group: 'v12' },
  { id: 'smart-brush', group: 'v12' },
  { id: 'version-history', group: 'v12' },
  { id: 'templates', group: 'creation' },
  { id: 'poses', group: 'creation' },
  { id: 'yumi-references', group: 'creation' },
  { id: 'ai-generate', group: 'ai' },
  { id: 'ai-outline', group: 'ai' },
  { id: 'ai-brush', group: 'ai' },
  { id: 'ai-eraser', group: 'ai' },
  { id: 'search-photos', group: 'search' },
  { id: 'upload', group: 'utility' },
  { id: 'customize', group: 'utility' },
  { id: 'layers', group: 'utility' },
  { id: 'colors', group: 'utility' },
  { id: 'history', group: 'utility' },
  { id: 'export', group: 'export' },
] as const satisfies readonly { id: string; group: ToolbarGroup }[];
export type ToolbarItemId = (typeof TOOLBAR_ITEMS)[number]['id'];

/** Spec §2: in AI mode the drawing tools are hidden. */
export function toolbarItemsFor(mode: 'creative' | 'ai-generate') {
  return mode === 'creative' ? [...TOOLBAR_ITEMS] : TOOLBAR_ITEMS.filter((i) => i.group !== 'drawing');
}

/** Toolbar drawing items -> brush preset ids of @yumi/paint ('draw' and 'brush' are the basic brush). */
export const TOOL_PRESET: Partial<Record<ToolbarItemId, string>> = {
  draw: 'basic-brush',
  brush: 'basic-brush',
  pencil: 'pencil',
  marker: 'marker',
  airbrush: 'airbrush',
  'fine-liner': 'fine-liner',
  'detail-brush': 'detail-brush',
  'texture-brush': 'texture-brush',
  eraser: 'basic-eraser',
  'precision-eraser': 'precision-eraser',
};

export const CONTEXT_PANELS = ['layers', 'colors', 'history', 'export', 'search-photos', 'templates', 'poses', 'customize'] as const;
export type ContextPanel = (typeof CONTEXT_PANELS)[number];
export const FLOATING_PANELS = ['character-library', 'ai-color-assistant', 'smart-brush', 'version-history'] as const;
export type FloatingPanel = (typeof FLOATING_PANELS)[number];

/** Spec §4: opening a floating panel closes the other three and clears the context panel; items toggle. */
export interface PanelState {
  context: ContextPanel | null;
  floating: FloatingPanel | null;
}
export function togglePanel(state: PanelState, id: ContextPanel | FloatingPanel): PanelState {
  if ((FLOATING_PANELS as readonly string[]).includes(id)) {
    const f = id as FloatingPanel;
    return state.floating === f ? { ...state, floating: null } : { context: null, floating: f };
  }
  const c = id as ContextPanel;
  return { ...state, context: state.context === c ? null : c };
}

/** Spec §9 default palette: black, white, red, green, blue, yellow, magenta, cyan, grey. */
export const DEFAULT_PALETTE = ['#000000', '#ffffff', '#ff0000', '#00ff00', '#0000ff', '#ffff00', '#ff00ff', '#00ffff', '#808080'] as const;

/** Spec §5: the palette adds a colour only if it is not already saved (case-insensitive hex). */
export function addPaletteColor(palette: readonly string[], color: string): string[] {
  const c = color.toLowerCase();
  return palette.some((p) => p.toLowerCase() === c) ? [...palette] : [...palette, c];
}

/** Most recent first, no duplicates, at most `max`. */
export function pushRecentColor(recent: readonly string[], color: string, max = 12): string[] {
  const c = color.toLowerCase();
  return [c, ...recent.filter((x) => x !== c)].slice(0, max);
}

/** Spec §9 export defaults and §5 bounds. */
export const EXPORT_FORMATS = ['png', 'jpg', 'webp', 'svg', 'psd'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const DEFAULT_EXPORT = { format: 'png' as ExportFormat, quality: 90, sizePercent: 100 };
