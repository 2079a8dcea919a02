import { LINEAR_CURVE, normalizePressureCurve, PRESSURE_CURVE_PRESETS, type PressureCurve } from '@yumi/paint';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngine, useEngineSnapshot } from '../engine';
import { useAnime } from '../store';

const BOX = 100;
type Handle = 1 | 2;

/**
 * The current brush's pressure curve (pen pressure across, effect up): soft, linear and firm presets,
 * and two control points to drag (or move with the arrow keys). Each brush keeps its own curve.
 */
export function PressureCurveEditor() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { brush } = useEngineSnapshot();
  const set = useAnime((s) => s.set);
  const curve = brush.pressureCurve ?? LINEAR_CURVE;
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Handle | null>(null);

  const apply = (c: PressureCurve) => {
    engine.setBrush({ pressureCurve: normalizePressureCurve(c) });
    set({ pressureCurves: engine.pressureCurves });
  };
  const move = (h: Handle, x: number, y: number) => apply(h === 1 ? { ...curve, x1: x, y1: y } : { ...curve, x2: x, y2: y });
  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    if (!drag.current || !svgRef.current) return;
    const box = svgRef.current.getBoundingClientRect();
    move(drag.current, (e.clientX - box.left) / box.width, 1 - (e.clientY - box.top) / box.height);
  };
  const onKey = (h: Handle) => (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? 0.1 : 0.02;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
    if (!d) return;
    e.preventDefault();
    const [x, y] = h === 1 ? [curve.x1, curve.y1] : [curve.x2, curve.y2];
    move(h, x + d[0]!, y + d[1]!);
  };
  const px = (x: number, y: number) => `${x * BOX} ${(1 - y) * BOX}`;
  const matches = (c: PressureCurve) => (['x1', 'y1', 'x2', 'y2'] as const).every((k) => Math.abs(c[k] - curve[k]) < 1e-6);

  return (
    <div className="an-curve" role="group" aria-label={t('curve.label')}>
      <div className="an-chips">
        {(Object.keys(PRESSURE_CURVE_PRESETS) as (keyof typeof PRESSURE_CURVE_PRESETS)[]).map((k) => (
          <button key={k} type="button" className={`btn btn-sm ${matches(PRESSURE_CURVE_PRESETS[k]) ? 'btn-primary' : ''}`} aria-pressed={matches(PRESSURE_CURVE_PRESETS[k])} onClick={() => apply(PRESSURE_CURVE_PRESETS[k])}>
          {t(`curve.${k}`)}
          </button>
        ))}
      </div>
      <svg ref={svgRef} viewBox={`-4 -4 ${BOX + 8} ${BOX + 8}`} onPointerMove={onMove} onPointerUp={() => (drag.current = null)} onPointerCancel={() => (drag.current = null)}>
        <line x1={0} y1={BOX} x2={BOX} y2={0} />
        <line x1={0} y1={BOX} x2={curve.x1 * BOX} y2={(1 - curve.y1) * BOX} />
        <line x1={BOX} y1={0} x2={curve.x2 * BOX} y2={(1 - curve.y2) * BOX} />
        <path d={`M ${px(0, 0)} C ${px(curve.x1, curve.y1)} ${px(curve.x2, curve.y2)} ${px(1, 1)}`} data-testid="pressure-curve" />
        {([1, 2] as const).map((h) => (
          <circle
            key={h}
            cx={(h === 1 ? curve.x1 : curve.x2) * BOX}
            cy={(1 - (h === 1 ? curve.y1 : curve.y2)) * BOX}
            r={5}
            tabIndex={0}
            role="img"
            aria-label={t('curve.point', { n: h, x: Math.round((h === 1 ? curve.x1 : curve.x2) * 100), y: Math.round((h === 1 ? curve.y1 : curve.y2) * 100) })}
            onKeyDown={onKey(h)}
            onPointerDown={(e) => {
              drag.current = h;
              svgRef.current?.setPointerCapture(e.pointerId);
            }}
          />
        ))}
      </svg>
    </div>
  );
}
