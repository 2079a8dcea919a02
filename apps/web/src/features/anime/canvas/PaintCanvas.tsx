import type { InputPoint, PointerKind } from '@yumi/paint';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { rgbToHex, useEngine } from '../engine';
import { useAnime } from '../store';
import { aiDrawAt, bucketFillAt, smartFillAt } from './actions';

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

  const applyTransform = useCallback(() => {
    const c = canvasRef.current;
    if (!c) return;
    c.style.transform = engine.viewport.cssTransform();
    c.style.imageRendering = engine.viewport.zoom >= 2 ? 'pixelated' : 'auto';
    onViewChange?.();
  }, [engine, onViewChange]);

  const fit = useCallback(() => {
    const s = stageRef.current;
    if (!s) return;
    engine.viewport.fitToView(engine.document.width, engine.document.height, s.clientWidth, s.clientHeight, 24);
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
    if (state.canvasTool === 'eyedropper') {
      const c = engine.sampleColor(p.x, p.y);
      const hex = rgbToHex(c);
      engine.setColor(hex);
      state.rememberColor(hex);
      state.set({ canvasTool: 'paint' });
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

  const onPointerMove = (ev: React.PointerEvent<HTMLDivElement>) => {
    const e = ev.nativeEvent;
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
    if (drawingPointer.current === e.pointerId) {
      const samples = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
      engine.extendStroke((samples.length > 0 ? samples : [e]).map(toPoint));
    }
  };

  const onPointerEnd = (ev: React.PointerEvent<HTMLDivElement>) => {
    const e = ev.nativeEvent;
    pointers.current.delete(e.pointerId);
    if (drawingPointer.current === e.pointerId) {
      engine.endStroke();
      drawingPointer.current = null;
    }
    if (panning.current?.id === e.pointerId) panning.current = null;
    if (gesture.current && [...pointers.current.values()].filter((p) => p.type === 'touch').length < 2) gesture.current = null;
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
      onContextMenu={(e) => e.preventDefault()}
    >
      <canvas ref={canvasRef} className="paint-canvas" aria-label={t('canvas.label')} role="img" />
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
