import { CONTEXT_PANELS, FLOATING_PANELS, TOOL_PRESET, toolbarItemsFor, type ContextPanel, type FloatingPanel, type ToolbarItemId } from '@yumi/core';
import {
  ArrowLeft, Brush, ChevronsLeft, ChevronsRight, Download, Eraser, Feather, GripVertical, Highlighter, History, Images, Layers, LayoutTemplate, Library,
  Paintbrush2, PaintBucket, Palette, PenLine, PenTool, Pencil, PersonStanding, Pipette, Scissors, Search, Settings2, Sparkles, Spline, SprayCan, Undo2,
  Upload, Wand, WandSparkles, type LucideIcon,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToolFromUrl } from '../../shared/writing/useToolFromUrl';
import { useEngine, useEngineSnapshot } from './engine';
import { useAnime } from './store';

const TOOL_ICONS: Record<ToolbarItemId, LucideIcon> = {
  back: ArrowLeft,
  draw: PenLine,
  brush: Brush,
  pencil: Pencil,
  marker: Highlighter,
  airbrush: SprayCan,
  'fine-liner': PenTool,
  'detail-brush': Feather,
  'texture-brush': Paintbrush2,
  eraser: Eraser,
  'precision-eraser': Scissors,
  'character-library': Library,
  'ai-color-assistant': Palette,
  'smart-brush': PaintBucket,
  'version-history': History,
  templates: LayoutTemplate,
  poses: PersonStanding,
  'yumi-references': Images,
  'ai-generate': Sparkles,
  'ai-outline': Spline,
  'ai-brush': WandSparkles,
  'ai-eraser': Wand,
  'search-photos': Search,
  upload: Upload,
  customize: Settings2,
  layers: Layers,
  colors: Pipette,
  history: Undo2,
  export: Download,
};

const isContext = (id: string): id is ContextPanel => (CONTEXT_PANELS as readonly string[]).includes(id);
const isFloating = (id: string): id is FloatingPanel => (FLOATING_PANELS as readonly string[]).includes(id);

/** The spec §2 icon toolbar: draggable by its grip, collapsible, drawing tools hidden in AI mode. */
export function Toolbar({ onBack, onUpload, onOutline }: { onBack(): void; onUpload(): void; onOutline(): void }) {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { mode, panels, toolbar, activeItem, canvasTool, referencesOpen } = useAnime();
  const set = useAnime((s) => s.set);
  const toggle = useAnime((s) => s.toggle);
  const drag = useRef<{ dx: number; dy: number } | null>(null);

  const press = (id: ToolbarItemId) => {
    const preset = TOOL_PRESET[id];
    if (preset) {
      engine.selectPreset(preset);
      set({ activeItem: id, canvasTool: 'paint' });
      return;
    }
    if (id === 'back') return onBack();
    if (id === 'upload') return onUpload();
    if (id === 'ai-outline') return onOutline();
    if (id === 'ai-generate') return set({ mode: 'ai-generate' });
    if (id === 'yumi-references') return set({ referencesOpen: true });
    if (id === 'ai-brush' || id === 'ai-eraser') {
      set({ mode: 'creative', canvasTool: canvasTool === id ? 'paint' : id });
      return;
    }
    if (isContext(id) || isFloating(id)) {
      if (mode !== 'creative') set({ mode: 'creative' });
      toggle(id);
    }
  };

  const pressed = (id: ToolbarItemId): boolean => {
    if (TOOL_PRESET[id]) return mode === 'creative' && canvasTool === 'paint' && activeItem === id && snap.presetId === TOOL_PRESET[id];
    if (id === 'ai-brush' || id === 'ai-eraser') return canvasTool === id;
    if (id === 'yumi-references') return referencesOpen;
    if (id === 'ai-generate') return mode === 'ai-generate';
    return panels.context === id || panels.floating === id;
  };

  // ?tool=<id> (an answer's action button) opens that tool or panel once; leaving and the file picker are never opened from an address.
  useToolFromUrl(
    (id) => (id in TOOL_ICONS && id !== 'back' && id !== 'upload' ? id : null),
    (id) => {
      if (!pressed(id as ToolbarItemId)) press(id as ToolbarItemId);
    },
  );

  const onGripDown = (e: React.PointerEvent<HTMLButtonElement>) => {
    drag.current = { dx: e.clientX - toolbar.x, dy: e.clientY - toolbar.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onGripMove = (e: React.PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    const parent = (e.currentTarget.closest('.anime-workspace') as HTMLElement | null)?.getBoundingClientRect();
    const maxX = (parent?.width ?? window.innerWidth) - 60;
    const maxY = (parent?.height ?? window.innerHeight) - 60;
    set({ toolbar: { ...toolbar, x: Math.max(0, Math.min(maxX, e.clientX - drag.current.dx)), y: Math.max(0, Math.min(maxY, e.clientY - drag.current.dy)) } });
  };

  const items = toolbarItemsFor(mode);
  return (
    <nav className={`anime-toolbar ${toolbar.collapsed ? 'is-collapsed' : ''}`} style={{ left: toolbar.x, top: toolbar.y }} aria-label={t('toolbar.label')}>
      <div className="anime-toolbar-head">
        <button type="button" className="anime-toolbar-grip" aria-label={t('toolbar.move')} title={t('toolbar.move')} onPointerDown={onGripDown} onPointerMove={onGripMove} onPointerUp={() => (drag.current = null)}>
          <GripVertical size={16} />
        </button>
        <button
          type="button"
          className="anime-toolbar-collapse"
          aria-expanded={!toolbar.collapsed}
          aria-label={toolbar.collapsed ? t('toolbar.expand') : t('toolbar.collapse')}
          title={toolbar.collapsed ? t('toolbar.expand') : t('toolbar.collapse')}
          onClick={() => set({ toolbar: { ...toolbar, collapsed: !toolbar.collapsed } })}
        >
          {toolbar.collapsed ? <ChevronsRight size={16} /> : <ChevronsLeft size={16} />}
        </button>
      </div>
      {!toolbar.collapsed && (
        <div className="anime-toolbar-items">
          {items.map((item, i) => (
            <span key={item.id} className="anime-toolbar-slot">
              {i > 0 && items[i - 1]!.group !== item.group && <span className="anime-toolbar-sep" aria-hidden />}
              <button
                type="button"
                className={`anime-tool ${pressed(item.id) ? 'is-active' : ''}`}
                aria-pressed={pressed(item.id)}
                aria-label={t(`toolbar.items.${item.id}`)}
                title={t(`toolbar.items.${item.id}`)}
                data-tool={item.id}
                onClick={() => press(item.id)}
              >
                {(() => {
                  const Icon = TOOL_ICONS[item.id];
                  return <Icon size={19} strokeWidth={1.9} aria-hidden />;
                })()}
              </button>
            </span>
          ))}
        </div>
      )}
    </nav>
  );
}
