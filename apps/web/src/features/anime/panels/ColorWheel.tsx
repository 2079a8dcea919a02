import { hsvToRgb, rgbToHsv, type HSV } from '@yumi/paint';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rgbToHex, useEngine, useEngineSnapshot } from '../engine';
import { useAnime } from '../store';

const SIZE = 168;
const R = SIZE / 2;

/**
 * HSV colour wheel: hue around, saturation outwards (drawn at full value), value on its own slider;
 * the three sliders also give keyboard access. Hue is kept while the colour is grey (where RGB forgets it).
 */
export function ColorWheel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const rememberColor = useAnime((s) => s.rememberColor);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hsv, setHsv] = useState<HSV>(() => rgbToHsv(snap.color));
  const dragging = useRef(false);

  // follow colour changes made elsewhere (eyedropper, palette), keeping our hue for greys
  useEffect(() => {
    const cur = hsvToRgb(hsv);
    if (cur.r === snap.color.r && cur.g === snap.color.g && cur.b === snap.color.b) return;
    const next = rgbToHsv(snap.color);
    setHsv((h) => ({ ...next, h: next.s === 0 || next.v === 0 ? h.h : next.h }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only external colour changes
  }, [snap.color]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const img = ctx.createImageData(SIZE, SIZE);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const dx = x + 0.5 - R;
        const dy = y + 0.5 - R;
        const d = Math.hypot(dx, dy);
        if (d > R) continue;
        const c = hsvToRgb({ h: (Math.atan2(dy, dx) * 180) / Math.PI, s: (d / R) * 100, v: 100 });
        const o = (y * SIZE + x) * 4;
        img.data[o] = c.r;
        img.data[o + 1] = c.g;
        img.data[o + 2] = c.b;
        img.data[o + 3] = Math.round(255 * Math.min(1, R - d + 0.5)); // soft rim
      }
    }
    ctx.putImageData(img, 0, 0);
  }, []);

  const apply = (next: HSV) => {
    setHsv(next);
    engine.setColor(hsvToRgb(next));
  };
  const pick = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const dx = ((e.clientX - box.left) / box.width) * SIZE - R;
    const dy = ((e.clientY - box.top) / box.height) * SIZE - R;
    // picking a hue from black would change nothing visible: it comes up to full value
    apply({ h: (((Math.atan2(dy, dx) * 180) / Math.PI) + 360) % 360, s: Math.min(100, (Math.hypot(dx, dy) / R) * 100), v: hsv.v < 5 ? 100 : hsv.v });
  };
  const done = () => {
    if (!dragging.current) return;
    dragging.current = false;
    rememberColor(rgbToHex(engine.color));
  };
  const angle = (hsv.h * Math.PI) / 180;
  const marker = { left: `${((R + Math.cos(angle) * (hsv.s / 100) * R) / SIZE) * 100}%`, top: `${((R + Math.sin(angle) * (hsv.s / 100) * R) / SIZE) * 100}%` };
  const sliders: { key: keyof HSV; max: number }[] = [
    { key: 'h', max: 359 },
    { key: 's', max: 100 },
    { key: 'v', max: 100 },
  ];

  return (
    <div className="an-wheel">
      <div className="an-wheel-disc">
        <canvas
          ref={canvasRef}
          width={SIZE}
          height={SIZE}
          role="img"
          aria-label={t('colors.wheel')}
          data-testid="color-wheel"
          onPointerDown={(e) => {
            dragging.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
            pick(e);
          }}
          onPointerMove={(e) => dragging.current && pick(e)}
          onPointerUp={done}
          onPointerCancel={done}
        />
        <span className="an-wheel-marker" style={{ ...marker, background: rgbToHex(snap.color) }} aria-hidden />
      </div>
      {sliders.map(({ key, max }) => (
        <label key={key} className="an-channel">
          <span>{t(`colors.${key}sv`)}</span>
          <input type="range" min={0} max={max} value={Math.round(hsv[key])} aria-label={t(`colors.${key}sv`)} onChange={(e) => apply({ ...hsv, [key]: Number(e.target.value) })} onPointerUp={() => rememberColor(rgbToHex(engine.color))} />
          <output>{Math.round(hsv[key])}</output>
        </label>
      ))}
    </div>
  );
}
