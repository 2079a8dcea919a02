import {
  DEFAULT_BACKGROUND,
  DEFAULT_LAYOUT,
  DEFAULT_PANELS,
  isCustomBackground,
  normaliseBackground,
  normaliseLayout,
  normalisePanels,
  STORAGE_KEYS,
  type BackgroundId,
  type LayoutExport,
  type LayoutItem,
  type LayoutSnapshot,
  type PanelId,
  type PanelVisibility,
  type Preferences,
} from '@yumi/core';
import { create } from 'zustand';
import { readJson, writeJson } from '../modes/storage';

export interface LayoutState {
  layout: LayoutItem[];
  background: BackgroundId;
  customBackground: string | null;
  panels: PanelVisibility;
  /** Bumped on every user change, so the server sync knows what to push. */
  revision: number;
  setLayout(layout: readonly LayoutItem[]): void;
  setBackground(id: BackgroundId): void;
  /** Answers false when local storage refused the image (the choice still applies for this visit). */
  setCustomBackground(dataUrl: string): boolean;
  setPanelVisible(id: PanelId, visible: boolean): void;
  reset(): void;
  applyImport(data: Partial<LayoutExport>): void;
  save(): LayoutSnapshot;
  /** Preferences from the server replace the local ones (not a user change: no revision bump). */
  replaceFromServer(p: Preferences): void;
  preferences(): Preferences;
}

/** Restores what local storage holds; anything corrupt is ignored in favour of the defaults (§5). */
function restore() {
  const layout = normaliseLayout(readJson(STORAGE_KEYS.layout));
  const panels = normalisePanels(readJson(STORAGE_KEYS.panels));
  const background = normaliseBackground(readJson(STORAGE_KEYS.background));
  const custom = readJson(STORAGE_KEYS.customBackground);
  if (readJson(STORAGE_KEYS.layout) !== undefined && !layout) console.info('Saved layout could not be read; using the default layout.');
  return {
    layout: layout ?? DEFAULT_LAYOUT.map((l) => ({ ...l })),
    panels: panels ?? { ...DEFAULT_PANELS },
    background: background ?? DEFAULT_BACKGROUND,
    customBackground: isCustomBackground(custom) ? custom : null,
  };
}

/** The launcher's layout, background and panel visibility; every change is written to local storage (§4). */
export const useLayoutStore = create<LayoutState>((set, get) => {
  const change = (patch: Partial<Pick<LayoutState, 'layout' | 'background' | 'customBackground' | 'panels'>>, bump = true) => {
    if (patch.layout) writeJson(STORAGE_KEYS.layout, patch.layout);
    if (patch.panels) writeJson(STORAGE_KEYS.panels, patch.panels);
    if (patch.background) writeJson(STORAGE_KEYS.background, patch.background);
    set({ ...patch, revision: bump ? get().revision + 1 : get().revision });
  };
  return {
    ...restore(),
    revision: 0,
    setLayout: (layout) => change({ layout: normaliseLayout(layout) ?? get().layout }),
    setBackground: (background) => change({ background }),
    setCustomBackground: (dataUrl) => {
      const stored = writeJson(STORAGE_KEYS.customBackground, dataUrl);
      change({ customBackground: dataUrl, background: 'custom' });
      return stored;
    },
    setPanelVisible: (id, visible) => change({ panels: { ...get().panels, [id]: visible } }),
    // Reset restores layout, background and panels; an uploaded image stays available as the Custom option.
    reset: () => change({ layout: DEFAULT_LAYOUT.map((l) => ({ ...l })), background: DEFAULT_BACKGROUND, panels: { ...DEFAULT_PANELS } }),
    applyImport: (data) => change(data),
    save: () => {
      const { layout, background, customBackground, panels } = get();
      const snapshot: LayoutSnapshot = { layout, background, customBackground, panels, timestamp: new Date().toISOString() };
      // The snapshot without the image when the image does not fit next to it.
      if (!writeJson(STORAGE_KEYS.savedLayout, snapshot)) writeJson(STORAGE_KEYS.savedLayout, { ...snapshot, customBackground: null });
      set({ revision: get().revision + 1 });
      return snapshot;
    },
    replaceFromServer: (p) => {
      if (p.customBackground) writeJson(STORAGE_KEYS.customBackground, p.customBackground);
      change({ layout: normaliseLayout(p.layout) ?? get().layout, background: p.background, customBackground: p.customBackground ?? get().customBackground, panels: p.panels }, false);
    },
    preferences: () => {
      const { layout, background, customBackground, panels } = get();
      return { layout, background, customBackground, panels };
    },
  };
});
