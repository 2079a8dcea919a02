import { applyAffine, invertAffine, type InputPoint, type Point, type PointerKind } from '@yumi/paint';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { rgbToHex, useEngine, useEngineSnapshot } from '../engine';
import { useAnime } from '../store';
import { aiDrawAt, bucketFillAt, smartFillAt } from './actions';
import { paletteInsets } from './freeArea';
import { IDENTITY_TRANSFORM, selectAll, selectDrag, selectionOutline, transformMatrix, wandSelect, type PendingTransform } from './selection';

/** A drag of a selection, move or transform tool (document coordinates). */
type ToolDrag =
  | { kind: 'select'; id: number; points: Point[]; op: 'replace' | 'add' | 'subtract' }
  | { kind: 'move'; id: number; start: Point; now: Point }
  | { kind: 'transform'; id: number; handle: Handle; start: Point; from: PendingTransform }
  | { kind: 'symmetry'; id: number };
/** Transform handles: a corner or side (hx, hy in -1..1), the rotation knob, or the inside (move). */
type Handle = { hx: number; hy: number } | 'rotate' | 'inside';
const HANDLES: { hx: number; hy: number }[] = [-1, 0, 1].flatMap((hy) => [-1, 0, 1].map((hx) => ({ hx, hy }))).filter((h) => h.hx !== 0 || h.hy !== 0);
/** Screen pixels: handle grab radius and the rotation knob's distance above the box. */
const GRAB = 10;
const KNOB = 28;
/** Screen pixels: drawn radius of the symmetry centre handle (grabbed within GRAB). */
const HANDLE_RADIUS = 7;

interface Gesture {
  /** Screen positions of the two fingers at the last move. */
  a: { x: number; y: number };
  b: { x: number; y: number };
}

const dist = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y);
const mid = (p: { x: number; y: number }, q: { x: number; y: number }) => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 });

/**
 * The drawing surface: a document-sized <canvas> transformed by the viewport inside a clipping stage.
 * Pointer input (pen pressure, coalesced samples, touch) goes to the engine; two fingers, space-drag or
 * the middle button pan, pinch zooms and rotates, the wheel zooms at the cursor.
 */
export function PaintCanvas({ onViewChange }: { onViewChange?(): void }) {
  const engine = useEngine();
  const { t } = useTranslation('anime');
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number; type: string }>());
  const gesture = useRef<Gesture | null>(null);
  const panning = useRef<{ id: number; x: number; y: number } | null>(null);
  const spaceDown = useRef(false);
  const drawingPointer = useRef<number | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const cursorRef = useRef<SVGCircleElement>(null);
  const [drag, setDrag] = useState<ToolDrag | null>(null);
  const snap = useEngineSnapshot();
  const canvasTool = useAnime((s) => s.canvasTool);
  const symmetryOpen = useAnime((s) => s.symmetryOpen);
  const selectShape = useAnime((s) => s.select.shape);
  const pending = useAnime((s) => s.transform);
  const outline = useMemo(
    () => (snap.selection && engine.selection ? selectionOutline(engine.selection, snap.width, snap.height, snap.selection) : ''),
    // the mask changes only together with its bounds or the snapshot version
    [engine, snap.selection, snap.width, snap.height],
  );

  const applyTransform = useCallback(() => {
    const c = canvasRef.current;
    if (!c) return;
    c.style.transform = engine.viewport.cssTransform();
    c.style.imageRendering = engine.viewport.zoom >= 2 ? 'pixelated' : 'auto';
    if (svgRef.current) svgRef.current.style.transform = c.style.transform;
    onViewChange?.();
  }, [engine, onViewChange]);

  const fit = useCallback(() => {
    const s = stageRef.current;
    if (!s) return;
    // Fitted beside the floating tool palette, not under it (on a tablet the drawing is as wide as the stage).
    const palette = s.parentElement?.querySelector('.anime-toolbar')?.getBoundingClientRect() ?? null;
    const inset = paletteInsets(s.getBoundingClientRect(), palette);
    engine.viewport.fitToView(engine.document.width, engine.document.height, s.clientWidth - inset.left - inset.right, s.clientHeight - inset.bottom, 24);
    engine.viewport.panBy(inset.left, 0);
    applyTransform();
  }, [engine, applyTransform]);

  // Render loop: composite what changed and upload only those rects.
  useEffect(() => {
    let raf = 0;
    let image: ImageData | null = null;
    let out = engine.output;
    const frame = () => {
      const c = canvasRef.current;
      if (c) {
        if (c.width !== engine.document.width || c.height !== engine.document.height) {
          c.width = engine.document.width;
          c.height = engine.document.height;
          engine.invalidate();
          image = null;
          fit();
        }
        if (!image || out !== engine.output) {
          out = engine.output;
          image = new ImageData(out.data as Uint8ClampedArray<ArrayBuffer>, out.width, out.height);
        }
        const ctx = c.getContext('2d')!;
        for (const r of engine.render()) ctx.putImageData(image, 0, 0, r.x, r.y, r.width, r.height);
      }
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [engine, fit]);

  useEffect(() => {
    fit();
    const s = stageRef.current;
    if (!s) return;
    const ro = new ResizeObserver(() => applyTransform());
    ro.observe(s);
    window.addEventListener('anime:fit', fit);
    window.addEventListener('anime:view', applyTransform);
    return () => {
      ro.disconnect();
      window.removeEventListener('anime:fit', fit);
      window.removeEventListener('anime:view', applyTransform);
    };
  }, [fit, applyTransform]);

  const local = (e: { clientX: number; clientY: number }) => {
    const box = stageRef.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const toPoint = (e: PointerEvent): InputPoint => ({
    ...engine.viewport.screenToDocument(local(e)),
    pressure: e.pressure,
    tiltX: e.tiltX,
    tiltY: e.tiltY,
    time: e.timeStamp,
    pointerType: (e.pointerType || 'mouse') as PointerKind,
  });

  const warn = (reason: string) => {
    if (reason === 'locked') toast('warning', t('canvas.locked'));
    else if (reason === 'hidden') toast('warning', t('canvas.hidden'));
    else if (reason === 'group') toast('warning', t('layers.refused.group'));
  };

  const onPointerDown = (ev: React.PointerEvent<HTMLDivElement>) => {
    const e = ev.nativeEvent;
    const stage = stageRef.current!;
    pointers.current.set(e.pointerId, { ...local(e), type: e.pointerType });
    const state = useAnime.getState();
    const touches = [...pointers.current.values()].filter((p) => p.type === 'touch');
    if (e.pointerType === 'touch' && touches.length >= 2) {
      // A second finger turns the touch into a gesture: drop the stroke the first finger began.
      if (drawingPointer.current !== null) engine.cancelStroke();
      drawingPointer.current = null;
      gesture.current = { a: touches[0]!, b: touches[1]! };
      capture(stage, e.pointerId);
      return;
    }
    if (e.button === 1 || spaceDown.current || (e.pointerType === 'touch' && state.penOnly)) {
      // Palm rejection: with pen-only on, one finger pans instead of drawing.
      panning.current = { id: e.pointerId, ...local(e) };
      capture(stage, e.pointerId);
      e.preventDefault();
      return;
    }
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    const p = toPoint(e);
    if (onSymmetryHandle(p)) {
      setDrag({ kind: 'symmetry', id: e.pointerId });
      capture(stage, e.pointerId);
      return;
    }
    if (state.canvasTool === 'eyedropper') {
      const c = engine.sampleColor(p.x, p.y);
      const hex = rgbToHex(c);
      engine.setColor(hex);
      state.rememberColor(hex);
      state.set({ canvasTool: 'paint' });
      return;
    }
    if (state.canvasTool === 'select') {
      const op = e.shiftKey ? 'add' : e.altKey ? 'subtract' : state.select.op;
      if (state.select.shape === 'wand') return wandSelect(engine, p.x, p.y, state.select, op);
      setDrag({ kind: 'select', id: e.pointerId, points: [{ x: p.x, y: p.y }], op });
      capture(stage, e.pointerId);
      return;
    }
    if (state.canvasTool === 'move') {
      setDrag({ kind: 'move', id: e.pointerId, start: { x: p.x, y: p.y }, now: { x: p.x, y: p.y } });
      capture(stage, e.pointerId);
      return;
    }
    if (state.canvasTool === 'transform') {
      const handle = hitHandle(p);
      if (handle) {
        setDrag({ kind: 'transform', id: e.pointerId, handle, start: { x: p.x, y: p.y }, from: state.transform ?? IDENTITY_TRANSFORM });
        capture(stage, e.pointerId);
      }
      return;
    }
    if (state.canvasTool === 'fill') {
      const r = bucketFillAt(engine, p.x, p.y, state.fill);
      if (!r.ok) warn(r.reason);
      else state.rememberColor(rgbToHex(engine.color));
      return;
    }
    if (state.canvasTool === 'ai-brush' || state.canvasTool === 'ai-eraser') {
      const mode = state.canvasTool;
      toast('info', t('ai.working'), 2000);
      aiDrawAt(engine, p.x, p.y, mode).catch((err: unknown) => {
        // Spec §8: AI draw failure is logged; we also tell the user why, since nothing appears.
        console.error('AI draw failed', err);
        toast('error', (err as Error).message || t('ai.failed'));
      });
      return;
    }
    if (state.smartEnabled && engine.tool === 'brush') {
      const r = smartFillAt(engine, p.x, p.y, rgbToHex(engine.color), state.smart);
      if (!r.ok) warn(r.reason);
      return;
    }
    const r = engine.beginStroke(p);
    if (!r.ok) return warn(r.reason);
    drawingPointer.current = e.pointerId;
    capture(stage, e.pointerId);
    state.rememberColor(rgbToHex(engine.color));
  };

  /** The brush size cursor: a circle of the brush's diameter under the pen or mouse (set directly, no re-render). */
  const moveCursor = (e: PointerEvent | null) => {
    const c = cursorRef.current;
    if (!c) return;
    const show = e !== null && e.pointerType !== 'touch' && useAnime.getState().canvasTool === 'paint' && !panning.current && !gesture.current;
    c.style.display = show ? '' : 'none';
    if (!show) return;
    const p = engine.viewport.screenToDocument(local(e));
    c.setAttribute('cx', String(p.x));
    c.setAttribute('cy', String(p.y));
    c.setAttribute('r', String(Math.max(0.5, engine.brush.size / 2)));
  };

  const onPointerMove = (ev: React.PointerEvent<HTMLDivElement>) => {
    const e = ev.nativeEvent;
    moveCursor(e);
    stageRef.current?.classList.toggle('is-over-symmetry-handle', drag?.kind === 'symmetry' || onSymmetryHandle(engine.viewport.screenToDocument(local(e))));
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { ...local(e), type: e.pointerType });
    const g = gesture.current;
    if (g) {
      const touches = [...pointers.current.values()].filter((p) => p.type === 'touch');
      if (touches.length < 2) return;
      const [a, b] = [touches[0]!, touches[1]!];
      const before = mid(g.a, g.b);
      const after = mid(a, b);
      engine.viewport.panBy(after.x - before.x, after.y - before.y);
      const scale = dist(a, b) / Math.max(1, dist(g.a, g.b));
      engine.viewport.zoomBy(after, scale);
      const angle = Math.atan2(b.y - a.y, b.x - a.x) - Math.atan2(g.b.y - g.a.y, g.b.x - g.a.x);
      if (Math.abs(angle) > 0.002) engine.viewport.rotateAround(after, angle);
      gesture.current = { a, b };
      applyTransform();
      return;
    }
    if (panning.current?.id === e.pointerId) {
      const p = local(e);
      engine.viewport.panBy(p.x - panning.current.x, p.y - panning.current.y);
      panning.current = { id: e.pointerId, ...p };
      applyTransform();
      return;
    }
    if (drag && drag.id === e.pointerId) {
      const p = engine.viewport.screenToDocument(local(e));
      if (drag.kind === 'select') setDrag({ ...drag, points: (useAnime.getState().select.shape === 'lasso' ? [...drag.points, p] : [drag.points[0]!, p]) });
      else if (drag.kind === 'move') setDrag({ ...drag, now: p });
      else if (drag.kind === 'symmetry') engine.setSymmetry({ cx: Math.round(p.x), cy: Math.round(p.y) });
      else useAnime.getState().set({ transform: dragTransform(drag, p) });
      return;
    }
    if (drawingPointer.current === e.pointerId) {
      const samples = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
      engine.extendStroke((samples.length > 0 ? samples : [e]).map(toPoint));
    }
  };

  const onPointerEnd = (ev: React.PointerEvent<HTMLDivElement>) => {
    const e = ev.nativeEvent;
    pointers.current.delete(e.pointerId);
    if (drag && drag.id === e.pointerId) {
      setDrag(null);
      if (drag.kind === 'select') selectDrag(engine, useAnime.getState().select.shape, drag.points, drag.op);
      if (drag.kind === 'move') moveBy(drag.now.x - drag.start.x, drag.now.y - drag.start.y);
    }
    if (drawingPointer.current === e.pointerId) {
      engine.endStroke();
      drawingPointer.current = null;
    }
    if (panning.current?.id === e.pointerId) panning.current = null;
    if (gesture.current && [...pointers.current.values()].filter((p) => p.type === 'touch').length < 2) gesture.current = null;
  };

  /** Moves the selected pixels of the active layer (the whole layer when nothing is selected). */
  const moveBy = (dx: number, dy: number) => {
    const x = Math.round(dx);
    const y = Math.round(dy);
    if (x === 0 && y === 0) return;
    const whole = !engine.selection;
    if (whole) selectAll(engine);
    const r = engine.transformSelection(engine.document.activeLayerId, [1, 0, 0, 1, x, y], 'Move');
    if (whole) engine.setSelection(null);
    if (!r.ok) warn(r.reason);
  };

  /** Corners, sides, rotation knob of the pending transform, in document coordinates. */
  const handlePoints = (t: PendingTransform) => {
    const b = engine.getSnapshot().selection;
    if (!b) return null;
    const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    const m = transformMatrix(t, c);
    const at = (hx: number, hy: number) => applyAffine(m, { x: c.x + (hx * b.width) / 2, y: c.y + (hy * b.height) / 2 });
    const top = at(0, -1);
    const centre = applyAffine(m, c);
    const len = Math.hypot(top.x - centre.x, top.y - centre.y) || 1;
    const k = KNOB / engine.viewport.zoom / len;
    return { b, c, m, corners: [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)], handles: HANDLES.map((h) => ({ ...h, p: at(h.hx, h.hy) })), knob: { x: top.x + (top.x - centre.x) * k, y: top.y + (top.y - centre.y) * k }, top };
  };

  /** The symmetry centre's handle (shown while the symmetry options are open) is under the pointer. */
  const onSymmetryHandle = (p: Point): boolean => {
    const s = engine.symmetry;
    return s.mode !== 'off' && useAnime.getState().symmetryOpen && Math.hypot(p.x - s.cx, p.y - s.cy) <= GRAB / engine.viewport.zoom;
  };

  const hitHandle = (p: Point): Handle | null => {
    const h = handlePoints(useAnime.getState().transform ?? IDENTITY_TRANSFORM);
    if (!h) return null;
    const r = GRAB / engine.viewport.zoom;
    if (Math.hypot(p.x - h.knob.x, p.y - h.knob.y) <= r) return 'rotate';
    for (const q of h.handles) if (Math.hypot(p.x - q.p.x, p.y - q.p.y) <= r) return { hx: q.hx, hy: q.hy };
    const l = applyAffine(invertAffine(h.m), p);
    return Math.abs(l.x - h.c.x) <= h.b.width / 2 && Math.abs(l.y - h.c.y) <= h.b.height / 2 ? 'inside' : null;
  };

  const dragTransform = (d: Extract<ToolDrag, { kind: 'transform' }>, p: Point): PendingTransform => {
    const t = d.from;
    const b = engine.getSnapshot().selection!;
    const cx = b.x + b.width / 2 + t.tx;
    const cy = b.y + b.height / 2 + t.ty;
    if (d.handle === 'inside') return { ...t, tx: t.tx + p.x - d.start.x, ty: t.ty + p.y - d.start.y };
    if (d.handle === 'rotate') {
      const a0 = Math.atan2(d.start.y - cy, d.start.x - cx);
      return { ...t, angle: t.angle + Math.atan2(p.y - cy, p.x - cx) - a0 };
    }
    // scale about the centre: the dragged side follows the pointer (crossing over flips)
    const cos = Math.cos(-t.angle);
    const sin = Math.sin(-t.angle);
    const lx = cos * (p.x - cx) - sin * (p.y - cy);
    const ly = sin * (p.x - cx) + cos * (p.y - cy);
    const keep = (v: number) => (Math.abs(v) < 0.01 ? 0.01 * Math.sign(v || 1) : v);
    return {
      ...t,
      sx: d.handle.hx ? keep(lx / ((d.handle.hx * b.width) / 2)) : t.sx,
      sy: d.handle.hy ? keep(ly / ((d.handle.hy * b.height) / 2)) : t.sy,
    };
  };

  const onWheel = useCallback(
    (e: WheelEvent) => {
      e.preventDefault();
      const box = stageRef.current!.getBoundingClientRect();
      const anchor = { x: e.clientX - box.left, y: e.clientY - box.top };
      if (e.shiftKey) engine.viewport.panBy(-e.deltaY, 0);
      else engine.viewport.zoomBy(anchor, Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015)));
      applyTransform();
    },
    [engine, applyTransform],
  );

  useEffect(() => {
    const s = stageRef.current;
    if (!s) return;
    s.addEventListener('wheel', onWheel, { passive: false });
    return () => s.removeEventListener('wheel', onWheel);
  }, [onWheel]);

  // Space held: drag pans (as in desktop painting programs).
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.code === 'Space' && !isTyping(e)) {
        spaceDown.current = true;
        stageRef.current?.classList.add('is-panning');
        e.preventDefault();
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') {
        spaceDown.current = false;
        stageRef.current?.classList.remove('is-panning');
      }
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  return (
    <div
      ref={stageRef}
      className="paint-stage"
      data-testid="paint-stage"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onLostPointerCapture={onPointerEnd}
      onPointerLeave={() => moveCursor(null)}
      onContextMenu={(e) => e.preventDefault()}
    >
      <canvas ref={canvasRef} className="paint-canvas" aria-label={t('canvas.label')} role="img" />
      <svg ref={svgRef} className="paint-overlay" width={snap.width} height={snap.height} viewBox={`0 0 ${snap.width} ${snap.height}`} aria-hidden>
        <SymmetryGuides handle={symmetryOpen ? HANDLE_RADIUS / engine.viewport.zoom : 0} />
        <circle ref={cursorRef} className="paint-brush-cursor" data-testid="brush-cursor" cx={0} cy={0} r={1} style={{ display: 'none' }} />
        {outline && (
          <g transform={drag?.kind === 'move' ? `translate(${Math.round(drag.now.x - drag.start.x)} ${Math.round(drag.now.y - drag.start.y)})` : undefined} data-testid="selection-outline">
            <path d={outline} className="ants-dark" />
            <path d={outline} className="ants-light" />
          </g>
        )}
        {drag?.kind === 'select' && drag.points.length > 1 && <DraftShape shape={selectShape} points={drag.points} />}
        {canvasTool === 'transform' && snap.selection && (() => {
          const h = handlePoints(pending ?? IDENTITY_TRANSFORM);
          if (!h) return null;
          const r = 5 / engine.viewport.zoom;
          return (
            <g className="paint-transform">
              <polygon points={h.corners.map((q) => `${q.x},${q.y}`).join(' ')} />
              <line x1={h.top.x} y1={h.top.y} x2={h.knob.x} y2={h.knob.y} />
              <circle cx={h.knob.x} cy={h.knob.y} r={r * 1.2} />
              {h.handles.map((q) => (
                <rect key={`${q.hx},${q.hy}`} x={q.p.x - r} y={q.p.y - r} width={2 * r} height={2 * r} />
              ))}
            </g>
          );
        })()}
      </svg>
    </div>
  );
}

/** Capture fails for pointers the browser does not track (synthetic events); drawing works without it. */
function capture(el: HTMLElement, id: number) {
  try {
    el.setPointerCapture(id);
  } catch {
    /* not an active pointer */
  }
}

export function isTyping(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** The shape being dragged out by the selection tool. */
function DraftShape({ shape, points }: { shape: string; points: Point[] }) {
  const a = points[0]!;
  const b = points[points.length - 1]!;
  if (shape === 'lasso') return <polyline className="paint-draft" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const w = Math.abs(b.x - a.x);
  const h = Math.abs(b.y - a.y);
  return shape === 'ellipse' ? <ellipse className="paint-draft" cx={x + w / 2} cy={y + h / 2} rx={w / 2} ry={h / 2} /> : <rect className="paint-draft" x={x} y={y} width={w} height={h} />;
}

/**
 * Where symmetry mirrors strokes: the axes, or the spokes of radial symmetry; with `handle` (its radius
 * in document pixels) the centre's drag handle too.
 */
function SymmetryGuides({ handle }: { handle: number }) {
  const { symmetry: s, width, height } = useEngineSnapshot();
  if (s.mode === 'off') return null;
  const far = Math.hypot(width, height);
  const spokes =
    s.mode === 'radial'
      ? Array.from({ length: s.count }, (_, i) => (2 * Math.PI * i) / s.count - Math.PI / 2)
      : [...(s.mode !== 'horizontal' ? [Math.PI / 2, -Math.PI / 2] : []), ...(s.mode !== 'vertical' ? [0, Math.PI] : [])];
  return (
    <g className="paint-symmetry" data-testid="symmetry-guides">
      {spokes.map((a, i) => (
        <line key={i} x1={s.cx} y1={s.cy} x2={s.cx + Math.cos(a) * far} y2={s.cy + Math.sin(a) * far} />
      ))}
      {handle > 0 && <circle className="paint-symmetry-handle" data-testid="symmetry-centre" cx={s.cx} cy={s.cy} r={handle} />}
    </g>
  );
}
