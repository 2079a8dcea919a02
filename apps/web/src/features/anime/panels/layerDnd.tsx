import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type ClientRect,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
  type Over,
} from '@dnd-kit/core';
import type { DropPlace, LayerInfo } from '@yumi/paint';
import { GripVertical } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useEngine } from '../engine';

/** Where a drop would land: next to `targetId` or inside it. */
export interface DropAt {
  targetId: string;
  place: DropPlace;
}

/**
 * The drop zones of a row, top to bottom (fractions of its height): a layer has above/below halves;
 * a group has a thin edge above and below and its middle puts the dragged item inside it.
 */
const zones = (group: boolean): { place: DropPlace; from: number; to: number }[] =>
  group
    ? [
        { place: 'above', from: 0, to: 0.25 },
        { place: 'inside', from: 0.25, to: 0.75 },
        { place: 'below', from: 0.75, to: 1 },
      ]
    : [
        { place: 'above', from: 0, to: 0.5 },
        { place: 'below', from: 0.5, to: 1 },
      ];

const isGroup = (o: { data: { current?: Record<string, unknown> } } | null) =>
  o?.data.current?.group === true;

/** The zone of `over` under the middle of the dragged row. */
function dropAt(active: Active, over: Over | null): DropAt | null {
  const rect = active.rect.current.translated;
  if (!over || !rect || over.id === active.id) return null;
  const mid = rect.top + rect.height / 2;
  const rel = (mid - over.rect.top) / Math.max(1, over.rect.height);
  const zone = zones(isGroup(over)).find((z) => rel < z.to) ?? zones(isGroup(over)).at(-1)!;
  return { targetId: String(over.id), place: zone.place };
}

/**
 * Arrow keys step the dragged row through every drop zone in turn (above, inside, below each row)
 * instead of moving it by a fixed number of pixels, so each press means one place.
 */
const stepThroughZones: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const rect: ClientRect | null = context.collisionRect;
  if (!rect || (event.code !== 'ArrowDown' && event.code !== 'ArrowUp')) return undefined;
  event.preventDefault();
  const mid = rect.top + rect.height / 2;
  const stops: number[] = [];
  for (const c of context.droppableContainers.getEnabled()) {
    const r = context.droppableRects.get(c.id);
    if (!r || c.id === context.active?.id) continue;
    for (const z of zones(isGroup(c))) stops.push(r.top + r.height * ((z.from + z.to) / 2));
  }
  stops.sort((a, b) => a - b);
  const next =
    event.code === 'ArrowDown' ? stops.find((y) => y > mid + 1) : stops.findLast((y) => y < mid - 1);
  return next === undefined
    ? currentCoordinates
    : { x: currentCoordinates.x, y: currentCoordinates.y + next - mid };
};

const DropContext = createContext<DropAt | null>(null);

/**
 * Drag and drop for the layers panel (dnd-kit): drag a row by its grip, with a pointer or with the
 * keyboard (Space to lift, arrows to choose the place, Space to drop, Escape to cancel), above or
 * below another layer or into a group. Screen readers hear where it will go, in the UI language.
 */
export function LayerDnd({ layers, children }: { layers: readonly LayerInfo[]; children: ReactNode }) {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const [target, setTarget] = useState<DropAt | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepThroughZones }),
  );
  const announcements: Announcements = useMemo(() => {
    const name = (id: string | number) => layers.find((l) => l.id === id)?.name ?? '';
    const where = (active: Active, over: Over | null) => {
      // not moved yet: "picked up" stays the last word
      const { initial, translated } = active.rect.current;
      if (initial && translated && initial.top === translated.top) return undefined;
      const d = dropAt(active, over);
      return d
        ? t(`layers.drag.${d.place}`, { name: name(active.id), target: name(d.targetId) })
        : t('layers.drag.nowhere', { name: name(active.id) });
    };
    return {
      onDragStart: ({ active }) => t('layers.drag.picked', { name: name(active.id) }),
      onDragMove: ({ active, over }) => where(active, over),
      onDragOver: ({ active, over }) => where(active, over),
      onDragEnd: ({ active, over }) => {
        const d = dropAt(active, over);
        return d
          ? t(`layers.drag.dropped.${d.place}`, { name: name(active.id), target: name(d.targetId) })
          : t('layers.drag.cancelled', { name: name(active.id) });
      },
      onDragCancel: ({ active }) => t('layers.drag.cancelled', { name: name(active.id) }),
    };
  }, [t, layers]);
  const track = (e: DragMoveEvent) => {
    const d = dropAt(e.active, e.over);
    setTarget((prev) => (prev?.targetId === d?.targetId && prev?.place === d?.place ? prev : d));
  };
  const end = (e: DragEndEvent) => {
    setTarget(null);
    const d = dropAt(e.active, e.over);
    if (!d) return;
    const r = engine.placeItem(String(e.active.id), d.targetId, d.place);
    if (!r.ok) toast('warning', t('layers.drag.refused'));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragMove={track}
      onDragOver={track}
      onDragEnd={end}
      onDragCancel={() => setTarget(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('layers.drag.instructions') },
      }}
    >
      <DropContext.Provider value={target}>{children}</DropContext.Provider>
    </DndContext>
  );
}

/** One row of the layers list as a drag source (by its grip) and a drop target. */
export function useLayerRowDnd(layer: LayerInfo) {
  const { t } = useTranslation('anime');
  const drag = useDraggable({
    id: layer.id,
    data: { group: layer.group },
    attributes: { roleDescription: t('layers.drag.role') },
  });
  // the row being dragged is no place to drop it
  const drop = useDroppable({ id: layer.id, data: { group: layer.group }, disabled: drag.isDragging });
  const target = useContext(DropContext);
  const place = target?.targetId === layer.id ? target.place : null;
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  const setRef = useCallback(
    (el: HTMLElement | null) => {
      setDragRef(el);
      setDropRef(el);
    },
    [setDragRef, setDropRef],
  );
  const style = drag.transform
    ? { transform: `translate3d(0, ${drag.transform.y}px, 0)`, zIndex: 2, position: 'relative' as const }
    : undefined;
  const className = `${drag.isDragging ? 'is-dragging' : ''} ${place ? `is-drop-${place}` : ''}`;
  const grip = (
    <button
      type="button"
      className="an-icon-toggle an-layer-grip"
      aria-label={t('layers.drag.handle', { name: layer.name })}
      {...drag.attributes}
      {...drag.listeners}
      ref={drag.setActivatorNodeRef}
    >
      <GripVertical size={16} aria-hidden />
    </button>
  );
  return { setRef, style, className, grip };
}
