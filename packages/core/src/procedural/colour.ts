/** Hex colour helpers for the SVG renderer (fills, shades and outlines derived from one base colour). */
function safeHex(value: string, fallback = '#888888'): string {
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : fallback;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(safeHex(hex).slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: number[]) => `#${c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

/** amount > 0 mixes towards white, < 0 towards black. */
export function shade(hex: string, amount: number): string {
  const c = channels(hex);
  return toHex(c.map((v) => (amount >= 0 ? v + (255 - v) * amount : v * (1 + amount))));
}

export function mix(a: string, b: string, t: number): string {
  const x = channels(a);
  const y = channels(b);
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t));
}

/** The line colour of a fill: a deep shade of it, never pure black, as in cel-shaded anime art. */
export const outlineOf = (hex: string) => mix(shade(hex, -0.62), '#2a1530', 0.35);
