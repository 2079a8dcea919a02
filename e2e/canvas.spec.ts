import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { layersHash, openCreate, penStroke, pixel, type YumiWindow } from './paint';

const size = (page: Page) =>
  page.evaluate(() => {
    const d = (window as unknown as YumiWindow).__yumiPaint.document;
    return [d.width, d.height];
  });

test('canvas size dialog, a picture opening at its own size, and the flipped view', async ({ page }) => {
  await openCreate(page);
  // A picture larger than the empty canvas sets the canvas size instead of being shrunk.
  const big = await sharp({ create: { width: 1200, height: 900, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 1 } } }).png().toBuffer();
  await page.getByTestId('anime-upload').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('big.png added.')).toBeVisible();
  expect(await size(page)).toEqual([1200, 900]);
  expect(await pixel(page, 1199, 899, 'big')).toEqual([0, 128, 255, 255]);

  await page.getByRole('button', { name: 'Canvas size' }).click();
  const dialog = page.getByRole('dialog', { name: 'Canvas size' });
  await expect(dialog.getByTestId('canvas-size-memory')).toContainText('4.1 MB per fully painted layer');
  await dialog.getByLabel('Width (px)').fill('9000');
  await expect(dialog.getByRole('alert')).toHaveText('Width and height must be whole numbers from 1 to 8192.');
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'Portrait 3:4 (AI pictures) — 1536 × 2048' });
  await expect(dialog.getByTestId('canvas-size-memory')).toContainText('12.0 MB per fully painted layer');
  await dialog.getByRole('radio', { name: 'Bottom right' }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  expect(await size(page)).toEqual([1536, 2048]);
  // Anchored bottom right: the picture moved by the growth, its old top-left is now transparent.
  expect(await pixel(page, 336, 1148, 'big')).toEqual([0, 128, 255, 255]);
  expect(await pixel(page, 0, 0, 'big')).toEqual([0, 0, 0, 0]);

  // Scaling instead of extending.
  await page.getByRole('button', { name: 'Canvas size' }).click();
  await dialog.getByLabel('Width (px)').fill('768');
  await dialog.getByLabel('Height (px)').fill('1024');
  await dialog.getByLabel('Scale the picture to the new size').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  expect(await size(page)).toEqual([768, 1024]);
  expect(await pixel(page, 700, 1000, 'big')).toEqual([0, 128, 255, 255]);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  expect(await size(page)).toEqual([1200, 900]);

  // A flipped view mirrors the screen, yet a stroke still lands where the pen is on the drawing.
  const flip = page.getByRole('button', { name: 'Flip view' });
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => (window as unknown as YumiWindow).__yumiPaint.addLayer('Ink'));
  await penStroke(page, [[100, 100], [300, 100]]);
  expect((await pixel(page, 200, 100, 'Ink'))[3]).toBeGreaterThan(100);
  expect((await pixel(page, 1000, 100, 'Ink'))[3]).toBe(0);
});

test('fill bucket closes gaps and fills fully opaque; clipping mask from the layers panel', async ({ page }) => {
  await openCreate(page);
  // Line art: a black square outline (3 px) with a 16 px gap in its top edge, on the background layer.
  await page.evaluate(() => {
    const e = (window as unknown as YumiWindow).__yumiPaint;
    const id = e.document.activeLayerId;
    const black = (w: number, h: number) => new Uint8ClampedArray(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : 0));
    e.applyPixels(id, { x: 100, y: 100, width: 200, height: 3 }, black(200, 3));
    e.applyPixels(id, { x: 100, y: 297, width: 200, height: 3 }, black(200, 3));
    e.applyPixels(id, { x: 100, y: 100, width: 3, height: 200 }, black(3, 200));
    e.applyPixels(id, { x: 297, y: 100, width: 3, height: 200 }, black(3, 200));
    e.applyPixels(id, { x: 192, y: 100, width: 16, height: 3 }, new Uint8ClampedArray(16 * 3 * 4));
    e.addLayer('Colour');
    e.setColor('#ff8800');
  });
  const fill = page.getByRole('button', { name: 'Fill', exact: true });
  await fill.click();
  await expect(fill).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('slider', { name: 'Close gaps' }).fill('20');
  const clickDoc = async (x: number, y: number) => {
    const box = (await page.getByTestId('paint-stage').boundingBox())!;
    const s = await page.evaluate(([x, y]) => (window as unknown as YumiWindow).__yumiPaint.viewport.documentToScreen({ x: x!, y: y! }), [x, y]);
    await page.mouse.click(box.x + s.x, box.y + s.y);
  };
  await clickDoc(200, 200);
  await expect.poll(() => pixel(page, 200, 200, 'Colour')).toEqual([255, 136, 0, 255]);
  expect(await pixel(page, 104, 104, 'Colour')).toEqual([255, 136, 0, 255]);
  expect(await pixel(page, 50, 50, 'Colour')).toEqual([0, 0, 0, 0]); // did not leak through the gap

  // Clipped to the line art below, the colour shows only on the lines (where the base has pixels).
  await page.locator('[data-tool="layers"]').click();
  await page.getByRole('checkbox', { name: 'Clip to the layer below' }).check();
  await expect.poll(() => pixel(page, 200, 200)).toEqual([0, 0, 0, 0]);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => pixel(page, 200, 200)).toEqual([255, 136, 0, 255]);
});

test('selection: rectangle, copy and paste to a new layer, move, flip with free transform, magic wand', async ({ page }) => {
  await openCreate(page);
  // Left half red, right half blue: a 100x100 block at (100, 100).
  await page.evaluate(() => {
    const e = (window as unknown as YumiWindow).__yumiPaint;
    const block = new Uint8ClampedArray(100 * 100 * 4);
    for (let i = 0; i < 100 * 100; i++) block.set(i % 100 < 50 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
    e.applyPixels(e.document.activeLayerId, { x: 100, y: 100, width: 100, height: 100 }, block);
  });
  const screen = async (x: number, y: number) => {
    const box = (await page.getByTestId('paint-stage').boundingBox())!;
    const s = await page.evaluate(([x, y]) => (window as unknown as YumiWindow).__yumiPaint.viewport.documentToScreen({ x: x!, y: y! }), [x, y]);
    return { x: box.x + s.x, y: box.y + s.y };
  };
  const dragDoc = async (from: [number, number], to: [number, number]) => {
    const a = await screen(...from);
    const b = await screen(...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
    await page.mouse.move(b.x, b.y);
    await page.mouse.up();
  };
  const selection = () => page.evaluate(() => (window as unknown as YumiWindow).__yumiPaint.getSnapshot().selection);

  await page.getByRole('button', { name: 'Selection', exact: true }).click();
  await dragDoc([100, 100], [200, 200]);
  await expect(page.getByTestId('selection-outline')).toBeAttached();
  const sel = (await selection())!;
  expect(Math.abs(sel.x - 100) + Math.abs(sel.y - 100) + Math.abs(sel.width - 100) + Math.abs(sel.height - 100)).toBeLessThanOrEqual(4);

  // Copy, paste as a new layer at the same place.
  await page.keyboard.press('Control+c');
  await page.getByRole('button', { name: 'Paste', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as YumiWindow).__yumiPaint.document.activeLayer.name)).toBe('Pasted');
  expect(await pixel(page, 120, 150, 'Pasted')).toEqual([255, 0, 0, 255]);

  // Move the selected pixels 60 px right: the selection follows.
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await dragDoc([150, 150], [210, 150]);
  await expect.poll(() => pixel(page, 170, 150, 'Pasted')).toEqual([255, 0, 0, 255]);
  expect((await pixel(page, 110, 150, 'Pasted'))[3]).toBe(0);
  expect((await selection())!.x).toBeGreaterThanOrEqual(158);

  // Free transform: flip horizontally, apply: red and blue swap sides.
  await page.getByRole('button', { name: 'Transform', exact: true }).click();
  await page.getByRole('button', { name: 'Flip horizontally' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => pixel(page, 175, 150, 'Pasted')).toEqual([0, 0, 255, 255]);
  expect(await pixel(page, 245, 150, 'Pasted')).toEqual([255, 0, 0, 255]);

  // Magic wand on the empty canvas (all layers): everything but the painted pixels.
  await page.getByRole('button', { name: 'Selection', exact: true }).click();
  await page.getByRole('radio', { name: 'Magic wand' }).click();
  const p = await screen(20, 20);
  await page.mouse.click(p.x, p.y);
  await expect.poll(async () => (await selection())?.width).toBe(800);
  const inBlock = await page.evaluate(() => (window as unknown as YumiWindow).__yumiPaint.selection![150 * 800 + 150]);
  expect(inBlock).toBe(0);
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
  await page.waitForFunction(() => !!(window as unknown as YumiWindow).__yumiPaint);
  await expect(page.getByText('Your unsaved drawing was recovered.')).toBeVisible();
  expect(await layersHash(page)).toBe(hash);
  // A second stroke far away adds only its own tiles.
  const before = await savedTiles(page);
  await penStroke(page, [[700, 500], [760, 560]]);
  await expect.poll(() => savedTiles(page)).toBeGreaterThan(before);
  expect(await savedTiles(page)).toBeLessThan(before + 4);
  const hash2 = await layersHash(page);
  await page.reload();
  await page.waitForFunction(() => !!(window as unknown as YumiWindow).__yumiPaint);
  await expect.poll(() => layersHash(page)).toBe(hash2);
});

test('symmetry, brush clipped to the selection, colour wheel, pressure curve per brush, size cursor', async ({ page }) => {
  await openCreate(page);
  // runs fn on the page's engine (a function's source, so it carries no closure)
  const engine = <T,>(fn: (e: YumiWindow['__yumiPaint']) => T) => page.evaluate(`(${fn.toString()})(window.__yumiPaint)`) as Promise<T>;
  const width = await engine((e) => e.document.width);
  const active = await engine((e) => e.document.activeLayer.name);

  // Vertical symmetry: a stroke on the left is mirrored on the right; guides show the axis.
  await page.getByRole('button', { name: 'Symmetry', exact: true }).click();
  await page.getByRole('combobox', { name: 'Symmetry type' }).selectOption({ label: 'Vertical (left and right)' });
  await expect(page.getByTestId('symmetry-guides')).toBeAttached();
  await penStroke(page, [[100, 100], [200, 100]]);
  expect((await pixel(page, 150, 100, active))[3]).toBeGreaterThan(0);
  expect((await pixel(page, width - 150, 100, active))[3]).toBeGreaterThan(0);
  // The centre moves: typed in (then the mirror is around x = 300), and dragged by its handle.
  await page.getByRole('spinbutton', { name: 'Centre X' }).fill('300');
  await penStroke(page, [[100, 200], [150, 200]]);
  expect((await pixel(page, 480, 200, active))[3]).toBeGreaterThan(0); // 2 * 300 - 120
  const handle = (await page.getByTestId('symmetry-centre').boundingBox())!;
  const zoom = await engine((e) => e.viewport.zoom);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => engine((e) => e.symmetry.cx)).toBeCloseTo(300 + 60 / zoom, -1);
  expect(await engine((e) => e.document.symmetry?.cx)).toBe(await engine((e) => e.symmetry.cx)); // kept with the drawing
  await page.getByRole('button', { name: 'Centre on canvas' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Centre X' })).toHaveValue(String(Math.round(width / 2)));
  await page.getByRole('combobox', { name: 'Symmetry type' }).selectOption({ label: 'Off' });
  await expect(page.getByTestId('symmetry-guides')).toHaveCount(0);

  // With a selection, the brush paints only inside it.
  await engine((e) => {
    const m = new Uint8Array(e.document.width * e.document.height);
    for (let y = 250; y < 350; y++) m.fill(255, y * e.document.width + 300, y * e.document.width + 400);
    e.setSelection(m);
  });
  await penStroke(page, [[250, 300], [450, 300]]);
  expect((await pixel(page, 350, 300, active))[3]).toBeGreaterThan(0);
  expect((await pixel(page, 270, 300, active))[3]).toBe(0);
  expect((await pixel(page, 430, 300, active))[3]).toBe(0);

  // Brush size cursor: a circle of the brush's diameter follows the mouse over the canvas.
  const stage = (await page.getByTestId('paint-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await expect(page.getByTestId('brush-cursor')).toBeVisible();
  const size = await engine((e) => e.brush.size);
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
  const bar = page.getByRole('toolbar', { name: 'Canvas controls' });
  await bar.getByRole('button', { name: 'Eraser', exact: true }).click();
  await expect(curve.getByRole('button', { name: 'Linear' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Brush', exact: true }).click();
  expect(await engine((e) => e.brush.pressureCurve?.y1)).toBeGreaterThan(0.55);
});

test('layer groups: group a layer, the group’s opacity applies to it, ungroup', async ({ page }) => {
  await openCreate(page);
  await page.evaluate(() => {
    const e = (window as unknown as YumiWindow).__yumiPaint;
    const id = e.addLayer('Ink');
    e.applyPixels(id, { x: 40, y: 40, width: 20, height: 20 }, new Uint8ClampedArray(20 * 20 * 4).map((_, i) => [200, 30, 60, 255][i % 4]!));
  });
  await page.locator('[data-tool="layers"]').click();
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
  for (let i = 0; i < 6 && !/into the group/.test((await live.textContent()) ?? ''); i++) await page.keyboard.press('ArrowUp');
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
