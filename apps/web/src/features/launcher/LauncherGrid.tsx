import { breakpointForWidth, GRID_COLS, GRID_MARGIN, GRID_ROW_HEIGHT, layoutForColumns, type PanelId } from '@yumi/core';
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { useLayoutStore } from '../../shared/layout/store';
import { ChargePanel } from './ChargePanel';
import { FooterPanel } from './FooterPanel';
import { ModesPanel } from './ModesPanel';
import { StatsPanel } from './StatsPanel';

const subscribeResize = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};
const useColumns = () => useSyncExternalStore(subscribeResize, () => GRID_COLS[breakpointForWidth(window.innerWidth)]);

const PANELS: Record<PanelId, () => ReactNode> = {
  modes: () => <ModesPanel />,
  charge: () => <ChargePanel />,
  header: () => <StatsPanel />,
  footer: () => <FooterPanel />,
};

/**
 * The launcher's panels placed by the saved layout on the customizer's grid (10/8/6/4/2 columns, rows of
 * 30 px). Gaps are twice the preview's 5 px margin for legibility; rows grow with their content.
 */
export function LauncherGrid() {
  const layout = useLayoutStore((s) => s.layout);
  const panels = useLayoutStore((s) => s.panels);
  const cols = useColumns();
  const items = layoutForColumns(layout, cols).filter((item) => panels[item.i]);
  const style = {
    gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
    gridAutoRows: `minmax(${GRID_ROW_HEIGHT}px, auto)`,
    gap: `${GRID_MARGIN[1] * 2}px ${GRID_MARGIN[0] * 2}px`,
  } satisfies CSSProperties;
  return (
    <div className="launcher-grid" style={style} data-testid="launcher-grid">
      {items.map((item) => (
        <div
          key={item.i}
          className={`launcher-panel panel-${item.i}`}
          data-panel={item.i}
          style={{ gridColumn: `${item.x + 1} / span ${item.w}`, gridRow: `${item.y + 1} / span ${item.h}` }}
        >
          {PANELS[item.i]()}
        </div>
      ))}
    </div>
  );
}
