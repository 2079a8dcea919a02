import { PaintEngine } from '@yumi/paint';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useAnime } from './store';

/** 256 MiB of undo history (the engine's default), printed in the customise panel. */
const HISTORY_BUDGET_BYTES = 256 * 1024 * 1024;

export function createEngine(width = 800, height = 600): PaintEngine {
  const engine = new PaintEngine({ width, height, history: { budgetBytes: HISTORY_BUDGET_BYTES } });
  engine.selectPreset('basic-brush');
  // Spec canvas state defaults: colour #000000, size 5, opacity 100.
  engine.setBrush({ size: 5, opacity: 100 });
  engine.setPressureCurves(useAnime.getState().pressureCurves);
  return engine;
}

export const EngineContext = createContext<PaintEngine | null>(null);

export function useEngine(): PaintEngine {
  const e = useContext(EngineContext);
  if (!e) throw new Error('useEngine outside EngineContext');
  return e;
}

/** Re-renders on every engine change (layers, tool, history). */
export function useEngineSnapshot() {
  const engine = useEngine();
  return useSyncExternalStore(
    (l) => engine.subscribe(l),
    () => engine.getSnapshot(),
  );
}

export const rgbToHex = (c: { r: number; g: number; b: number }) =>
  `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
