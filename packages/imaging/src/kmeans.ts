import { createRandom } from '@yumi/core/random';

/** Points in a 3-D space (OKLab here), flattened as [x0, y0, z0, x1, ...], each with a weight. */
export interface WeightedPoints {
  coords: Float64Array;
  weights: Float64Array;
}

export interface Cluster {
  centre: [number, number, number];
  weight: number;
}

export interface KMeansOptions {
  k: number;
  maxIterations?: number;
  seed?: number;
}

function dist2(c: Float64Array, i: number, centres: Float64Array, j: number): number {
  const dx = (c[i * 3] ?? 0) - (centres[j * 3] ?? 0);
  const dy = (c[i * 3 + 1] ?? 0) - (centres[j * 3 + 1] ?? 0);
  const dz = (c[i * 3 + 2] ?? 0) - (centres[j * 3 + 2] ?? 0);
  return dx * dx + dy * dy + dz * dz;
}

/**
 * k-means++ seeding: the first centre is the heaviest point (stable, and usually the main colour),
 * later ones are drawn with probability weight x squared distance from a seeded generator. Seeding
 * stops early when every point already sits on a centre, so an image with 3 colours gives 3 clusters.
 */
function seedCentres(points: WeightedPoints, k: number, random: () => number): Float64Array {
  const { coords, weights } = points;
  const n = weights.length;
  const centres = new Float64Array(k * 3);
  let first = 0;
  for (let i = 1; i < n; i++) if ((weights[i] ?? 0) > (weights[first] ?? 0)) first = i;
  centres.set(coords.subarray(first * 3, first * 3 + 3), 0);
  let count = 1;
  const nearest = new Float64Array(n);
  for (let i = 0; i < n; i++) nearest[i] = dist2(coords, i, centres, 0);
  while (count < k) {
    let total = 0;
    for (let i = 0; i < n; i++) total += (weights[i] ?? 0) * (nearest[i] ?? 0);
    if (total <= 1e-12) break;
    let target = random() * total;
    let pick = n - 1;
    for (let i = 0; i < n; i++) {
      target -= (weights[i] ?? 0) * (nearest[i] ?? 0);
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    centres.set(coords.subarray(pick * 3, pick * 3 + 3), count * 3);
    for (let i = 0; i < n; i++) {
      const d = dist2(coords, i, centres, count);
      if (d < (nearest[i] ?? 0)) nearest[i] = d;
    }
    count++;
  }
  return centres.slice(0, count * 3);
}

/** Weighted Lloyd iterations from k-means++ seeds; deterministic for a given seed. */
export function kMeans(points: WeightedPoints, options: KMeansOptions): Cluster[] {
  const { coords, weights } = points;
  const n = weights.length;
  if (n === 0 || options.k < 1) return [];
  const centres = seedCentres(points, Math.min(options.k, n), createRandom(options.seed ?? 0x5eed));
  const k = centres.length / 3;
  const assignment = new Int32Array(n).fill(-1);
  const sums = new Float64Array(k * 3);
  const clusterWeights = new Float64Array(k);
  const maxIterations = options.maxIterations ?? 24;

  for (let iter = 0; iter < maxIterations; iter++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let j = 0; j < k; j++) {
        const d = dist2(coords, i, centres, j);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      if (assignment[i] !== best) {
        assignment[i] = best;
        moved++;
      }
    }
    sums.fill(0);
    clusterWeights.fill(0);
    for (let i = 0; i < n; i++) {
      const j = assignment[i] ?? 0;
      const w = weights[i] ?? 0;
      clusterWeights[j] = (clusterWeights[j] ?? 0) + w;
      for (let d = 0; d < 3; d++) sums[j * 3 + d] = (sums[j * 3 + d] ?? 0) + w * (coords[i * 3 + d] ?? 0);
    }
    for (let j = 0; j < k; j++) {
      const w = clusterWeights[j] ?? 0;
      // An emptied cluster keeps its old centre; it is dropped from the result below.
      if (w > 0) for (let d = 0; d < 3; d++) centres[j * 3 + d] = (sums[j * 3 + d] ?? 0) / w;
    }
    if (moved === 0) break;
  }

  const clusters: Cluster[] = [];
  for (let j = 0; j < k; j++) {
    const weight = clusterWeights[j] ?? 0;
    if (weight <= 0) continue;
    clusters.push({
      centre: [centres[j * 3] ?? 0, centres[j * 3 + 1] ?? 0, centres[j * 3 + 2] ?? 0],
      weight,
    });
  }
  return clusters;
}
