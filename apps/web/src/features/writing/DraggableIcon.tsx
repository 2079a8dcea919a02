import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { clampIconPosition, type Point } from './store';

/** A press that moves less than this is a click; more is a drag (which never opens the helper). */
const DRAG_THRESHOLD = 5;

/**
 * A workspace icon that can be dragged anywhere inside its container (keeping the spec's margin)
 * and opens its helper on a click, unless a drag is in progress. Arrow keys move it too. Its name is its visible text
 * (the helper's name and what it is for), so a user who says what they see reaches it (WCAG 2.5.3, label in name).
 */
export function DraggableIcon({
  id,
  position,
  bounds,
  onMove,
  onOpen,
  hint,
  children,
}: {
  id: string;
  position: Point;
  bounds: () => { width: number; height: number };
  onMove(p: Point): void;
  onOpen(): void;
  hint: string;
  children: ReactNode;
}) {
  const start = useRef<{ px: number; py: number; x: number; y: number } | null>(null);
  const dragging = useRef(false);
  const [live, setLive] = useState<Point | null>(null);
  const shown = live ?? position;

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    start.current = { px: e.clientX, py: e.clientY, x: position.x, y: position.y };
    dragging.current = false;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    if (!s) return;
    const dx = e.clientX - s.px;
    const dy = e.clientY - s.py;
    if (!dragging.current && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    dragging.current = true;
    const { width, height } = bounds();
    setLive(clampIconPosition({ x: s.x + dx, y: s.y + dy }, width, height));
  };
  const onPointerUp = () => {
    if (dragging.current && live) onMove(live);
    start.current = null;
    setLive(null);
    // The click that follows a drag's pointerup is swallowed in onClick.
    setTimeout(() => (dragging.current = false), 0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 40 : 10;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!d) return;
    e.preventDefault();
    const { width, height } = bounds();
    onMove(clampIconPosition({ x: position.x + d[0]!, y: position.y + d[1]! }, width, height));
  };

  return (
    <button
      type="button"
      className={`ws-icon ws-icon-${id} ${live ? 'dragging' : ''}`}
      style={{ transform: `translate(${shown.x}px, ${shown.y}px)` }}
      data-testid={`ws-icon-${id}`}
      title={hint}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={() => {
        if (!dragging.current) onOpen();
      }}
    >
      {children}
    </button>
  );
}
