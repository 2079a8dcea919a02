import { MASCOT_IMAGE_URL } from './assets';

/** Launcher panels and the Layout and Theme Customizer (first document §2, §3, §4, §5, §9). */
export const PANEL_IDS = ['modes', 'charge', 'header', 'footer'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** The customizer grid: react-grid-layout settings from §9. */
export const GRID_BREAKPOINTS = { lg: 1200, md: 996, sm: 768, xs: 480, xxs: 0 } as const;
export const GRID_COLS = { lg: 10, md: 8, sm: 6, xs: 4, xxs: 2 } as const;
export const GRID_ROW_HEIGHT = 30;
export const GRID_MARGIN: readonly [number, number] = [5, 5];
export const GRID_PADDING: readonly [number, number] = [0, 0];
export const SAVE_NOTICE_MS = 3000;
/** A custom background upload larger than this is refused with a message. */
export const CUSTOM_BACKGROUND_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** The stored (re-encoded) custom background, a data URL, must fit local storage and the preferences cap. */
export const CUSTOM_BACKGROUND_MAX_CHARS = 1_200_000;
/** A stored custom background is an image data URL only (never a script or remote URL). */
export const CUSTOM_BACKGROUND_PATTERN = /^data:image\/(png|jpeg|webp|gif|avif);base64,[A-Za-z0-9+/=]+$/;
/** An imported layout file larger than this is not even read. */
export const LAYOUT_IMPORT_MAX_BYTES = 256 * 1024;

/**
 * Integer ranges of a layout item's fields. The launcher checks stored values with `isLayout` (no zod: it
 * runs at start-up on every visit) and the server's schema (`layout-schemas.ts`) is built from the same.
 */
export const LAYOUT_ITEM_RANGES = { x: [0, 100], y: [0, 1000], w: [1, 100], h: [1, 1000] } as const;
export const LAYOUT_ITEM_OPTIONAL_RANGES = { minW: [1, 100], minH: [1, 1000], maxW: [1, 100], maxH: [1, 1000] } as const;

export interface LayoutItem {
  i: PanelId;
  x: number;
  y: number;
  w: number;
  h: number;
  static?: boolean;
  minW?: number;
  minH?: number;
  maxW?: number;
  maxH?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const inRange = (v: unknown, [min, max]: readonly [number, number]) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

export function isLayoutItem(value: unknown): value is LayoutItem {
  if (!isRecord(value) || !(PANEL_IDS as readonly unknown[]).includes(value.i)) return false;
  if (value.static !== undefined && typeof value.static !== 'boolean') return false;
  return (
    Object.entries(LAYOUT_ITEM_RANGES).every(([key, range]) => inRange(value[key], range)) &&
    Object.entries(LAYOUT_ITEM_OPTIONAL_RANGES).every(([key, range]) => value[key] === undefined || inRange(value[key], range))
  );
}

/** At most one item per panel, each well formed. */
export function isLayout(value: unknown): value is LayoutItem[] {
  return (
    Array.isArray(value) &&
    value.length <= PANEL_IDS.length &&
    value.every(isLayoutItem) &&
    new Set(value.map((item) => item.i)).size === value.length
  );
}

export const isCustomBackground = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= CUSTOM_BACKGROUND_MAX_CHARS && CUSTOM_BACKGROUND_PATTERN.test(value);

/** Default panels (x, y, w, h, minimums, static flags) exactly as the spec lists them. */
export const DEFAULT_LAYOUT: readonly LayoutItem[] = [
  { i: 'modes', x: 0, y: 0, w: 8, h: 6, minW: 4, minH: 4, static: false },
  { i: 'charge', x: 8, y: 0, w: 2, h: 6, minW: 2, minH: 4, static: true },
  { i: 'header', x: 2, y: 6, w: 6, h: 3, minW: 4, minH: 2, static: true },
  { i: 'footer', x: 0, y: 9, w: 10, h: 1, minW: 4, minH: 1, static: true },
];

export type PanelVisibility = Record<PanelId, boolean>;
export const DEFAULT_PANELS: PanelVisibility = { modes: true, charge: true, header: true, footer: true };

export const BACKGROUND_IDS = [
  'default',
  'gradient1',
  'gradient2',
  'gradient3',
  'gradient4',
  'gradient5',
  'solid1',
  'solid2',
  'custom',
] as const;
export type BackgroundId = (typeof BACKGROUND_IDS)[number];
export const DEFAULT_BACKGROUND: BackgroundId = 'default';

export interface BackgroundOption {
  id: BackgroundId;
  name: string;
  /** CSS background value; for `default` the mascot image, for `custom` the uploaded data URL. */
  value: string;
  type: 'image' | 'gradient' | 'solid';
  preview: string;
}


/** The nine background options (§3): the mascot image, five gradients, two solids and the custom upload. */
export const BACKGROUND_OPTIONS: readonly BackgroundOption[] = [
  { id: 'default', name: 'Yumi', value: `url(${MASCOT_IMAGE_URL})`, type: 'image', preview: MASCOT_IMAGE_URL },
  { id: 'gradient1', name: 'Purple Dream', value: 'linear-gradient(135deg, #6d28d9 0%, #a855f7 45%, #ec4899 100%)', type: 'gradient', preview: '' },
  { id: 'gradient2', name: 'Ocean Sunset', value: 'linear-gradient(135deg, #0ea5e9 0%, #6366f1 50%, #f97316 100%)', type: 'gradient', preview: '' },
  { id: 'gradient3', name: 'Aurora', value: 'linear-gradient(135deg, #064e3b 0%, #10b981 40%, #6366f1 75%, #c084fc 100%)', type: 'gradient', preview: '' },
  { id: 'gradient4', name: 'Midnight', value: 'linear-gradient(160deg, #020617 0%, #1e1b4b 55%, #312e81 100%)', type: 'gradient', preview: '' },
  { id: 'gradient5', name: 'Cosmic', value: 'radial-gradient(circle at 30% 20%, #7c3aed 0%, #1e1b4b 45%, #020617 100%)', type: 'gradient', preview: '' },
  { id: 'solid1', name: 'Deep Navy', value: '#0f172a', type: 'solid', preview: '' },
  { id: 'solid2', name: 'Forest', value: '#14532d', type: 'solid', preview: '' },
  { id: 'custom', name: 'Custom', value: '', type: 'image', preview: '' },
].map((o) => ({ ...o, preview: o.preview || o.value }) as BackgroundOption);

/** The export file (§3): layout, background, panels. */
export interface LayoutExport {
  layout: LayoutItem[];
  background: BackgroundId;
  panels: PanelVisibility;
}

/** The saved layout snapshot (§3). */
export interface LayoutSnapshot extends LayoutExport {
  customBackground: string | null;
  timestamp: string;
}

/** Preferences kept on the server for signed-in users (GET/PUT /api/me/preferences). */
export const PREFERENCES_MAX_BYTES = 1_400_000;
export interface Preferences extends LayoutExport {
  customBackground: string | null;
}
export interface PreferencesResponse {
  preferences: Preferences | null;
  updatedAt: string | null;
}

export const LAYOUT_MESSAGES = {
  invalidFile: 'Invalid layout file',
  saved: 'Layout saved successfully! ✅',
} as const;

/**
 * Completes a stored or imported layout: unknown or duplicate panels dropped, missing panels restored
 * from the defaults, minimums and static flags always those of the defaults. Null when the value is not
 * a layout at all (the caller then uses the defaults).
 */
export function normaliseLayout(value: unknown): LayoutItem[] | null {
  if (!isLayout(value)) return null;
  return DEFAULT_LAYOUT.map((d) => {
    const found = value.find((item) => item.i === d.i);
    if (!found) return { ...d };
    const w = Math.max(d.minW ?? 1, Math.min(found.w, GRID_COLS.lg));
    return { ...d, x: Math.min(found.x, GRID_COLS.lg - w), y: found.y, w, h: Math.max(d.minH ?? 1, found.h) };
  });
}

export function normalisePanels(value: unknown): PanelVisibility | null {
  if (!isRecord(value) || !PANEL_IDS.every((id) => typeof value[id] === 'boolean')) return null;
  return Object.fromEntries(PANEL_IDS.map((id) => [id, value[id]])) as PanelVisibility;
}

export function normaliseBackground(value: unknown): BackgroundId | null {
  return (BACKGROUND_IDS as readonly unknown[]).includes(value) ? (value as BackgroundId) : null;
}

/**
 * Reads an imported layout file (§5): only the keys present are applied; a file that is not JSON, not an
 * object, has none of the keys, or has a key of the wrong shape throws 'Invalid layout file'.
 */
export function parseLayoutImport(text: string): Partial<LayoutExport> {
  if (text.length > LAYOUT_IMPORT_MAX_BYTES) throw new Error(LAYOUT_MESSAGES.invalidFile);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(LAYOUT_MESSAGES.invalidFile);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(LAYOUT_MESSAGES.invalidFile);
  const record = data as Record<string, unknown>;
  const result: Partial<LayoutExport> = {};
  if ('layout' in record) {
    const layout = normaliseLayout(record.layout);
    if (!layout) throw new Error(LAYOUT_MESSAGES.invalidFile);
    result.layout = layout;
  }
  if ('background' in record) {
    const background = normaliseBackground(record.background);
    if (!background) throw new Error(LAYOUT_MESSAGES.invalidFile);
    result.background = background;
  }
  if ('panels' in record) {
    const panels = normalisePanels(record.panels);
    if (!panels) throw new Error(LAYOUT_MESSAGES.invalidFile);
    result.panels = panels;
  }
  if (Object.keys(result).length === 0) throw new Error(LAYOUT_MESSAGES.invalidFile);
  return result;
}

/** 'modes' -> 'Modes': the label of a panel visibility checkbox. */
export const panelLabel = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The breakpoint of a width, by the customizer's breakpoints (lg 1200, md 996, sm 768, xs 480, xxs 0). */
export function breakpointForWidth(width: number): keyof typeof GRID_COLS {
  if (width >= GRID_BREAKPOINTS.lg) return 'lg';
  if (width >= GRID_BREAKPOINTS.md) return 'md';
  if (width >= GRID_BREAKPOINTS.sm) return 'sm';
  if (width >= GRID_BREAKPOINTS.xs) return 'xs';
  return 'xxs';
}

/**
 * The saved (10-column) layout shown on a narrower grid: positions and widths scale to the columns;
 * at 6 columns or fewer (a tablet held upright, a phone) every panel takes a full row of its own, in reading
 * order: scaled down to 6, the 2-column balance panel was one column, too narrow for its own heading.
 */
export function layoutForColumns(layout: readonly LayoutItem[], cols: number): LayoutItem[] {
  const full = GRID_COLS.lg;
  if (cols >= full) return layout.map((l) => ({ ...l }));
  const ordered = [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
  // Stacked: one row each, sized by its content (a phone or tablet has no room for the desktop's row heights).
  if (cols <= GRID_COLS.sm) return ordered.map((l, y) => ({ ...l, x: 0, y, w: cols, h: 1 }));
  return ordered.map((l) => {
    const w = Math.min(cols, Math.max(1, Math.round((l.w * cols) / full)));
    return { ...l, w, x: Math.min(cols - w, Math.round((l.x * cols) / full)) };
  });
}
