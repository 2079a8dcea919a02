import type { Point } from './geometry.js';

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 32;

export interface ViewportState {
  zoom: number;
  /** Radians, clockwise on screen. */
  rotation: number;
  /** Screen position of the document origin (top-left corner). */
  x: number;
  y: number;
  /** Mirrored left-right (a view flip: artists check proportions this way; the pixels do not change). */
  flipped: boolean;
}

/**
 * Maps document pixels to screen (container) pixels:
 * screen = translate(x, y) * rotate * scale(zoom) * mirror(flipped) * doc.
 * The canvas element keeps document resolution; the wrapper applies `cssTransform()` to it with
 * `transform-origin: 0 0` and converts pointer positions with `screenToDocument`.
 */
export class Viewport {
  private s: ViewportState = { zoom: 1, rotation: 0, x: 0, y: 0, flipped: false };

  constructor(
    public minZoom = MIN_ZOOM,
    public maxZoom = MAX_ZOOM,
  ) {}

  get state(): Readonly<ViewportState> {
    return this.s;
  }

  get zoom(): number {
    return this.s.zoom;
  }

  get rotation(): number {
    return this.s.rotation;
  }

  set(state: Partial<ViewportState>): void {
    const next = { ...this.s, ...state };
    next.zoom = this.clampZoom(next.zoom);
    this.s = next;
  }

  clampZoom(z: number): number {
    if (!Number.isFinite(z)) return this.s.zoom;
    return Math.min(this.maxZoom, Math.max(this.minZoom, z));
  }

  get flipped(): boolean {
    return this.s.flipped;
  }

  documentToScreen(p: Point): Point {
    const { zoom, rotation, x, y } = this.s;
    const c = Math.cos(rotation) * zoom;
    const s = Math.sin(rotation) * zoom;
    const px = this.s.flipped ? -p.x : p.x;
    return { x: x + c * px - s * p.y, y: y + s * px + c * p.y };
  }

  screenToDocument(p: Point): Point {
    const { zoom, rotation, x, y } = this.s;
    const dx = p.x - x;
    const dy = p.y - y;
    const c = Math.cos(rotation) / zoom;
    const s = Math.sin(rotation) / zoom;
    const px = c * dx + s * dy;
    return { x: this.s.flipped ? -px : px, y: -s * dx + c * dy };
  }

  panBy(dx: number, dy: number): void {
    this.s = { ...this.s, x: this.s.x + dx, y: this.s.y + dy };
  }

  /** Zooms so that the document point under `anchor` (screen) stays under it (wheel / pinch zoom). */
  zoomAt(anchor: Point, zoom: number): void {
    const fixed = this.screenToDocument(anchor);
    this.s = { ...this.s, zoom: this.clampZoom(zoom) };
    this.keep(fixed, anchor);
  }

  zoomBy(anchor: Point, factor: number): void {
    this.zoomAt(anchor, this.s.zoom * factor);
  }

  /** Rotates by `radians` around a screen point (e.g. the view centre). */
  rotateAround(anchor: Point, radians: number): void {
    const fixed = this.screenToDocument(anchor);
    const r = (this.s.rotation + radians) % (2 * Math.PI);
    this.s = { ...this.s, rotation: r };
    this.keep(fixed, anchor);
  }

  /** Mirrors the view left-right around a screen point (e.g. the view centre). */
  flipAround(anchor: Point): void {
    const fixed = this.screenToDocument(anchor);
    this.s = { ...this.s, flipped: !this.s.flipped };
    this.keep(fixed, anchor);
  }

  /** Fits the whole document into a view of the given size with a margin, centred, unrotated. */
  fitToView(docWidth: number, docHeight: number, viewWidth: number, viewHeight: number, margin = 16): void {
    const zoom = this.clampZoom(
      Math.min((viewWidth - 2 * margin) / docWidth, (viewHeight - 2 * margin) / docHeight),
    );
    const flipped = this.s.flipped;
    this.s = {
      zoom,
      rotation: 0,
      x: (viewWidth + (flipped ? docWidth : -docWidth) * zoom) / 2,
      y: (viewHeight - docHeight * zoom) / 2,
      flipped,
    };
  }

  /** CSS `transform` for the canvas element (with `transform-origin: 0 0`). */
  cssTransform(): string {
    const { zoom, rotation, x, y } = this.s;
    const a = Math.cos(rotation) * zoom;
    const b = Math.sin(rotation) * zoom;
    const f = this.s.flipped ? -1 : 1;
    return `matrix(${a * f}, ${b * f}, ${-b}, ${a}, ${x}, ${y})`;
  }

  /** Moves the translation so document point `doc` lands on screen point `screen`. */
  private keep(doc: Point, screen: Point): void {
    const now = this.documentToScreen(doc);
    this.s = { ...this.s, x: this.s.x + screen.x - now.x, y: this.s.y + screen.y - now.y };
  }
}
