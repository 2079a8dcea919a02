import { expect, test, type Page } from '@playwright/test';
import { LAYOUT_IMPORT_MAX_BYTES } from '@yumi/core';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { animationsDone, signUpViaApi, shot } from './support';

// A real image, made with sharp.
const PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a855f7' } }).png().toBuffer();

/** Drags in small steps, as a hand would (react-grid-layout ignores pointers that jump straight to the target). */
async function drag(page: Page, from: { x: number; y: number }, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + dy, { steps: 12 });
  await page.mouse.up();
}

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Settings and layout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Layout & Theme' })).toHaveAttribute('aria-selected', 'true');
  await animationsDone(page); // the tests measure boxes inside it
  return dialog;
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe('layout and theme customizer', () => {
  test('panels, backgrounds, save notice, persisted on reload', async ({ page }) => {
    await page.clock.install(); // the save notice's 3 seconds run on Playwright's clock, not the machine's
    await page.goto('/');
    let dialog = await openCustomizer(page);
    for (const name of ['Modes', 'Charge', 'Header', 'Footer']) await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
    await expect(dialog.getByTestId('bg-default')).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'customizer');
    await dialog.getByRole('checkbox', { name: 'Footer' }).uncheck();
    await expect(page.locator('[data-panel="footer"]')).toHaveCount(0);
    await expect(dialog.getByTestId('preview-footer')).toHaveCount(0);
    await dialog.getByTestId('bg-gradient3').click();
    await expect(dialog.getByTestId('bg-gradient3')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('launcher-bg')).toHaveAttribute('style', /linear-gradient/);
    expect(await stored(page, 'yumi.background')).toBe('"gradient3"');

    // Stop the page's time: the 3 s notice is then measured on Playwright's clock alone, not on how long
    // a busy machine takes between two steps of this test.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await dialog.getByRole('button', { name: 'Save Layout' }).click();
    const notice = dialog.getByText('Layout saved successfully! ✅');
    await expect(notice).toBeVisible();
    const snapshot = JSON.parse((await stored(page, 'yumi.savedLayout'))!);
    expect(snapshot).toMatchObject({ background: 'gradient3', panels: { footer: false }, customBackground: null });
    expect(Date.parse(snapshot.timestamp)).toBeGreaterThan(0);
    await page.clock.runFor(2900);
    await expect(notice).toBeVisible();
    await page.clock.runFor(200);
    await expect(notice).toBeHidden();
    await page.clock.resume();

    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('[data-panel="footer"]')).toHaveCount(0);
    await expect(page.getByTestId('launcher-bg')).toHaveAttribute('style', /linear-gradient/);
    dialog = await openCustomizer(page);
    await expect(dialog.getByRole('checkbox', { name: 'Footer' })).not.toBeChecked();
    await expect(dialog.getByTestId('bg-gradient3')).toHaveAttribute('aria-pressed', 'true');
  });

  test('custom background upload: images only, 5 MB cap, fake images refused', async ({ page }) => {
    await page.goto('/');
    const dialog = await openCustomizer(page);
    const input = dialog.getByTestId('background-upload');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByTestId('bg-custom')).toHaveCount(0);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1) });
    await expect(dialog.getByRole('alert')).toHaveText('This image is larger than 5 MB. Please choose a smaller one.');
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
    await expect(dialog.getByRole('alert')).toHaveText('This file could not be read as an image.');
    await input.setInputFiles({ name: 'yumi.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByTestId('bg-custom')).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    expect(await stored(page, 'yumi.customBackground')).toMatch(/^"data:image\/jpeg;base64,/);
    await expect(page.getByTestId('launcher-bg')).toHaveAttribute('style', /data:image\/jpeg/);
  });

  test('edit mode: drag in the preview, reset, export and import', async ({ page }) => {
    await page.goto('/');
    const dialog = await openCustomizer(page);
    await expect(dialog.getByRole('button', { name: 'Reset' })).toHaveCount(0);
    // locked outside edit mode: no resize handles, nothing draggable
    const modes = dialog.getByTestId('preview-modes');
    await modes.scrollIntoViewIfNeeded();
    await expect(dialog.locator('.react-resizable-handle').first()).toBeHidden();
    const locked = (await modes.boundingBox())!;
    await drag(page, { x: locked.x + 20, y: locked.y + 20 }, 150);
    expect(await modes.boundingBox()).toEqual(locked);
    expect(await stored(page, 'yumi.layout')).toBeNull();

    await dialog.getByRole('button', { name: 'Edit Layout' }).click();
    await expect(dialog.getByRole('button', { name: 'Exit Editor' })).toBeVisible();
    await expect(dialog.getByRole('toolbar')).toBeVisible();
    await expect(dialog.locator('.react-resizable-handle').first()).toBeVisible();
    await modes.scrollIntoViewIfNeeded();
    const box = (await modes.boundingBox())!;
    const preview = (await dialog.getByTestId('layout-preview').boundingBox())!;
    // drop it below the footer: the others move up and modes ends at the bottom
    await drag(page, { x: box.x + 20, y: box.y + 20 }, preview.y + preview.height + 40 - (box.y + 20));
    await expect.poll(async () => JSON.parse((await stored(page, 'yumi.layout')) ?? '[]').find((l: { i: string }) => l.i === 'modes')?.y ?? 0).toBeGreaterThan(0);
    await shot(page, 'customizer-editing');

    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^yumi-layout-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(Object.keys(exported).sort()).toEqual(['background', 'layout', 'panels']);
    expect(exported.layout.find((l: { i: string }) => l.i === 'modes').y).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => JSON.parse((await stored(page, 'yumi.layout'))!).find((l: { i: string }) => l.i === 'modes').y).toBe(0);

    // Import applies only the keys present.
    const importer = dialog.getByTestId('layout-import');
    await dialog.getByRole('checkbox', { name: 'Header' }).uncheck();
    await importer.setInputFiles({ name: 'theme.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ background: 'solid2' })) });
    await expect(dialog.getByTestId('bg-solid2')).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('checkbox', { name: 'Header' })).not.toBeChecked();
    await importer.setInputFiles({ name: 'full.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await expect(dialog.getByRole('checkbox', { name: 'Header' })).toBeChecked();
    await expect(dialog.getByTestId(`bg-${exported.background}`)).toHaveAttribute('aria-pressed', 'true');

    // Bad files alert 'Invalid layout file' and change nothing.
    const before = await stored(page, 'yumi.layout');
    const bad = [
      { name: 'broken.json', buffer: Buffer.from('{ not json') },
      { name: 'types.json', buffer: Buffer.from(JSON.stringify({ layout: 'grid', background: 42 })) },
      { name: 'junk.json', buffer: Buffer.alloc(LAYOUT_IMPORT_MAX_BYTES + 1, 'x') },
      { name: 'image.png', buffer: PNG },
    ];
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    for (const [i, file] of bad.entries()) {
      await importer.setInputFiles({ name: file.name, mimeType: 'application/json', buffer: file.buffer });
      await expect.poll(() => alerts.length).toBe(i + 1);
    }
    expect(alerts).toEqual(bad.map(() => 'Invalid layout file'));
    expect(await stored(page, 'yumi.layout')).toBe(before);
  });

  test('corrupt or hostile stored values fall back to the defaults', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('yumi.layout', '{{{');
      localStorage.setItem('yumi.panels', '"<img src=x onerror=alert(1)>"');
      localStorage.setItem('yumi.background', '"<script>"');
      localStorage.setItem('yumi.customBackground', '"javascript:alert(1)"');
      localStorage.setItem('yumi.installedModes', '["<b>", "anime", 7]');
      localStorage.setItem('yumi.modeUsage', '{"anime": {"count": "lots"}}');
    });
    page.on('dialog', () => {
      throw new Error('no dialog expected');
    });
    await page.goto('/');
    for (const panel of ['modes', 'charge', 'header', 'footer']) await expect(page.locator(`[data-panel="${panel}"]`)).toBeVisible();
    // anime claimed installed, but its files are not cached: not marked installed
    await expect(page.getByTestId('mode-anime')).not.toContainText('Installed');
    const dialog = await openCustomizer(page);
    await expect(dialog.getByTestId('bg-default')).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByTestId('bg-custom')).toHaveCount(0);
  });

  test('signed-in layout follows the user to another browser', async ({ page, browser }) => {
    const account = await signUpViaApi(page, 'layout');
    await page.goto('/');
    const dialog = await openCustomizer(page);
    await dialog.getByTestId('bg-gradient5').click();
    await dialog.getByRole('checkbox', { name: 'Charge' }).uncheck();
    await expect
      .poll(async () => (await (await page.request.get('/api/me/preferences', { headers: { authorization: `Bearer ${account.token}` } })).json()).preferences?.background)
      .toBe('gradient5');

    const other = await browser.newContext();
    const page2 = await other.newPage();
    await page2.addInitScript((t) => localStorage.setItem('auth_token', t), account.token);
    await page2.goto('/');
    await expect(page2.getByTestId('launcher-bg')).toHaveAttribute('style', /radial-gradient/);
    await expect(page2.locator('[data-panel="charge"]')).toHaveCount(0);
    await other.close();
  });
});
