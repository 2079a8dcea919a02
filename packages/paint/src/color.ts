/** Straight (non-premultiplied) 8-bit colour; alpha 0-255. */
export interface RGBA {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses #rgb, #rrggbb or #rrggbbaa (the spec's colour picker default is #000000). */
export function parseHexColor(hex: string): RGBA {
  const m = HEX.exec(hex.trim());
  if (!m || m[1] === undefined) throw new RangeError(`Not a hex colour: ${hex}`);
  let s = m[1];
  if (s.length === 3) s = s.replace(/./g, (c) => c + c);
  const n = (i: number): number => parseInt(s.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: s.length === 8 ? n(6) : 255 };
}

export function toHexColor(c: RGBA): string {
  const h = (v: number): string => Math.round(v).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}${c.a === 255 ? '' : h(c.a)}`;
}

/** Hue 0-360, saturation and value 0-100 (what a colour wheel shows). */
export interface HSV {
  h: number;
  s: number;
  v: number;
}

export function rgbToHsv(c: { r: number; g: number; b: number }): HSV {
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d + 6) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  return { h: h * 60, s: max === 0 ? 0 : (d / max) * 100, v: max * 100 };
}

export function hsvToRgb(hsv: HSV): RGBA {
  const h = (((hsv.h % 360) + 360) % 360) / 60;
  const s = Math.min(100, Math.max(0, hsv.s)) / 100;
  const v = Math.min(100, Math.max(0, hsv.v)) / 100;
  const f = (n: number) => {
    const k = (n + h) % 6;
    return Math.round((v - v * s * Math.max(0, Math.min(k, 4 - k, 1))) * 255);
  };
  return { r: f(5), g: f(3), b: f(1), a: 255 };
}
