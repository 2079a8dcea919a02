import { hueDistance, rgbToOklch } from './colour';
import { hexToRgb } from './colour';

export const COLOR_HARMONIES = [
  'monochromatic',
  'analogous',
  'complementary',
  'split-complementary',
  'triadic',
  'tetradic',
] as const;
export type ColorHarmony = (typeof COLOR_HARMONIES)[number];

/** Below this OKLCH chroma a colour reads as grey, and its hue angle is noise. */
export const ACHROMATIC_CHROMA = 0.025;

export interface HueSample {
  hue: number;
  weight: number;
}

/** Hues closer than this are one hue family (k-means often splits one colour into two shades). */
const GROUP_DEGREES = 20;
/** Widest hue spread still read as one hue, and as neighbouring hues. */
const MONOCHROMATIC_SPREAD = 30;
const ANALOGOUS_SPREAD = 100;
/** How far a hue may sit from a template angle and still count as on it. */
const TEMPLATE_TOLERANCE = 30;

function groupHues(samples: HueSample[]): HueSample[] {
  const groups: HueSample[] = [];
  for (const s of [...samples].sort((a, b) => b.weight - a.weight)) {
    const g = groups.find((x) => hueDistance(x.hue, s.hue) <= GROUP_DEGREES);
    if (!g) {
      groups.push({ ...s });
      continue;
    }
    // Weighted circular mean of the two hues.
    const rad = Math.PI / 180;
    const x = Math.cos(g.hue * rad) * g.weight + Math.cos(s.hue * rad) * s.weight;
    const y = Math.sin(g.hue * rad) * g.weight + Math.sin(s.hue * rad) * s.weight;
    g.hue = (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
    g.weight += s.weight;
  }
  return groups;
}

/** The smallest arc that contains every hue: 360 minus the largest gap between neighbours. */
export function hueSpread(hues: number[]): number {
  if (hues.length < 2) return 0;
  const sorted = [...hues].sort((a, b) => a - b);
  let largestGap = 0;
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] ?? 0;
    const b = i + 1 < sorted.length ? (sorted[i + 1] ?? 0) : (sorted[0] ?? 0) + 360;
    largestGap = Math.max(largestGap, b - a);
  }
  return 360 - largestGap;
}

interface Template {
  harmony: ColorHarmony;
  angles: number[];
}

function templates(): Template[] {
  const list: Template[] = [
    { harmony: 'complementary', angles: [0, 180] },
    { harmony: 'split-complementary', angles: [0, 150, 210] },
    { harmony: 'triadic', angles: [0, 120, 240] },
  ];
  // Tetradic: two complementary pairs (a rectangle on the wheel, the square being one case).
  for (let t = 45; t <= 90; t += 15) list.push({ harmony: 'tetradic', angles: [0, t, 180, 180 + t] });
  return list;
}

interface Fit {
  harmony: ColorHarmony;
  /** Largest distance from a hue to its nearest template angle, at the best rotation. */
  worst: number;
  /** Weighted mean of those distances, to break ties. */
  mean: number;
  /** Whether every template angle has a hue on it. */
  covered: boolean;
  size: number;
}

function fitTemplate(groups: HueSample[], template: Template): Fit {
  const total = groups.reduce((s, g) => s + g.weight, 0) || 1;
  let best: Fit = { harmony: template.harmony, worst: Infinity, mean: Infinity, covered: false, size: 0 };
  for (let rotation = 0; rotation < 360; rotation += 2) {
    const angles = template.angles.map((a) => a + rotation);
    let worst = 0;
    let mean = 0;
    for (const g of groups) {
      const d = Math.min(...angles.map((a) => hueDistance(a, g.hue)));
      worst = Math.max(worst, d);
      mean += (d * g.weight) / total;
    }
    // Each hue family is assigned to its nearest angle; a template fits only if every angle gets one,
    // so two hues can never pass for the four of a tetrad.
    const hit = new Array<boolean>(angles.length).fill(false);
    for (const g of groups) {
      let best = 0;
      angles.forEach((a, i) => {
        if (hueDistance(a, g.hue) < hueDistance(angles[best] ?? 0, g.hue)) best = i;
      });
      if (hueDistance(angles[best] ?? 0, g.hue) <= TEMPLATE_TOLERANCE) hit[best] = true;
    }
    const covered = hit.every(Boolean);
    const better =
      Number(covered) > Number(best.covered) ||
      (covered === best.covered && (worst < best.worst || (worst === best.worst && mean < best.mean)));
    if (better) best = { harmony: template.harmony, worst, mean, covered, size: template.angles.length };
  }
  return best;
}

/**
 * Classifies a set of weighted hues. Hues within one narrow arc are monochromatic or analogous;
 * otherwise the colour-wheel template (complementary, split-complementary, triadic, tetradic) that
 * puts a hue on each of its angles with the smallest deviation wins, the template with more angles
 * first, since it explains more of the palette. Without any fitting template the closest one is used.
 */
export function classifyHues(samples: HueSample[]): ColorHarmony {
  const groups = groupHues(samples.filter((s) => s.weight > 0));
  if (groups.length <= 1) return 'monochromatic';
  const spread = hueSpread(groups.map((g) => g.hue));
  if (spread <= MONOCHROMATIC_SPREAD) return 'monochromatic';
  if (spread <= ANALOGOUS_SPREAD) return 'analogous';
  const fits = templates().map((t) => fitTemplate(groups, t));
  const valid = fits.filter((f) => f.covered && f.worst <= TEMPLATE_TOLERANCE);
  if (valid.length > 0) {
    valid.sort((a, b) => b.size - a.size || a.worst - b.worst || a.mean - b.mean);
    return valid[0]?.harmony ?? 'complementary';
  }
  fits.sort((a, b) => a.mean - b.mean || a.worst - b.worst);
  return fits[0]?.harmony ?? 'complementary';
}

/**
 * Harmony of a list of colours. Greys carry no hue and are left out; weights default to equal.
 * A palette that is all greys is monochromatic.
 */
export function detectHarmony(colors: readonly string[], weights?: readonly number[]): ColorHarmony {
  const samples: HueSample[] = [];
  colors.forEach((hex, i) => {
    const lch = rgbToOklch(hexToRgb(hex));
    if (lch.C >= ACHROMATIC_CHROMA) samples.push({ hue: lch.h, weight: weights?.[i] ?? 1 });
  });
  return classifyHues(samples);
}
