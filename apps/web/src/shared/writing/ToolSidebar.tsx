import './writing-shared.css';
import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolDef {
  id: string;
  label: string;
  icon: ReactNode;
  category: string;
  /** The category colour (CSS colour). */
  color: string;
}

export type SidebarSide = 'left' | 'right';

/** Pixels a header must move before a press counts as a drag (a plain click toggles nothing). */
const DRAG_THRESHOLD = 6;

/**
 * The tool sidebar shared by the Writing and Report Helpers: left or right, collapsible, dragged by its
 * header (crossing the window's midpoint switches sides); a second click on a tool closes its panel,
 * and a click on a collapsed icon expands the bar with that tool open.
 */
export function ToolSidebar({
  title,
  tools,
  categories,
  activeTool,
  side,
  collapsed,
  onToolChange,
  onSideChange,
  onCollapsedChange,
  renderPanel,
}: {
  title: string;
  tools: ToolDef[];
  categories: Array<{ id: string; label: string; color: string }>;
  activeTool: string | null;
  side: SidebarSide;
  collapsed: boolean;
  onToolChange(id: string | null): void;
  onSideChange(side: SidebarSide): void;
  onCollapsedChange(collapsed: boolean): void;
  renderPanel(id: string): ReactNode;
}) {
  const { t } = useTranslation('writing');
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    d.moved = true;
    setOffset(dx);
    const mid = window.innerWidth / 2;
    const wanted: SidebarSide = e.clientX < mid ? 'left' : 'right';
    if (wanted !== side) {
      onSideChange(wanted);
      d.x = e.clientX;
      setOffset(0);
    }
  };
  const onPointerUp = () => {
    drag.current = null;
    setOffset(0);
  };

  const select = (id: string) => {
    if (collapsed) {
      onCollapsedChange(false);
      onToolChange(id);
      return;
    }
    onToolChange(activeTool === id ? null : id);
  };

  const header = (
    <div
      className="sidebar-head"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      title={t('sidebar.dragHint')}
      data-testid="sidebar-handle"
    >
      {!collapsed && (
        <>
          <span className="grip" aria-hidden="true">
            ⋮⋮
          </span>
          <strong>{title}</strong>
          <button type="button" className="icon-btn small" aria-label={t('sidebar.switchSide')} title={t('sidebar.switchSide')} onClick={() => onSideChange(side === 'left' ? 'right' : 'left')}>
            ⇄
          </button>
        </>
      )}
      <button
        type="button"
        className="icon-btn small"
        aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
        title={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
        aria-expanded={!collapsed}
        onClick={() => onCollapsedChange(!collapsed)}
      >
        {(side === 'left') !== collapsed ? '«' : '»'}
      </button>
    </div>
  );

  return (
    <aside
      className={`tool-sidebar side-${side} ${collapsed ? 'collapsed' : ''} ${offset ? 'dragging' : ''}`}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      aria-label={title}
      data-side={side}
      data-collapsed={collapsed}
    >
      {header}
      {collapsed ? (
        <nav className="sidebar-rail">
          {tools.map((tool) => (
            <button key={tool.id} type="button" data-tool={tool.id} className="rail-btn" style={{ borderColor: tool.color, ['--tool-color' as string]: tool.color }} aria-label={tool.label} title={tool.label} onClick={() => select(tool.id)}>
              <span aria-hidden="true">{tool.icon}</span>
            </button>
          ))}
        </nav>
      ) : (
        <div className="sidebar-body">
          {/* With a tool open, the list shrinks to an icon strip so the panel gets the room. */}
          {activeTool && (
            <div className="tool-strip" role="toolbar" aria-label={title}>
              {tools.map((tool) => (
                <button
                  key={tool.id}
                  type="button"
                  className={`strip-btn ${activeTool === tool.id ? 'active' : ''}`}
                  style={{ ['--tool-color' as string]: tool.color }}
                  aria-pressed={activeTool === tool.id}
                  aria-label={tool.label}
                  title={tool.label}
                  data-tool={tool.id}
                  onClick={() => select(tool.id)}
                >
                  <span aria-hidden="true">{tool.icon}</span>
                </button>
              ))}
            </div>
          )}
          {!activeTool && categories.map((cat) => {
            const items = tools.filter((x) => x.category === cat.id);
            if (!items.length) return null;
            return (
              <div key={cat.id} className="tool-group">
                <div className="tool-group-label" style={{ color: cat.color }}>
                  {cat.label}
                </div>
                <div className="tool-grid">
                  {items.map((tool) => (
                    <button
                      key={tool.id}
                      type="button"
                      className={`tool-btn ${activeTool === tool.id ? 'active' : ''}`}
                      style={{ ['--tool-color' as string]: tool.color }}
                      aria-pressed={activeTool === tool.id}
                      data-tool={tool.id}
                      onClick={() => select(tool.id)}
                    >
                      <span aria-hidden="true">{tool.icon}</span>
                      {tool.label}
                    </button>
                  ))}
                </div>
              </div>
            );
          })}
          {activeTool && (
            <section className="tool-panel" aria-label={tools.find((x) => x.id === activeTool)?.label} data-panel={activeTool}>
              {renderPanel(activeTool)}
            </section>
          )}
        </div>
      )}
    </aside>
  );
}
