import {
  addPaletteColor,
  DEFAULT_EXPORT,
  DEFAULT_PALETTE,
  EMPTY_BRIEF,
  pushRecentColor,
  togglePanel,
  type ContextPanel,
  type DesignBrief,
  type ExportFormat,
  type FloatingPanel,
  type PanelState,
} from '@yumi/core';
import { getSmartBrushPreset, type SmartBrushSettings } from '@yumi/imaging';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { PressureCurve } from '@yumi/paint';
import type { PendingTransform } from './canvas/selection';

type AnimeMode = 'creative' | 'ai-generate';
/** What a press on the canvas does. */
type CanvasTool = 'paint' | 'fill' | 'eyedropper' | 'select' | 'move' | 'transform' | 'ai-brush' | 'ai-eraser';

export type SelectShape = 'rect' | 'ellipse' | 'lasso' | 'wand';
/** Selection tool options: shape, how a new shape combines, magic wand tolerance and contiguity. */
export interface SelectSettings {
  shape: SelectShape;
  op: 'replace' | 'add' | 'subtract';
  tolerance: number;
  contiguous: boolean;
  feather: number;
}
const DEFAULT_SELECT: SelectSettings = { shape: 'rect', op: 'replace', tolerance: 32, contiguous: true, feather: 8 };

/** Fill bucket options (persisted): tolerance 0-255, gap closing 0-32 px, sample all layers or the current one. */
export interface FillSettings {
  tolerance: number;
  gapClose: number;
  sampleAll: boolean;
}
const DEFAULT_FILL: FillSettings = { tolerance: 32, gapClose: 4, sampleAll: true };

const defaultSmart = (): SmartBrushSettings => ({ ...getSmartBrushPreset('default')!.settings });

interface AnimeState {
  mode: AnimeMode;
  panels: PanelState;
  referencesOpen: boolean;
  canvasTool: CanvasTool;
  /** The symmetry options are open: the ruler's centre handle shows on the canvas and can be dragged. */
  symmetryOpen: boolean;
  /** Toolbar item whose brush is selected (for the pressed state). */
  activeItem: string;
  palette: string[];
  recentColors: string[];
  /** Ignore touch input for drawing (palm rejection); fingers still pan and zoom. */
  penOnly: boolean;
  smartEnabled: boolean;
  smart: SmartBrushSettings;
  fill: FillSettings;
  select: SelectSettings;
  brief: DesignBrief;
  characterId: string | null;
  characterName: string;
  exportFormat: ExportFormat;
  exportQuality: number;
  exportSize: number;
  toolbar: { x: number; y: number; collapsed: boolean };
  livePreview: boolean;
  /** Free transform in progress (Transform tool), null when none. */
  transform: PendingTransform | null;
  /** Pressure curve per brush preset id (persisted; the engine applies it when the brush is picked). */
  pressureCurves: Record<string, PressureCurve>;
  setMode(m: AnimeMode): void;
  toggle(id: ContextPanel | FloatingPanel): void;
  closePanels(): void;
  set(patch: Partial<AnimeState>): void;
  addColor(hex: string): void;
  rememberColor(hex: string): void;
  addDesignElement(text: string): void;
}

export const useAnime = create<AnimeState>()(
  persist(
    (set) => ({
      mode: 'creative',
      panels: { context: null, floating: null },
      referencesOpen: false,
      canvasTool: 'paint',
      symmetryOpen: false,
      activeItem: 'brush',
      palette: [...DEFAULT_PALETTE],
      recentColors: [],
      penOnly: false,
      smartEnabled: false,
      smart: defaultSmart(),
      fill: { ...DEFAULT_FILL },
      select: { ...DEFAULT_SELECT },
      brief: { ...EMPTY_BRIEF },
      characterId: null,
      characterName: '',
      exportFormat: DEFAULT_EXPORT.format,
      exportQuality: DEFAULT_EXPORT.quality,
      exportSize: DEFAULT_EXPORT.sizePercent,
      toolbar: { x: 12, y: 12, collapsed: false },
      livePreview: true,
      transform: null,
      pressureCurves: {},
      setMode: (mode) => set({ mode }),
      toggle: (id) => set((s) => ({ panels: togglePanel(s.panels, id) })),
      closePanels: () => set({ panels: { context: null, floating: null } }),
      set: (patch) => set(patch),
      addColor: (hex) => set((s) => ({ palette: addPaletteColor(s.palette, hex) })),
      rememberColor: (hex) => set((s) => ({ recentColors: pushRecentColor(s.recentColors, hex) })),
      addDesignElement: (text) =>
        set((s) => (s.brief.designElements.includes(text) ? s : { brief: { ...s.brief, designElements: [...s.brief.designElements, text].slice(-60) } })),
    }),
    {
      name: 'yumi-anime',
      version: 1,
      // Only preferences survive a reload; panels and tools start closed.
      partialize: (s) => ({
        palette: s.palette,
        recentColors: s.recentColors,
        penOnly: s.penOnly,
        smart: s.smart,
        fill: s.fill,
        brief: s.brief,
        characterId: s.characterId,
        characterName: s.characterName,
        exportFormat: s.exportFormat,
        exportQuality: s.exportQuality,
        exportSize: s.exportSize,
        toolbar: s.toolbar,
        livePreview: s.livePreview,
        pressureCurves: s.pressureCurves,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<AnimeState>;
        // Corrupt storage must not break the page: keep only values of the right shape.
        const ok = <T,>(v: unknown, check: (x: unknown) => boolean, fallback: T): T => (check(v) ? (v as T) : fallback);
        const strings = (x: unknown) => Array.isArray(x) && x.every((c) => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c));
        return {
          ...current,
          palette: ok(p.palette, strings, current.palette),
          recentColors: ok(p.recentColors, strings, current.recentColors),
          penOnly: ok(p.penOnly, (x) => typeof x === 'boolean', current.penOnly),
          smart: ok(p.smart, (x) => !!x && typeof x === 'object' && 'mode' in x, current.smart),
          fill: ok(p.fill, (x) => !!x && typeof x === 'object' && typeof (x as FillSettings).tolerance === 'number' && typeof (x as FillSettings).gapClose === 'number', current.fill),
          brief: ok(p.brief, (x) => !!x && typeof x === 'object' && Array.isArray((x as DesignBrief).designElements), current.brief),
          characterId: ok(p.characterId, (x) => x === null || typeof x === 'string', current.characterId),
          characterName: ok(p.characterName, (x) => typeof x === 'string', current.characterName),
          exportFormat: ok(p.exportFormat, (x) => ['png', 'jpg', 'webp', 'svg', 'psd'].includes(x as string), current.exportFormat),
          exportQuality: ok(p.exportQuality, (x) => typeof x === 'number' && x >= 1 && x <= 100, current.exportQuality),
          exportSize: ok(p.exportSize, (x) => typeof x === 'number' && x >= 1 && x <= 400, current.exportSize),
          toolbar: ok(p.toolbar, (x) => !!x && typeof x === 'object' && typeof (x as { x: unknown }).x === 'number', current.toolbar),
          livePreview: ok(p.livePreview, (x) => typeof x === 'boolean', current.livePreview),
          pressureCurves: ok(p.pressureCurves, (x) => !!x && typeof x === 'object' && !Array.isArray(x), current.pressureCurves),
        };
      },
    },
  ),
);
