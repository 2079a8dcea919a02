import { expect, type Locator, type Page } from '@playwright/test';
import { initializeCanvas, readPsd, type Layer, type Psd } from 'ag-psd';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

// Helpers shared by the Create-mode browser tests. They see the drawing only as a user's output is seen: the page's
// document-sized <canvas> (its pixels and its CSS transform) and the layered PSD the Export panel downloads.

// Node has no canvas: ag-psd reads pixels into plain image data.
initializeCanvas(
  () => {
    throw new Error('no canvas in Node');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as never,
);

/** When the crash-recovery copy in IndexedDB was last written (0 when there is none). */
export const recoverySavedAt = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('yumi-anime');
        // No database yet: nothing saved (and do not create one the app would have to upgrade).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const get = open.result.transaction('recovery', 'readonly').objectStore('recovery').get('current');
          get.onsuccess = () => {
            open.result.close();
            resolve((get.result as { savedAt?: number } | undefined)?.savedAt ?? 0);
          };
          get.onerror = () => resolve(0);
        };
        open.onerror = () => resolve(0);
      }),
  );

export type Pt = [number, number];

const CANVAS = '[data-testid="paint-stage"] canvas';

/** Waits until the drawing is on screen: the canvas placed by the view (its transform set). */
export async function canvasReady(page: Page) {
  // The first visit after a server start also loads the i18n files and the lazy chunk: allow for a busy machine.
  await expect(page.getByTestId('paint-stage')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(CANVAS)).toHaveCSS('transform', /^matrix/);
}

/** Opens Create mode. */
export async function openCreate(page: Page) {
  await page.goto('/anime-chara');
  await canvasReady(page);
}

/** Where a document point is on the screen: the canvas's own CSS transform inside the stage (as the app maps pointers). */
export function toScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([x, y]) => {
      const stage = document.querySelector('[data-testid="paint-stage"]')!;
      const canvas = stage.querySelector('canvas')!;
      const p = new DOMMatrix(getComputedStyle(canvas).transform).transformPoint(new DOMPoint(x, y));
      const box = stage.getBoundingClientRect();
      return { x: box.left + p.x, y: box.top + p.y };
    },
    [x, y] as const,
  );
}

/** The document's size: the canvas element keeps document resolution (set on the next frame after a change). */
export const documentSize = (page: Page) => page.locator(CANVAS).evaluate((c: HTMLCanvasElement) => [c.width, c.height]);

/** Dispatches a pen stroke (pressure, coalesced-less) through document coordinates. */
export async function penStroke(page: Page, points: Pt[], pointerType = 'pen') {
  await page.evaluate(
    ({ points, pointerType }) => {
      const stage = document.querySelector('[data-testid="paint-stage"]') as HTMLElement;
      const matrix = new DOMMatrix(getComputedStyle(stage.querySelector('canvas')!).transform);
      const box = stage.getBoundingClientRect();
      const at = (p: number[], i: number) => {
        const s = matrix.transformPoint(new DOMPoint(p[0]!, p[1]!));
        return { clientX: box.left + s.x, clientY: box.top + s.y, pressure: 0.6 + 0.3 * Math.sin(i), pointerId: 7, pointerType, isPrimary: true, bubbles: true, button: 0, buttons: 1 };
      };
      // Dense samples along the polyline, like a real pen.
      const samples: number[][] = [];
      for (let k = 0; k < points.length - 1; k++) {
        const [a, b] = [points[k]!, points[k + 1]!];
        for (let s = 0; s < 20; s++) samples.push([a[0]! + ((b[0]! - a[0]!) * s) / 20, a[1]! + ((b[1]! - a[1]!) * s) / 20]);
      }
      samples.push(points[points.length - 1]!);
      stage.dispatchEvent(new PointerEvent('pointerdown', at(samples[0]!, 0)));
      samples.slice(1).forEach((p, i) => stage.dispatchEvent(new PointerEvent('pointermove', at(p, i + 1))));
      stage.dispatchEvent(new PointerEvent('pointerup', { ...at(samples[samples.length - 1]!, 0), buttons: 0, pressure: 0 }));
    },
    { points, pointerType },
  );
}

/** RGBA of the drawing as shown at a document pixel: the page's canvas, read after its next two frames. */
export function pixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.locator(CANVAS).evaluate(
    async (c: HTMLCanvasElement, [x, y]) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return Array.from(c.getContext('2d')!.getImageData(x, y, 1, 1).data);
    },
    [x, y] as const,
  );
}

/** Opens a panel of the tool bar (a second click on its button closes it again). */
export async function openPanel(page: Page, tool: string) {
  await page.locator(`[data-tool="${tool}"]`).click();
}

/** Shows a panel, found by a control in it: its tool button is clicked only when the panel is not open already. */
export async function showPanel(page: Page, tool: string, probe: Locator) {
  if (!(await probe.isVisible())) await openPanel(page, tool);
  await expect(probe).toBeVisible();
}

/** Closes a floating panel (smart brush, library, history...) with its close button: it lies over the side panel. */
async function closeFloating(page: Page) {
  const floating = page.locator('section.anime-floating');
  if ((await floating.count()) > 0) await floating.getByRole('button', { name: 'Close panel' }).click();
  await expect(floating).toHaveCount(0);
}

/** Shows a side panel (layers, colours, brush settings, export), closing a floating panel that would lie over it. */
export async function showSidePanel(page: Page, tool: string, probe: Locator) {
  await closeFloating(page);
  await showPanel(page, tool, probe);
}

/** Downloads the drawing as a layered PSD through the Export panel and reads it back. */
export async function exportPsd(page: Page): Promise<Psd> {
  const psd = page.getByRole('radio', { name: 'PSD' });
  await showSidePanel(page, 'export', psd);
  await psd.click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const bytes = readFileSync(await (await download).path());
  return readPsd(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), { useImageData: true, skipThumbnail: true });
}

/** Every layer of a PSD, groups before their layers, bottom to top. */
export function psdLayers(psd: Psd): Layer[] {
  const out: Layer[] = [];
  const walk = (layers: Layer[] | undefined) => {
    for (const l of layers ?? []) {
      out.push(l);
      walk(l.children);
    }
  };
  walk(psd.children);
  return out;
}

/** The layers' names, bottom to top (what the Layers panel lists, in document order). */
export const layerNames = async (page: Page) => psdLayers(await exportPsd(page)).map((l) => l.name);

/** RGBA of one layer of an exported PSD at a document pixel. */
export function layerPixel(psd: Psd, name: string, x: number, y: number): number[] {
  const layer = psdLayers(psd).find((l) => l.name === name);
  if (!layer) throw new Error(`no layer "${name}" in ${psdLayers(psd).map((l) => l.name).join(', ')}`);
  const data = layer.imageData;
  const [lx, ly] = [x - (layer.left ?? 0), y - (layer.top ?? 0)];
  if (!data || lx < 0 || ly < 0 || lx >= data.width || ly >= data.height) return [0, 0, 0, 0];
  const i = (ly * data.width + lx) * 4;
  return Array.from(data.data.subarray(i, i + 4));
}

/** A hash of every layer's name, place and pixels, to prove undo and recovery restore them exactly. */
export async function layersHash(page: Page): Promise<string> {
  const hash = createHash('sha256');
  for (const l of psdLayers(await exportPsd(page))) {
    hash.update(`${l.name}|${l.left ?? 0}|${l.top ?? 0}|${l.imageData?.width ?? 0}x${l.imageData?.height ?? 0}|`);
    if (l.imageData) hash.update(l.imageData.data);
  }
  return hash.digest('hex');
}

/** A PNG of the given size, transparent but for the given rectangles (painted in order). */
export function rectsPng(width: number, height: number, rects: Array<{ x: number; y: number; width: number; height: number; rgba: number[] }>) {
  const data = Buffer.alloc(width * height * 4);
  for (const r of rects) for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) data.set(r.rgba, (y * width + x) * 4);
  return sharp(data, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

/** Opens a picture as a new layer named after the file (a picture of the canvas's size lands at 0, 0). */
export async function uploadPicture(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('anime-upload').setInputFiles({ name, mimeType: 'image/png', buffer });
  await expect(page.getByText(`${name} added.`)).toBeVisible();
}

/** Picks the painting colour in the Colours panel's hex field. */
export async function setColor(page: Page, hex: string) {
  const field = page.getByLabel('Hex', { exact: true });
  await showSidePanel(page, 'colors', field);
  await field.fill(hex);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
}

/** Sets the brush's size and hardness with the Customize panel's sliders. */
export async function setBrush(page: Page, { size, hardness }: { size: number; hardness: number }) {
  const sizeSlider = page.getByRole('slider', { name: /^Size \d/ });
  await showSidePanel(page, 'customize', sizeSlider);
  await sizeSlider.fill(String(size));
  await page.getByRole('slider', { name: /^Hardness \d/ }).fill(String(hardness));
  await expect(sizeSlider).toHaveValue(String(size));
}

/** Shows the Layers panel (a click on its tool button when it is not open already). */
export const showLayers = (page: Page) => showSidePanel(page, 'layers', page.getByRole('button', { name: 'New layer' }));

/** Adds a layer with the Layers panel's New layer button (named "Layer N"). */
export async function addLayer(page: Page, name: string) {
  await showLayers(page);
  await page.getByRole('button', { name: 'New layer' }).click();
  await expect(page.locator(`[data-layer="${name}"]`).getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-current', 'true');
}
