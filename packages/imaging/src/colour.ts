import type { Rgb } from './image';

/** OKLab: perceptually uniform, so Euclidean distances match how different colours look. */
export interface Oklab {
  L: number;
  a: number;
  b: number;
}

/** OKLab in polar form: lightness 0-1, chroma (about 0-0.37 for sRGB), hue in degrees 0-360. */
export interface Oklch {
  L: number;
  C: number;
  h: number;
}

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isHexColor(value: string): boolean {
  return HEX_RE.test(value.trim());
}

/** Accepts #rgb, #rrggbb and #rrggbbaa (alpha is ignored), with or without '#'. */
export function hexToRgb(hex: string): Rgb {
  const m = HEX_RE.exec(hex.trim());
  if (!m || m[1] === undefined) throw new RangeError(`Not a hex colour: ${hex}`);
  let digits = m[1];
  if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
  const n = Number.parseInt(digits.slice(0, 6), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

function channel(v: number): number {
  return Math.min(255, Math.max(0, Math.round(v)));
}

/** Always lower-case #rrggbb, so colours compare as strings. */
export function rgbToHex(c: Rgb): string {
  const n = (channel(c.r) << 16) | (channel(c.g) << 8) | channel(c.b);
  return `#${n.toString(16).padStart(6, '0')}`;
}

export function normalizeHex(hex: string): string {
  return rgbToHex(hexToRgb(hex));
}

/** sRGB transfer curve, tabulated because image loops call it millions of times. */
const SRGB_TO_LINEAR = new Float64Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/** 0-255 sRGB channel to linear light 0-1. */
export function srgbToLinear(v: number): number {
  const i = channel(v);
  return SRGB_TO_LINEAR[i] ?? 0;
}

/** Linear light 0-1 to an sRGB channel 0-255 (unrounded, unclamped). */
export function linearToSrgb(v: number): number {
  const c = v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
  return c * 255;
}

/** Linear-light sRGB (0-1 each) to OKLab; the hot loops call this to skip object allocation. */
export function linearRgbToOklab(r: number, g: number, b: number, out: Oklab): Oklab {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  out.L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out.a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out.b = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return out;
}

export function rgbToOklab(c: Rgb): Oklab {
  return linearRgbToOklab(srgbToLinear(c.r), srgbToLinear(c.g), srgbToLinear(c.b), { L: 0, a: 0, b: 0 });
}

/** OKLab to unclamped linear sRGB; values outside 0-1 mean the colour is out of the sRGB gamut. */
function oklabToLinear(lab: Oklab): [number, number, number] {
  const l = (lab.L + 0.3963377774 * lab.a + 0.2158037573 * lab.b) ** 3;
  const m = (lab.L - 0.1055613458 * lab.a - 0.0638541728 * lab.b) ** 3;
  const s = (lab.L - 0.0894841775 * lab.a - 1.291485548 * lab.b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** OKLab to 0-255 sRGB, rounded and clamped. */
export function oklabToRgb(lab: Oklab): Rgb {
  const [r, g, b] = oklabToLinear(lab);
  return { r: channel(linearToSrgb(r)), g: channel(linearToSrgb(g)), b: channel(linearToSrgb(b)) };
}

export function oklabToOklch(lab: Oklab): Oklch {
  const C = Math.hypot(lab.a, lab.b);
  let h = (Math.atan2(lab.b, lab.a) * 180) / Math.PI;
  if (h < 0) h += 360;
  return { L: lab.L, C, h };
}

export function oklchToOklab(lch: Oklch): Oklab {
  const rad = (lch.h * Math.PI) / 180;
  return { L: lch.L, a: lch.C * Math.cos(rad), b: lch.C * Math.sin(rad) };
}

export function rgbToOklch(c: Rgb): Oklch {
  return oklabToOklch(rgbToOklab(c));
}

function inGamut(lab: Oklab): boolean {
  const eps = 1e-4;
  return oklabToLinear(lab).every((v) => v >= -eps && v <= 1 + eps);
}

/**
 * OKLCH to sRGB. Generated palette colours often ask for more chroma than sRGB can show at that
 * lightness and hue; clipping channels would shift the hue, so chroma is reduced instead.
 */
export function oklchToRgb(lch: Oklch): Rgb {
  const L = Math.min(1, Math.max(0, lch.L));
  const h = ((lch.h % 360) + 360) % 360;
  let lab = oklchToOklab({ L, C: lch.C, h });
  if (!inGamut(lab)) {
    let lo = 0;
    let hi = lch.C;
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(oklchToOklab({ L, C: mid, h }))) lo = mid;
      else hi = mid;
    }
    lab = oklchToOklab({ L, C: lo, h });
  }
  return oklabToRgb(lab);
}

export function oklchToHex(lch: Oklch): string {
  return rgbToHex(oklchToRgb(lch));
}

/** Euclidean OKLab distance (a "delta E" on a 0-1 lightness scale; about 0.02 is just noticeable). */
export function oklabDistance(p: Oklab, q: Oklab): number {
  return Math.hypot(p.L - q.L, p.a - q.a, p.b - q.b);
}

/** Shortest angle between two hues, 0-180. */
export function hueDistance(h1: number, h2: number): number {
  const d = Math.abs((((h1 - h2) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

/** The spec's shadow rule: a colour "30 darker" subtracts 30 from each channel, clamped at 0. */
export const SHADOW_DARKEN_AMOUNT = 30;

export function darken(color: string, amount?: number): string;
export function darken(color: Rgb, amount?: number): Rgb;
export function darken(color: string | Rgb, amount: number = SHADOW_DARKEN_AMOUNT): string | Rgb {
  const c = typeof color === 'string' ? hexToRgb(color) : color;
  const out = { r: channel(c.r - amount), g: channel(c.g - amount), b: channel(c.b - amount) };
  return typeof color === 'string' ? rgbToHex(out) : out;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: Rgb | string): number {
  const c = typeof color === 'string' ? hexToRgb(color) : color;
  return 0.2126 * srgbToLinear(c.r) + 0.7152 * srgbToLinear(c.g) + 0.0722 * srgbToLinear(c.b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb | string, b: Rgb | string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Straight sRGB mix, t = 0 gives a, t = 1 gives b. */
export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return {
    r: channel(a.r + (b.r - a.r) * t),
    g: channel(a.g + (b.g - a.g) * t),
    b: channel(a.b + (b.b - a.b) * t),
  };
}

/** Fast perceived brightness 0-255 (Rec. 601 weights on gamma values), for thresholds in loops. */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
