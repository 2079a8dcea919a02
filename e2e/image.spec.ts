import { expect, test, type Page } from '@playwright/test';
import { canvasReady, pixel, setColor, showLayers, toScreen } from './paint';
import { seriousViolations, shot, signUpViaApi } from './support';

const EXHAUSTED = "You've used all your free trials. Please purchase access to continue using image generation.";

/** Uses up a user's free trials through the API, the way three generations would. */
async function useAllTrials(page: Page, token: string) {
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post('/api/anime-chara-helper/generate', {
      headers: { authorization: `Bearer ${token}` },
      data: { prompt: `warm-up character ${i}`, settings: { provider: 'procedural', width: 128, height: 160 } },
    });
    expect(res.status()).toBe(202);
  }
}

test.describe('Image mode (/image)', () => {
  test('generates a picture with the procedural renderer, shows it and keeps it in the gallery', async ({ page }) => {
    await signUpViaApi(page, 'img');
    await page.goto('/image');
    await expect(page.getByRole('heading', { name: 'Image Studio' })).toBeVisible();
    await expect(page.getByText('0 of 3 free trials used')).toBeVisible();
    await page.getByLabel('Provider').selectOption('procedural');
    await page.getByLabel('Prompt', { exact: true }).fill('girl with green hair in a kimono under cherry blossoms, meditating');
    await page.getByLabel('Seed').fill('1234');
    await shot(page, 'image-studio-form');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByText('Seed 1234', { exact: false })).toBeVisible();
    const img = viewer.locator('.viewer-image img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'image-viewer');

    // Post-processing on a copy joins the gallery.
    await viewer.getByRole('button', { name: 'Apply to a copy' }).click();
    await expect(viewer.getByText(/^post-processing · /)).toBeVisible({ timeout: 30_000 });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
    await expect(page.locator('.gallery-item')).toHaveCount(2);
    await expect(page.getByText('1 of 3 free trials used')).toBeVisible();
    await shot(page, 'image-gallery');

    // Reuse settings fills the form from a gallery image; delete removes it.
    await page.locator('.gallery-item').last().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reuse settings' }).click();
    await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('girl with green hair in a kimono under cherry blossoms, meditating');
    await expect(page.getByLabel('Seed')).toHaveValue('1234');
    await page.locator('.gallery-item').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete for good?' }).click();
    await expect(page.locator('.gallery-item')).toHaveCount(1);
  });

  test('shows the exhausted-trials text and leads to /charge', async ({ page }) => {
    const user = await signUpViaApi(page, 'imgx');
    await useAllTrials(page, user.token);
    await page.goto('/image');
    await expect(page.getByText(EXHAUSTED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
    await shot(page, 'image-trials-exhausted');
    await page.getByRole('button', { name: 'Get access' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Unlock image generation' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Get access' }).click();
    await expect(page).toHaveURL(/\/charge$/);
  });

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page, 'imgp');
    await page.goto('/image');
    await expect(page.getByRole('heading', { name: 'Image Studio' })).toBeVisible();
    await shot(page, 'image-phone');
  });
});

test.describe('AI Generate mode (/anime-chara)', () => {
  async function openGenerate(page: Page) {
    await page.goto('/anime-chara');
    await page.getByRole('radio', { name: 'AI Generate' }).click();
    await expect(page.getByRole('heading', { name: /AI Generate/ })).toBeVisible();
  }

  test('picks a theme, generates with real progress and shows Export and Edit in Creation Mode', async ({ page }) => {
    await signUpViaApi(page, 'gen');
    await openGenerate(page);
    await expect(page.getByText('0 of 3 free trials used').first()).toBeVisible();
    // The theme is one choice out of four, made with the keyboard alone: Tab reaches the chosen theme, the arrow keys
    // move and choose (each theme brings its own prompt), and the ring shows where the focus is.
    const themes = page.getByRole('radiogroup', { name: 'Themes' });
    const swimsuit = themes.getByRole('radio', { name: 'Summer Swimsuit' });
    await expect(swimsuit).toHaveAttribute('aria-checked', 'true');
    await swimsuit.focus();
    await page.keyboard.press('ArrowRight');
    const maid = themes.getByRole('radio', { name: 'Maid Café' });
    await expect(maid).toBeFocused();
    await expect(maid).toHaveAttribute('aria-checked', 'true');
    await expect(swimsuit).toHaveAttribute('aria-checked', 'false');
    await expect(maid).toHaveCSS('outline-style', 'solid');
    await expect(page.getByLabel('Character description')).toHaveValue(/maid dress/);
    await page.keyboard.press('Tab'); // one tab stop for the whole group: Tab leaves it
    await expect(page.getByLabel('Character description')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'ai-generate-screen');
    await page.getByLabel('Character description').fill('   ');
    await page.getByRole('button', { name: 'Generate character' }).click();
    await expect(page.getByText('Please enter a description for your character.')).toBeVisible();
    await themes.getByRole('radio', { name: 'School Uniform' }).click();
    await page.getByRole('button', { name: 'Generate character' }).click();
    const overlay = page.getByRole('dialog', { name: 'Your character' });
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await expect(overlay.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(overlay.getByRole('button', { name: 'Edit in Creation Mode' })).toBeVisible();
    await expect.poll(() => overlay.locator('img').first().evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'ai-generate-result');
    const download = page.waitForEvent('download');
    await overlay.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    await expect(page.getByText('1 of 3 free trials used').first()).toBeVisible();

    // Edit in Creation Mode: back to the canvas with the character as a new layer.
    await overlay.getByRole('button', { name: 'Edit in Creation Mode' }).click();
    await expect(page.getByTestId('paint-stage')).toBeVisible();
    await showLayers(page);
    await expect(page.locator('[data-layer="AI Generated"]')).toBeVisible();
  });

  test('exhausted trials: info alert, disabled generate and the unlock dialog', async ({ page }) => {
    const user = await signUpViaApi(page, 'genx');
    await useAllTrials(page, user.token);
    await openGenerate(page);
    await expect(page.getByText(EXHAUSTED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate character' })).toBeDisabled();
    await page.getByRole('button', { name: 'Get access' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Unlock image generation' })).toBeVisible();
    await shot(page, 'ai-generate-unlock');
  });

  test('the outline generator needs input, then draws line art', async ({ page }) => {
    await signUpViaApi(page, 'outl');
    await openGenerate(page);
    await page.locator('.ag-header').getByRole('button', { name: 'AI outline' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI outline generator' });
    await expect(dialog.getByRole('button', { name: 'Generate outline' })).toBeDisabled();
    // The source is a pair of tabs: the arrow keys switch to the description.
    await dialog.getByRole('tab', { name: 'From an image' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'From a description' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).toContainText('Character description');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Character description').fill('knight girl with a ponytail');
    // the line is drawn at the chosen thickness
    await dialog.getByRole('slider', { name: 'Line thickness' }).fill('6');
    await expect(dialog.getByText('6 px')).toBeVisible();
    const sent = page.waitForRequest('**/generate-outline');
    await dialog.getByRole('button', { name: 'Generate outline' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ type: 'text', thickness: 6 });
    await expect(dialog.getByRole('img', { name: 'Generated outline' })).toBeVisible({ timeout: 30_000 });
    await shot(page, 'ai-outline');
  });

  test('phone layout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page, 'genp');
    await openGenerate(page);
    await shot(page, 'ai-generate-phone');
  });
});

test.describe('AI canvas tools (/anime-chara, Create mode)', () => {
  test('an AI eraser stroke removes a line into a new "AI Drawing" layer, and undo takes it back', async ({ page }) => {
    await signUpViaApi(page, 'aier');
    await page.goto('/anime-chara');
    await canvasReady(page);

    // A short black stroke that the 100x100 region around the click fully contains.
    const composite = (x: number, y: number) => pixel(page, x, y);
    const at = (x: number, y: number) => toScreen(page, x, y);
    await setColor(page, '#000000');
    const a = await at(370, 300);
    const b = await at(430, 300);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 20, a.y);
    await page.mouse.up();
    const before = await composite(400, 300);
    expect(before[0]!).toBeLessThan(80);

    await page.getByRole('button', { name: 'AI eraser' }).click();
    const p = await at(400, 300);
    const response = page.waitForResponse('**/api/anime-chara/ai-draw');
    await page.mouse.click(p.x, p.y);
    expect((await response).status()).toBe(200);
    await showLayers(page);
    await expect(page.locator('[data-layer="AI Drawing"]')).toBeVisible();
    const after = await composite(400, 300);
    expect(after[0]!).toBeGreaterThan(150);
    await shot(page, 'ai-eraser');

    await page.keyboard.press('Control+z');
    await expect(page.locator('[data-layer="AI Drawing"]')).toHaveCount(0);
    expect((await composite(400, 300))[0]!).toBeLessThan(80);
  });
});
