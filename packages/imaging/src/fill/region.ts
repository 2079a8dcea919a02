import type { Rect } from '../image';

/**
 * Stops a fill from climbing a strong edge: stepping from p to q is refused when q lies on an edge
 * (strength above threshold) and is further from the seed colour than p. The seed side of an edge
 * is still filled right up to it, the far side is not, and soft shading (weak edges) never stops it.
 */
export interface EdgeStop {
  strength: Uint8Array;
  threshold: number;
  distance: Uint8Array;
}

export interface Region {
  /** 1 for pixels in the region. */
  mask: Uint8Array;
  /** Bounding box, null when the region is empty. */
  rect: Rect | null;
  count: number;
}

/** The slack in seed distance allowed when stepping onto an edge pixel (absorbs noise). */
const EDGE_SLACK = 2;

/**
 * 4-connected scanline fill over a passability mask: fills whole horizontal spans at once and only
 * queues one pixel per run in the rows above and below, which is far faster than a pixel queue.
 */
export function scanlineRegion(
  width: number,
  height: number,
  seedX: number,
  seedY: number,
  passable: Uint8Array,
  edges?: EdgeStop,
): Region {
  const mask = new Uint8Array(width * height);
  const empty: Region = { mask, rect: null, count: 0 };
  if (seedX < 0 || seedY < 0 || seedX >= width || seedY >= height) return empty;
  if (!passable[seedY * width + seedX]) return empty;

  const canStep = edges
    ? (from: number, to: number): boolean =>
        (edges.strength[to] ?? 0) <= edges.threshold ||
        (edges.distance[to] ?? 0) <= (edges.distance[from] ?? 0) + EDGE_SLACK
    : null;

  let minX = seedX;
  let maxX = seedX;
  let minY = seedY;
  let maxY = seedY;
  let count = 0;
  const stack: number[] = [seedY * width + seedX];

  while (stack.length > 0) {
    const start = stack.pop() ?? 0;
    if (mask[start]) continue;
    const y = (start / width) | 0;
    const row = y * width;
    let left = start;
    while (left > row && !mask[left - 1] && passable[left - 1] && (!canStep || canStep(left, left - 1))) {
      left--;
    }
    let right = start;
    while (
      right < row + width - 1 &&
      !mask[right + 1] &&
      passable[right + 1] &&
      (!canStep || canStep(right, right + 1))
    ) {
      right++;
    }
    for (let i = left; i <= right; i++) mask[i] = 1;
    count += right - left + 1;
    minX = Math.min(minX, left - row);
    maxX = Math.max(maxX, right - row);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);

    for (const dy of [-1, 1]) {
      const ny = y + dy;
      if (ny < 0 || ny >= height) continue;
      const offset = dy * width;
      let inRun = false;
      for (let i = left; i <= right; i++) {
        const j = i + offset;
        const enter = !mask[j] && passable[j] === 1 && (!canStep || canStep(i, j));
        if (!enter) {
          inRun = false;
          continue;
        }
        // With edge stops a run also breaks where its own horizontal step is refused, so every
        // enterable pixel is either queued or reachable sideways from a queued one.
        if (!inRun || (canStep !== null && !canStep(j - 1, j))) stack.push(j);
        inRun = true;
      }
    }
  }
  return { mask, rect: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 }, count };
}
