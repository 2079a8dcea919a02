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
