import { GRID_COLS, GRID_MARGIN, GRID_PADDING, GRID_ROW_HEIGHT, type LayoutItem } from '@yumi/core';
import { useMemo } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import 'react-grid-layout/css/styles.css';
import { useLayoutStore } from '../../shared/layout/store';

/**
 * Layout Preview: the visible panels on the launcher's 10-column grid (row height 30, margin 5x5,
 * padding 0), draggable and resizable only in edit mode. In edit mode every panel moves, static or not,
 * as the prototype's preview flags allowed; the static flags are kept in the saved layout.
 */
export function LayoutPreview({ editing }: { editing: boolean }) {
  const { t } = useTranslation('main');
  const layout = useLayoutStore((s) => s.layout);
  const panels = useLayoutStore((s) => s.panels);
  const setLayout = useLayoutStore((s) => s.setLayout);
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const visible = useMemo(
    () =>
      layout.filter((item) => panels[item.i]).map((item) => ({ ...item, static: editing ? false : true })),
    [layout, panels, editing],
  );
  const onLayoutChange = (next: Layout) => {
    if (!editing) return;
    // Hidden panels keep their place; only the visible ones come back from the grid.
    const moved = new Map(next.map((n) => [n.i, n]));
    setLayout(
      layout.map((item): LayoutItem => {
        const n = moved.get(item.i);
        return n ? { ...item, x: n.x, y: n.y, w: n.w, h: n.h } : item;
      }),
    );
  };
  return (
    <div className={`layout-preview${editing ? ' is-editing' : ''}`} data-testid="layout-preview">
      {/* measured without the frame's padding, so the grid never overflows it */}
      <div ref={containerRef} className="layout-preview-inner">
        {mounted && width > 0 && (
          <GridLayout
            // A fresh grid per mode: toggling drag on a mounted grid left it ignoring later drags.
            key={editing ? 'editing' : 'locked'}
            width={width}
            layout={visible}
            gridConfig={{
              cols: GRID_COLS.lg,
              rowHeight: GRID_ROW_HEIGHT,
              margin: GRID_MARGIN,
              containerPadding: GRID_PADDING,
            }}
            dragConfig={{ enabled: editing }}
            resizeConfig={{ enabled: editing }}
            onLayoutChange={onLayoutChange}
          >
            {visible.map((item) => (
              <div
                key={item.i}
                className={`preview-panel preview-${item.i}`}
                data-testid={`preview-${item.i}`}
              >
                <span>{t(`customizer.panels.${item.i}`)}</span>
              </div>
            ))}
          </GridLayout>
        )}
      </div>
      {visible.length === 0 && <p className="muted preview-empty">{t('customizer.previewEmpty')}</p>}
    </div>
  );
}
