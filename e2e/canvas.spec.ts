import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './support';
import { addLayer, canvasReady, documentSize, exportPsd, layerPixel, layersHash, openCreate, penStroke, pixel, rectsPng, setBrush, setColor, showLayers, toScreen, uploadPicture } from './paint';

/** The canvas's size once the page has drawn the change. */
const expectSize = (page: Page, size: number[]) => expect.poll(() => documentSize(page)).toEqual(size);

/** One layer's pixel, from a PSD exported through the Export panel. */
const layerAt = async (page: Page, name: string, x: number, y: number) => layerPixel(await exportPsd(page), name, x, y);

/** The selection as the marching ants show it: the outline's edges, in document units. */
async function ants(page: Page) {
  const d = (await page.getByTestId('selection-outline').locator('path').first().getAttribute('d')) ?? '';
  const edges = [...d.matchAll(/M(-?\d+) (-?\d+)([HV])(-?\d+)/g)].map(([, x, y, kind, to]) => ({ x: Number(x), y: Number(y), kind, to: Number(to) }));
  const xs = edges.flatMap((e) => (e.kind === 'H' ? [e.x, e.to] : [e.x]));
  const ys = edges.flatMap((e) => (e.kind === 'V' ? [e.y, e.to] : [e.y]));
  return {
    bounds: { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) },
    /** Inside the outline (even-odd: the vertical edges left of the pixel's centre that cross its row). */
    selected: (px: number, py: number) => edges.filter((e) => e.kind === 'V' && e.x <= px && e.y <= py && py < e.to).length % 2 === 1,
  };
}

test('canvas size dialog, a picture opening at its own size, and the flipped view', async ({ page }) => {
  await openCreate(page);
  // A picture larger than the empty canvas sets the canvas size instead of being shrunk.
  const big = await sharp({ create: { width: 1200, height: 900, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 1 } } }).png().toBuffer();
  await page.getByTestId('anime-upload').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('big.png added.')).toBeVisible();
  await expectSize(page, [1200, 900]);
  expect(await pixel(page, 1199, 899)).toEqual([0, 128, 255, 255]);

  await page.getByRole('button', { name: 'Canvas size' }).click();
  const dialog = page.getByRole('dialog', { name: 'Canvas size' });
  await expect(dialog.getByTestId('canvas-size-memory')).toContainText('4.1 MB per fully painted layer');
  await dialog.getByLabel('Width (px)').fill('9000');
  await expect(dialog.getByRole('alert')).toHaveText('Width and height must be whole numbers from 1 to 8192.');
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'Portrait 3:4 (AI pictures) — 1536 × 2048' });
  await expect(dialog.getByTestId('canvas-size-memory')).toContainText('12.0 MB per fully painted layer');
  // Keyboard only: the anchor is a 3 x 3 grid of radios, one tab stop after the mode (on the centre), where the
  // arrows move in two dimensions and stop at the edges.
  const anchors = dialog.getByRole('radiogroup', { name: 'Where the picture stays' });
  await dialog.getByRole('radio', { name: /^Resize the canvas/ }).focus();
  await page.keyboard.press('Tab');
  await expect(anchors.getByRole('radio', { name: 'Centre' })).toBeFocused();
  for (const [key, name] of [['ArrowDown', 'Bottom'], ['ArrowDown', 'Bottom'], ['ArrowRight', 'Bottom right']] as const) {
    await page.keyboard.press(key);
    await expect(anchors.getByRole('radio', { name, exact: true })).toBeFocused();
  }
  await expect(anchors.getByRole('radio', { checked: true })).toHaveAccessibleName('Bottom right');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expectSize(page, [1536, 2048]);
  // Anchored bottom right: the picture moved by the growth, its old top-left is now transparent.
  const grown = await exportPsd(page);
  expect(layerPixel(grown, 'big', 336, 1148)).toEqual([0, 128, 255, 255]);
  expect(layerPixel(grown, 'big', 0, 0)).toEqual([0, 0, 0, 0]);

  // Scaling instead of extending.
  await page.getByRole('button', { name: 'Canvas size' }).click();
  await dialog.getByLabel('Width (px)').fill('768');
  await dialog.getByLabel('Height (px)').fill('1024');
  await dialog.getByLabel('Scale the picture to the new size').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expectSize(page, [768, 1024]);
  expect(await pixel(page, 700, 1000)).toEqual([0, 128, 255, 255]);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expectSize(page, [1200, 900]);

  // A flipped view mirrors the screen, yet a stroke still lands where the pen is on the drawing.
  const flip = page.getByRole('button', { name: 'Flip view' });
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  await addLayer(page, 'Layer 1');
  await penStroke(page, [[100, 100], [300, 100]]);
  const flipped = await exportPsd(page);
  expect(layerPixel(flipped, 'Layer 1', 200, 100)[3]).toBeGreaterThan(100);
  expect(layerPixel(flipped, 'Layer 1', 1000, 100)[3]).toBe(0);
});

test('fill bucket closes gaps and fills fully opaque; clipping mask from the layers panel', async ({ page }) => {
  await openCreate(page);
  // Line art: a black square outline (3 px) with a 16 px gap in its top edge, as a picture of the canvas's size.
  const black = [0, 0, 0, 255];
  const lines = await rectsPng(800, 600, [
    { x: 100, y: 100, width: 200, height: 3, rgba: black },
    { x: 100, y: 297, width: 200, height: 3, rgba: black },
    { x: 100, y: 100, width: 3, height: 200, rgba: black },
    { x: 297, y: 100, width: 3, height: 200, rgba: black },
    { x: 192, y: 100, width: 16, height: 3, rgba: [0, 0, 0, 0] },
  ]);
  await uploadPicture(page, 'lines.png', lines);
  await addLayer(page, 'Layer 1');
  await setColor(page, '#ff8800');
  const fill = page.getByRole('button', { name: 'Fill', exact: true });
  await fill.click();
  await expect(fill).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('slider', { name: 'Close gaps' }).fill('20');
  const clickDoc = async (x: number, y: number) => {
    const s = await toScreen(page, x, y);
    await page.mouse.click(s.x, s.y);
  };
  await clickDoc(200, 200);
  await expect.poll(() => pixel(page, 200, 200)).toEqual([255, 136, 0, 255]);
  const filled = await exportPsd(page);
  expect(layerPixel(filled, 'Layer 1', 200, 200)).toEqual([255, 136, 0, 255]);
  expect(layerPixel(filled, 'Layer 1', 104, 104)).toEqual([255, 136, 0, 255]);
  expect(layerPixel(filled, 'Layer 1', 50, 50)).toEqual([0, 0, 0, 0]); // did not leak through the gap

  // Clipped to the line art below, the colour shows only on the lines (where the base has pixels).
  await showLayers(page);
  await page.getByRole('checkbox', { name: 'Clip to the layer below' }).check();
  await expect.poll(() => pixel(page, 200, 200)).toEqual([0, 0, 0, 0]);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => pixel(page, 200, 200)).toEqual([255, 136, 0, 255]);
});

test('selection: rectangle, copy and paste to a new layer, move, flip with free transform, magic wand', async ({ page }) => {
  await openCreate(page);
  // Left half red, right half blue: a 100x100 block at (100, 100).
  const block = await rectsPng(800, 600, [
    { x: 100, y: 100, width: 50, height: 100, rgba: [255, 0, 0, 255] },
    { x: 150, y: 100, width: 50, height: 100, rgba: [0, 0, 255, 255] },
  ]);
  await uploadPicture(page, 'block.png', block);
  const dragDoc = async (from: [number, number], to: [number, number]) => {
    const a = await toScreen(page, ...from);
    const b = await toScreen(page, ...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
    await page.mouse.move(b.x, b.y);
    await page.mouse.up();
  };

  await page.getByRole('button', { name: 'Selection', exact: true }).click();
  await dragDoc([100, 100], [200, 200]);
  await expect(page.getByTestId('selection-outline')).toBeAttached();
  const sel = (await ants(page)).bounds;
  expect(Math.abs(sel.x - 100) + Math.abs(sel.y - 100) + Math.abs(sel.width - 100) + Math.abs(sel.height - 100)).toBeLessThanOrEqual(4);

  // Copy, paste as a new layer at the same place.
  await page.keyboard.press('Control+c');
  await page.getByRole('button', { name: 'Paste', exact: true }).click();
  await expect.poll(() => layerAt(page, 'Pasted', 120, 150)).toEqual([255, 0, 0, 255]);

  // Move the selected pixels 60 px right: the selection follows.
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await dragDoc([150, 150], [210, 150]);
  await expect.poll(async () => (await ants(page)).bounds.x).toBeGreaterThanOrEqual(158);
  const moved = await exportPsd(page);
  expect(layerPixel(moved, 'Pasted', 170, 150)).toEqual([255, 0, 0, 255]);
  expect(layerPixel(moved, 'Pasted', 110, 150)[3]).toBe(0);

  // Free transform: flip horizontally, apply: red and blue swap sides.
  await page.getByRole('button', { name: 'Transform', exact: true }).click();
  await page.getByRole('button', { name: 'Flip horizontally' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => pixel(page, 245, 150)).toEqual([255, 0, 0, 255]);
  const transformed = await exportPsd(page);
  expect(layerPixel(transformed, 'Pasted', 175, 150)).toEqual([0, 0, 255, 255]);
  expect(layerPixel(transformed, 'Pasted', 245, 150)).toEqual([255, 0, 0, 255]);

  // Magic wand on the empty canvas (all layers): everything but the painted pixels.
  await page.getByRole('button', { name: 'Selection', exact: true }).click();
  await page.getByRole('radio', { name: 'Magic wand' }).click();
  const p = await toScreen(page, 20, 20);
  await page.mouse.click(p.x, p.y);
  await expect.poll(async () => (await ants(page)).bounds.width).toBe(800);
  const wand = await ants(page);
  expect(wand.selected(20, 20)).toBe(true);
  expect(wand.selected(150, 150)).toBe(false);
});

/** How many tiles the crash-recovery copy holds (0 when there is none). */
const savedTiles = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('yumi-anime');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tiles')) return resolve(0);
          const count = db.transaction('tiles', 'readonly').objectStore('tiles').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => resolve(0);
        };
      }),
  );

test('a stroke is saved for recovery the moment the pen lifts, tile by tile', async ({ page }) => {
  // Timers never run: the save cannot come from a delayed (debounced) write.
  await page.clock.install();
  await openCreate(page);
  await penStroke(page, [[100, 100], [400, 300]]);
  await expect.poll(() => savedTiles(page)).toBeGreaterThan(0);
  const hash = await layersHash(page);
  await page.reload();
  await canvasReady(page);
  await expect(page.getByText('Your unsaved drawing was recovered.')).toBeVisible();
  expect(await layersHash(page)).toBe(hash);
  // A second stroke far away adds only its own tiles.
  const before = await savedTiles(page);
  await penStroke(page, [[700, 500], [760, 560]]);
  await expect.poll(() => savedTiles(page)).toBeGreaterThan(before);
  expect(await savedTiles(page)).toBeLessThan(before + 4);
  const hash2 = await layersHash(page);
  await page.reload();
  await canvasReady(page);
  await expect(page.getByText('Your unsaved drawing was recovered.')).toBeVisible();
  expect(await layersHash(page)).toBe(hash2);
});

test('symmetry, brush clipped to the selection, colour wheel, pressure curve per brush, size cursor', async ({ page }) => {
  await openCreate(page);
  const width = 800; // the new drawing's size
  await expectSize(page, [width, 600]);
  const active = 'Background'; // the only layer

  // Vertical symmetry: a stroke on the left is mirrored on the right; guides show the axis.
  await page.getByRole('button', { name: 'Symmetry', exact: true }).click();
  await page.getByRole('combobox', { name: 'Symmetry type' }).selectOption({ label: 'Vertical (left and right)' });
  await expect(page.getByTestId('symmetry-guides')).toBeAttached();
  await penStroke(page, [[100, 100], [200, 100]]);
  const mirrored = await exportPsd(page);
  expect(layerPixel(mirrored, active, 150, 100)[3]).toBeGreaterThan(0);
  expect(layerPixel(mirrored, active, width - 150, 100)[3]).toBeGreaterThan(0);
  // The centre moves: typed in (then the mirror is around x = 300), and dragged by its handle.
  const centreX = page.getByRole('spinbutton', { name: 'Centre X' });
  await centreX.fill('300');
  await penStroke(page, [[100, 200], [150, 200]]);
  expect(layerPixel(await exportPsd(page), active, 480, 200)[3]).toBeGreaterThan(0); // 2 * 300 - 120
  const handle = (await page.getByTestId('symmetry-centre').boundingBox())!;
  const zoom = await page.locator('[data-testid="paint-stage"] canvas').evaluate((c) => {
    const m = new DOMMatrix(getComputedStyle(c).transform);
    return Math.hypot(m.a, m.b);
  });
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Number(await centreX.inputValue())).toBeCloseTo(300 + 60 / zoom, -1);
  await page.getByRole('button', { name: 'Centre on canvas' }).click();
  await expect(centreX).toHaveValue(String(Math.round(width / 2)));
  await page.getByRole('combobox', { name: 'Symmetry type' }).selectOption({ label: 'Off' });
  await expect(page.getByTestId('symmetry-guides')).toHaveCount(0);

  // With a selection (a rectangle dragged with the Selection tool), the brush paints only inside it.
  await page.getByRole('button', { name: 'Selection', exact: true }).click();
  const [from, to] = [await toScreen(page, 300, 250), await toScreen(page, 400, 350)];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
  await expect(page.getByTestId('selection-outline')).toBeAttached();
  const bar = page.getByRole('toolbar', { name: 'Canvas controls' });
  await bar.getByRole('button', { name: 'Brush', exact: true }).click();
  await penStroke(page, [[250, 300], [450, 300]]);
  const clipped = await exportPsd(page);
  expect(layerPixel(clipped, active, 350, 300)[3]).toBeGreaterThan(0);
  expect(layerPixel(clipped, active, 270, 300)[3]).toBe(0);
  expect(layerPixel(clipped, active, 430, 300)[3]).toBe(0);

  // Brush size cursor: a circle of the brush's diameter follows the mouse over the canvas.
  await page.locator('[data-tool="customize"]').click();
  const size = Number(await page.getByRole('slider', { name: /^Size \d/ }).inputValue());
  const stage = (await page.getByTestId('paint-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await expect(page.getByTestId('brush-cursor')).toBeVisible();
  await expect(page.getByTestId('brush-cursor')).toHaveAttribute('r', String(size / 2));

  // Colour wheel: the right edge of the wheel is pure red at full value; Value to 0 gives black.
  await page.locator('[data-tool="colors"]').click();
  const wheel = (await page.getByTestId('color-wheel').boundingBox())!;
  await page.mouse.click(wheel.x + wheel.width - 2, wheel.y + wheel.height / 2);
  await expect(page.getByLabel('Hex')).toHaveValue(/^#f[a-f0-9]0[0-9a-f]0[0-9a-f]$/);
  const value = page.getByRole('slider', { name: 'Value' });
  await value.focus();
  await page.keyboard.press('Home');
  await expect(page.getByLabel('Hex')).toHaveValue('#000000');

  // Pressure curve: Soft for the brush stays with the brush, not the eraser.
  await page.locator('[data-tool="customize"]').click();
  const curve = page.getByRole('group', { name: 'Pressure curve' });
  await curve.getByRole('button', { name: 'Soft' }).click();
  await expect(curve.getByRole('button', { name: 'Soft' })).toHaveAttribute('aria-pressed', 'true');
  const point = curve.getByRole('img', { name: /^Control point 1/ });
  const before = await point.getAttribute('aria-label');
  await point.focus();
  await page.keyboard.press('ArrowUp');
  await expect(point).not.toHaveAttribute('aria-label', before!);
  const edited = await point.getAttribute('aria-label');
  await bar.getByRole('button', { name: 'Eraser', exact: true }).click();
  await expect(curve.getByRole('button', { name: 'Linear' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Brush', exact: true }).click();
  await expect(point).toHaveAttribute('aria-label', edited!);
});

test('layer groups: group a layer, the group’s opacity applies to it, ungroup', async ({ page }) => {
  await openCreate(page);
  // An "Ink" layer with an opaque dab at (50, 50).
  await addLayer(page, 'Layer 1');
  await page.locator('[data-layer="Layer 1"]').getByRole('button', { name: /^Layer 1/ }).dblclick();
  await page.getByRole('textbox', { name: 'Rename' }).fill('Ink');
  await page.getByRole('textbox', { name: 'Rename' }).press('Enter');
  await setBrush(page, { size: 20, hardness: 100 });
  await penStroke(page, [[45, 50], [55, 50]], 'mouse');
  await expect.poll(async () => (await pixel(page, 50, 50))[3]).toBe(255);
  await showLayers(page);
  await page.getByRole('button', { name: 'Group', exact: true }).click();
  const group = page.locator('[data-layer="Group 1"]');
  await expect(group).toBeVisible();
  await expect(group.getByRole('button', { name: /^Group 1/ })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('slider', { name: 'Layer opacity' }).fill('50');
  await expect.poll(async () => Math.abs((await pixel(page, 50, 50))[3]! - 128)).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Ungroup', exact: true }).click();
  await expect(group).toHaveCount(0);
  await expect.poll(async () => (await pixel(page, 50, 50))[3]).toBe(255);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(group).toBeVisible();

  // Drag and drop. Keyboard: Space on the grip lifts the row, the arrows step through the places
  // (announced), Space drops it: Background goes into the group.
  const rows = () => page.locator('.an-layer-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-layer')));
  const live = page.locator('[id^="DndLiveRegion"]');
  await expect.poll(rows).toEqual(['Group 1', 'Ink', 'Background']);
  await page.getByRole('button', { name: 'Move Background' }).focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Picked up Background.');
  // Step with the arrows until it says "into the group". A press right after pickup can be lost (dnd-kit listens
  // for keys from the next tick), so a press that changed nothing is made again, and a step too far is stepped back.
  await expect(async () => {
    const said = (await live.textContent()) ?? '';
    if (/into the group/.test(said)) return;
    await page.keyboard.press(/above Group 1/.test(said) ? 'ArrowDown' : 'ArrowUp');
    await expect(live).toHaveText(/into the group/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(live).toHaveText('Background will go into the group Group 1.');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Background moved into the group Group 1.');
  await expect.poll(rows).toEqual(['Group 1', 'Background', 'Ink']);
  await expect(page.locator('[data-layer="Background"]')).toHaveCSS('padding-inline-start', '20px'); // indented: in the group
  // Pointer: drag Background by its grip onto the top edge of the group's row: out, above the group.
  const grip = (await page.getByRole('button', { name: 'Move Background' }).boundingBox())!;
  const groupRow = (await group.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, groupRow.y + 2, { steps: 8 });
  await expect(group).toHaveClass(/is-drop-above/);
  await page.mouse.up();
  await expect.poll(rows).toEqual(['Background', 'Group 1', 'Ink']);
  await page.getByRole('button', { name: 'Undo', exact: true }).click(); // one step
  await expect.poll(rows).toEqual(['Group 1', 'Background', 'Ink']);
});
