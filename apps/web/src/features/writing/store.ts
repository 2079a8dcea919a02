import {
  applyControlLevel,
  defaultControlSettings,
  emptyHistory,
  normalizeHistory,
  recordHistory,
  recordPersonality,
  type CreativeControlSettings,
  type HistoryKind,
  type UserHistory,
  type YumiPersonality,
} from '@yumi/core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { defaultBackground, normalizeBackground, type BackgroundSettings, type SidebarSide } from '../../shared/writing';

/** Default opacity of the Writing Helper background (§3). */
const WRITING_BACKGROUND_OPACITY = 0.9;
/** The icons stay inside the screen with this margin (§2, §9: 200 px by 100 px). */
const ICON_MARGIN = { x: 200, y: 100 } as const;

export interface Point {
  x: number;
  y: number;
}
export type IconId = 'writing' | 'report';
export type WritingView = 'menu' | 'writing' | 'report';

interface WritingState {
  iconPositions: Record<IconId, Point | null>;
  background: BackgroundSettings;
  sidebar: { side: SidebarSide; collapsed: boolean };
  /** Used when signed out; signed-in users keep these on the server (lib/profile.ts). */
  localControl: CreativeControlSettings;
  localHistory: UserHistory;
  setIconPosition(id: IconId, p: Point): void;
  setBackground(b: BackgroundSettings): void;
  setSidebar(s: Partial<WritingState['sidebar']>): void;
  setLocalControl(c: CreativeControlSettings): void;
  addLocalHistory(kind: HistoryKind, value: string): void;
  setLocalPersonality(p: YumiPersonality): void;
}

export const useWritingStore = create<WritingState>()(
  persist(
    (set, get) => ({
      iconPositions: { writing: null, report: null },
      background: defaultBackground(WRITING_BACKGROUND_OPACITY),
      sidebar: { side: 'right', collapsed: false },
      localControl: defaultControlSettings('writing'),
      localHistory: emptyHistory(),
      setIconPosition: (id, p) => set({ iconPositions: { ...get().iconPositions, [id]: p } }),
      setBackground: (background) => set({ background }),
      setSidebar: (s) => set({ sidebar: { ...get().sidebar, ...s } }),
      setLocalControl: (localControl) => set({ localControl }),
      addLocalHistory: (kind, value) => set({ localHistory: recordHistory(get().localHistory, kind, value) }),
      setLocalPersonality: (p) => set({ localHistory: recordPersonality(get().localHistory, p) }),
    }),
    {
      name: 'writing.workspace',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Stored values are repaired on load: a corrupt entry falls back to the defaults.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<WritingState>;
        const point = (v: unknown): Point | null =>
          v && typeof v === 'object' && Number.isFinite((v as Point).x) && Number.isFinite((v as Point).y) ? { x: (v as Point).x, y: (v as Point).y } : null;
        const control = p.localControl && typeof p.localControl === 'object' ? { ...current.localControl, ...p.localControl } : current.localControl;
        return {
          ...current,
          iconPositions: { writing: point(p.iconPositions?.writing), report: point(p.iconPositions?.report) },
          background: normalizeBackground(p.background, WRITING_BACKGROUND_OPACITY),
          sidebar: {
            side: p.sidebar?.side === 'left' ? 'left' : 'right',
            collapsed: p.sidebar?.collapsed === true,
          },
          localControl: applyControlLevel(control, ['precise', 'balanced', 'freestyle'].includes(control.level) ? control.level : 'balanced'),
          localHistory: normalizeHistory(p.localHistory),
        };
      },
    },
  ),
);

/** Clamps an icon position inside the screen with the spec's margin. */
export function clampIconPosition(p: Point, width: number, height: number): Point {
  return {
    x: Math.round(Math.min(Math.max(0, width - ICON_MARGIN.x), Math.max(0, p.x))),
    y: Math.round(Math.min(Math.max(0, height - ICON_MARGIN.y), Math.max(0, p.y))),
  };
}
