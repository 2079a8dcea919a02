import { expect, test } from '@playwright/test';
import { writePsdBuffer } from 'ag-psd';
import { readFileSync } from 'node:fs';
import { canvasReady, exportPsd, layerNames, layerPixel, layersHash, openCreate, openPanel, penStroke, pixel, recoverySavedAt, setBrush, setColor, showLayers, showPanel, showSidePanel, toScreen } from './paint';
import { seriousViolations, shot, signUpViaApi } from './support';

test.describe('anime Create mode', () => {
  test('strokes land on the active layer only, a locked layer is untouched, undo is exact', async ({ page }) => {
    await openCreate(page);
    await shot(page, 'anime-create-empty');
    await setBrush(page, { size: 14, hardness: 100 });

    // A pen stroke on the Background layer.
    await penStroke(page, [
      [100, 100],
      [300, 120],
    ]);
    const first = await exportPsd(page);
    expect(layerPixel(first, 'Background', 200, 110)[3]).toBeGreaterThan(150);

    // New layer: strokes go there, the Background keeps its pixels.
    await showLayers(page);
    await page.getByRole('button', { name: 'New layer' }).click();
    await expect(page.locator('[data-layer="Layer 1"]')).toBeVisible();
    const before = layerPixel(first, 'Background', 400, 300);
    await penStroke(page, [
      [380, 300],
      [420, 300],
    ]);
    const second = await exportPsd(page);
    expect(layerPixel(second, 'Layer 1', 400, 300)[3]).toBeGreaterThan(150);
    expect(layerPixel(second, 'Background', 400, 300)).toEqual(before);
    expect(layerPixel(second, 'Layer 1', 200, 110)[3]).toBe(0);

    // Undo restores the exact pixels; redo brings the stroke back.
    const clean = await layersHash(page);
    await penStroke(page, [
      [500, 400],
      [650, 450],
      [700, 380],
    ]);
    expect(await layersHash(page)).not.toBe(clean);
    await page.keyboard.press('Control+z');
    expect(await layersHash(page)).toBe(clean);
    await page.keyboard.press('Control+Shift+z');
    expect(await layersHash(page)).not.toBe(clean);
    await page.keyboard.press('Control+z');

    // Lock the active layer: a stroke changes nothing and the user is told why.
    await showLayers(page);
    await page.getByRole('button', { name: 'Lock Layer 1' }).click();
    const locked = await layersHash(page);
    await penStroke(page, [
      [50, 500],
      [300, 520],
    ]);
    expect(await layersHash(page)).toBe(locked);
    await expect(page.getByText('This layer is locked.', { exact: false })).toBeVisible();
    await shot(page, 'anime-layers-locked');
  });

  test('blend modes composite as expected', async ({ page }) => {
    await openCreate(page);
    // Red on the Background, blue on Layer 1 over it, both opaque and wide.
    await setColor(page, '#ff0000');
    await setBrush(page, { size: 40, hardness: 100 });
    await penStroke(page, [
      [100, 300],
      [300, 300],
    ], 'mouse');
    await showLayers(page);
    await page.getByRole('button', { name: 'New layer' }).click();
    await expect(page.locator('[data-layer="Layer 1"]')).toBeVisible();
    await setColor(page, '#0000ff');
    await penStroke(page, [
      [200, 200],
      [200, 400],
    ], 'mouse');
    await showLayers(page);
    const blend = page.getByLabel('Blend mode');
    expect(await pixel(page, 200, 300)).toEqual([0, 0, 255, 255]);
    await blend.selectOption('multiply');
    expect(await pixel(page, 200, 300)).toEqual([0, 0, 0, 255]);
    await blend.selectOption('screen');
    expect(await pixel(page, 200, 300)).toEqual([255, 0, 255, 255]);
    await blend.selectOption('lighten');
    expect(await pixel(page, 200, 300)).toEqual([255, 0, 255, 255]);
    await blend.selectOption('darken');
    expect(await pixel(page, 200, 300)).toEqual([0, 0, 0, 255]);
    // Where only the blue layer is, every mode shows blue over transparency.
    expect(await pixel(page, 200, 220)).toEqual([0, 0, 255, 255]);
    // Layer opacity 0 shows the red below.
    await page.getByLabel('Layer opacity').fill('0');
    expect(await pixel(page, 200, 300)).toEqual([255, 0, 0, 255]);
    await shot(page, 'anime-blend-modes');
  });

  test('panels: templates, poses, colour assistant, smart brush fill, export', async ({ page }) => {
    await signUpViaApi(page, 'anime');
    await openCreate(page);
    await openPanel(page, 'templates');
    await expect(page.locator('[data-template="gorgeous-anime"]')).toBeVisible();
    await page.getByRole('tab', { name: 'Classic' }).click();
    await page.locator('[data-template="chibi"]').click();
    await expect(page.locator('[data-layer="Template guide: Chibi"]')).toHaveCount(0); // panel switched; see the export
    expect(await layerNames(page)).toContain('Template guide: Chibi');
    await page.getByRole('radio', { name: 'PNG' }).click(); // the export panel is open: back to the default format
    await shot(page, 'anime-templates');

    await openPanel(page, 'poses');
    await page.getByRole('button', { name: /Energetic Jump/ }).click();
    await shot(page, 'anime-poses');

    // Floating panels: opening one closes the context panel.
    await openPanel(page, 'ai-color-assistant');
    await expect(page.locator('.anime-context')).toHaveCount(0);
    await page.getByRole('button', { name: 'Analyse my drawing' }).click();
    await expect(page.getByText('Dominant colours')).toBeVisible();
    await page.getByRole('button', { name: 'Maid café' }).click();
    await expect(page.getByText('Suggestions')).toBeVisible();
    await shot(page, 'anime-colour-assistant');

    // Smart brush: ON fills a closed shape on the active layer with one click.
    await openPanel(page, 'smart-brush');
    await page.getByRole('switch').check();
    await expect(page.getByText('Sensitivity 75')).toBeVisible();
    await shot(page, 'anime-smart-brush');
    await showLayers(page);
    await page.locator('[data-layer="Background"]').getByRole('button', { name: /^Background/ }).click();
    await setColor(page, '#22aa44');
    await showPanel(page, 'smart-brush', page.getByRole('switch'));
    await expect(page.getByRole('switch')).toBeChecked();
    const at = await toScreen(page, 20, 580);
    await page.getByTestId('paint-stage').evaluate((stage, at) => {
      stage.dispatchEvent(new PointerEvent('pointerdown', { clientX: at.x, clientY: at.y, pointerType: 'mouse', button: 0, buttons: 1, bubbles: true, pointerId: 3 }));
      stage.dispatchEvent(new PointerEvent('pointerup', { clientX: at.x, clientY: at.y, pointerType: 'mouse', bubbles: true, pointerId: 3 }));
    }, at);
    const filled = layerPixel(await exportPsd(page), 'Background', 20, 580);
    expect(filled.slice(0, 3)).toEqual([0x22, 0xaa, 0x44]);
    await showPanel(page, 'smart-brush', page.getByRole('switch'));
    await page.getByRole('switch').uncheck();

    await showSidePanel(page, 'export', page.getByRole('radio', { name: 'PNG' }));
    await page.getByRole('radio', { name: 'PNG' }).click();
    await expect(page.getByText('Size 100% (800 × 600 px)')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    await shot(page, 'anime-export');
  });

  test('save to the library, version history, compare, and crash recovery', async ({ page }) => {
    await signUpViaApi(page, 'animelib');
    await openCreate(page);
    await penStroke(page, [
      [200, 200],
      [600, 400],
    ]);
    await openPanel(page, 'character-library');
    await page.getByRole('button', { name: 'Save as new character' }).click();
    await expect(page.getByText('Please enter a name for your character.')).toBeVisible();
    await page.getByLabel('Character name').fill('Sakura');
    await page.getByRole('button', { name: 'Save as new character' }).click();
    await expect(page.locator('.an-character-card').filter({ hasText: 'Sakura' })).toBeVisible();
    await page.getByLabel('Character name').fill('Sakura Haruno');
    await page.getByRole('button', { name: 'Update name, tags and brief' }).click();
    await expect(page.locator('.an-character-card').filter({ hasText: 'Sakura Haruno' })).toBeVisible();
    await shot(page, 'anime-library');

    await penStroke(page, [
      [200, 450],
      [650, 150],
    ]);
    await openPanel(page, 'version-history');
    await page.getByLabel('Version name').fill('Second pass');
    await page.getByRole('button', { name: 'Save version' }).click();
    await expect(page.locator('.an-version-row')).toHaveCount(2);
    await expect(page.getByText('2 / 20 versions · 10% used', { exact: false })).toBeVisible();
    await expect(page.locator('.an-version-row.is-current')).toContainText('Second pass');
    await expect(page.locator('.an-version-row.is-current').getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await page.getByLabel('Select Second pass for comparison').check();
    await page.getByLabel('Select Version 1 for comparison').check();
    await page.getByRole('button', { name: /Compare/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: 'Second pass' })).toBeVisible();
    await shot(page, 'anime-compare-side');
    await dialog.getByRole('tab', { name: 'Difference overlay' }).click();
    await expect(dialog.getByText(/% of the pixels changed/)).toBeVisible();
    await shot(page, 'anime-compare-diff');
    await page.keyboard.press('Escape');

    // Revert to version 1: the second stroke disappears.
    const reverted = await page.evaluate(() => Date.now());
    await page.locator('.an-version-row').filter({ hasText: 'Version 1' }).getByRole('button', { name: 'Revert' }).click();
    await expect(page.locator('.an-version-row.is-current')).toContainText('Version 1');
    await expect.poll(async () => (await pixel(page, 600, 180))[3]).toBe(0);

    // Reload: the drawing comes back from IndexedDB, once the recovery copy holds the reverted drawing.
    const hash = await layersHash(page);
    await expect.poll(() => recoverySavedAt(page)).toBeGreaterThanOrEqual(reverted);
    await page.reload();
    await canvasReady(page);
    await expect(page.getByText('Your unsaved drawing was recovered.')).toBeVisible();
    expect(await layersHash(page)).toBe(hash);
  });

  test('upload images as layers, PSD export and import with layers, refusals with a message', async ({ page }) => {

    await openCreate(page);
    // A 2x2 red PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mP8z8DwnwEIGBEMACvKA/0I1XyEAAAAAElFTkSuQmCC', 'base64');
    await page.getByTestId('anime-upload').setInputFiles([
      { name: 'sketch.png', mimeType: 'image/png', buffer: png },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await expect(page.getByText('sketch.png added.')).toBeVisible();
    await expect(page.getByText('notes.txt is not an image this app can open.')).toBeVisible();
    expect(await layerNames(page)).toEqual(['Background', 'sketch']);

    // Export a PSD and open it again: the layers come back with their names and settings.
    await showLayers(page);
    await page.getByLabel('Blend mode').selectOption('multiply');
    await page.getByRole('slider', { name: 'Layer opacity' }).fill('70');
    await page.getByRole('checkbox', { name: 'Clip to the layer below' }).check();
    await page.getByRole('checkbox', { name: /^Alpha lock/ }).check();
    await expect(page.locator('[data-layer="sketch"]')).toContainText('↳ Multiply · 70% · alpha locked');
    await openPanel(page, 'export');
    await page.getByRole('radio', { name: 'PSD' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const psdPath = await (await download).path();
    page.on('dialog', (d) => void d.accept());
    await showLayers(page);
    await page.getByRole('button', { name: 'New layer' }).click();
    await expect(page.locator('[data-layer="Layer 1"]')).toBeVisible();
    await page.getByTestId('anime-upload').setInputFiles({ name: 'round.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: readFileSync(psdPath) });
    await expect(page.getByText('round.psd added.')).toBeVisible();
    // The PSD replaced the drawing: its two layers, the sketch with its settings.
    await expect(page.locator('[data-layer]')).toHaveCount(2);
    await expect(page.locator('[data-layer="sketch"]')).toContainText('↳ Multiply · 70% · alpha locked');
    expect(await layerNames(page)).toEqual(['Background', 'sketch']);

    // A PSD with 500 layers is refused with a message; the drawing stays.
    const big = Buffer.from(writePsdBuffer({ width: 10, height: 10, children: Array.from({ length: 500 }, (_, i) => ({ name: `L${i}` })) }));
    await page.getByTestId('anime-upload').setInputFiles({ name: 'huge.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: big });
    await expect(page.getByText('huge.psd has 500 layers; at most 100 can be imported.')).toBeVisible();
    expect(await layerNames(page)).toEqual(['Background', 'sketch']);
  });

  test('AI Generate mode hides the drawing tools and keeps the drawing', async ({ page }) => {
    await signUpViaApi(page, 'animeai');
    await openCreate(page);
    await penStroke(page, [
      [100, 100],
      [400, 300],
    ]);
    const modes = page.getByRole('radiogroup', { name: 'Mode' });
    await modes.getByRole('radio', { name: 'AI Generate' }).click();
    await expect(page.locator('[data-tool="brush"]')).toHaveCount(0);
    await expect(page.locator('[data-tool="templates"]')).toBeVisible();
    await expect(page.locator('[data-tool="export"]')).toBeVisible();
    await shot(page, 'anime-ai-generate');

    // The AI brush sends the region around the pointer and adds the answer as an undoable 'AI Drawing' layer.
    await page.locator('[data-tool="ai-brush"]').click();
    await expect(modes.getByRole('radio', { name: 'Create' })).toHaveAttribute('aria-checked', 'true');
    await penStroke(page, [
      [250, 200],
      [251, 200],
    ], 'mouse');
    const aiLayer = page.locator('[data-layer="AI Drawing"]');
    await showLayers(page);
    await expect(aiLayer).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Control+z');
    await expect(aiLayer).toHaveCount(0);
    // The mode switch from the keyboard: one tab stop, the arrow keys move and switch, the ring shows the focus.
    await modes.getByRole('radio', { name: 'Create' }).focus();
    await page.keyboard.press('ArrowRight');
    const generate = modes.getByRole('radio', { name: 'AI Generate' });
    await expect(generate).toHaveAttribute('aria-checked', 'true');
    await expect(generate).toBeFocused();
    await expect(generate).toHaveCSS('outline-style', 'solid');
    await expect(page.getByRole('heading', { name: /AI Generate/ })).toBeVisible();
    expect(await seriousViolations(page, '.anime-header')).toEqual([]);
    await page.keyboard.press('ArrowLeft');
    await expect(modes.getByRole('radio', { name: 'Create' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('[data-tool="brush"]')).toBeVisible();
    expect(layerPixel(await exportPsd(page), 'Background', 250, 200)[3]).toBeGreaterThan(0);
  });

  test('phone: toolbar along the bottom, touch drawing, panels as sheets', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openCreate(page);
    await penStroke(page, [
      [100, 100],
      [500, 300],
    ], 'touch');
    expect((await pixel(page, 300, 200))[3]).toBeGreaterThan(200);
    await shot(page, 'anime-phone');
    await showLayers(page);
    await shot(page, 'anime-phone-layers');
    await context.close();
  });
});
