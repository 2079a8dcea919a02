import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_MODEL } from './e2e-model';
import { newAccount, signUpViaApi } from './support';

// The main flows with the keyboard alone: no click, no fill. Tab (or Shift+Tab) moves focus as a keyboard user does,
// Enter, Space and the arrow keys act, and every control reached shows its focus ring.

/** Presses Tab until `target` has focus (Shift+Tab with `back`), then checks that its focus is visible. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  expect(await target.evaluate((el) => el.matches(':focus-visible')), 'the focused control shows its focus ring').toBe(true);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('sign up, buy timeshards in TEST MODE, log out and sign in again', async ({ page }) => {
  const account = newAccount('keys');
  await page.goto('/');
  const topbar = page.locator('header.topbar');
  await tabTo(page, topbar.getByRole('button', { name: 'Sign in', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByRole('button', { name: 'Sign up' }));
  await page.keyboard.press('Enter');
  await typeInto(page, dialog.getByLabel('Email'), account.email);
  await typeInto(page, dialog.getByLabel('Username'), account.username);
  await typeInto(page, dialog.getByLabel('Password', { exact: true }), account.password);
  await typeInto(page, dialog.getByLabel('Confirm password'), account.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-chip')).toContainText(account.username);

  await tabTo(page, page.getByTestId('balance-badge'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Timeshards', level: 1 })).toBeVisible();
  await tabTo(page, page.getByTestId('package-creator').getByRole('button', { name: 'Card · $10.00' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('would-charge')).toHaveText('$10.00 USD');
  await tabTo(page, page.getByRole('button', { name: 'Pay $10.00' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('return-success')).toContainText('700K timeshards have been added');
  await expect(page.getByTestId('balance-badge')).toHaveText(/700K/);

  await tabTo(page, topbar.getByRole('button', { name: 'Log out', exact: true }));
  await page.keyboard.press('Enter');
  const signIn = topbar.getByRole('button', { name: 'Sign in', exact: true });
  await tabTo(page, signIn);
  await page.keyboard.press('Space');
  await typeInto(page, dialog.getByLabel('Email'), account.email);
  await typeInto(page, dialog.getByLabel('Password'), account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('user-chip')).toContainText(account.username);
  await expect(page.getByTestId('balance-badge')).toHaveText(/700K/);
});

test('choose Writing on the launcher, write and name a document, start another, rewrite with a model', async ({ page }) => {
  await signUpViaApi(page, 'keys');
  await page.goto('/');
  await tabTo(page, page.getByTestId('mode-writing'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('writing-workspace')).toBeVisible({ timeout: 10_000 });
  await tabTo(page, page.getByTestId('ws-icon-writing'));
  await page.keyboard.press('Enter');

  const editor = page.getByTestId('editor');
  await typeInto(page, editor, 'quiet words');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await typeInto(page, page.getByRole('textbox', { name: 'Document title' }), 'Keyboard story');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  // The documents dialog: a new document, then back to the first, focus returning to the button that opened it.
  const documentsButton = page.getByRole('button', { name: /Documents/ });
  await tabTo(page, documentsButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByRole('button', { name: /New document/ }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(editor).toHaveValue('');
  await expect(documentsButton).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.locator('.doc-item', { hasText: 'Keyboard story' }).getByRole('button').first());
  await page.keyboard.press('Enter');
  await expect(editor).toHaveValue('quiet words');

  // A model chosen in the assistant's Models tab, then the Instructions tool rewrites the text; Accept keeps it.
  const fab = page.getByTestId('assistant-fab');
  await tabTo(page, fab);
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('assistant-panel');
  await tabTo(page, panel.getByRole('tab', { name: 'Chat' }), { back: true });
  for (const name of ['Tutorial', 'Personality', 'Models']) {
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('tab', { name })).toBeFocused();
  }
  await expect(panel.getByRole('tab', { name: 'Models' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, panel.getByRole('button', { name: `Select Model: ${E2E_MODEL}` }));
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId(`model-${E2E_MODEL}`).getByRole('button')).toHaveText('Selected');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(fab).toBeFocused();

  await tabTo(page, page.locator('[data-tool="instructions"]'), { back: true });
  await page.keyboard.press('Enter');
  await typeInto(page, page.getByPlaceholder(/Make it more vivid/), 'Shout it');
  await tabTo(page, page.getByRole('button', { name: /Apply/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('instructions-preview').locator('ins')).toHaveText([/^\s*Shout:\s*$/]);
  await tabTo(page, page.getByRole('button', { name: /Accept/ }));
  await page.keyboard.press('Enter');
  await expect(editor).toHaveValue('Shout: quiet words');
});

test('Report: write, add a reference, switch the citation style with the arrow keys, export a PDF', async ({ page }) => {
  await signUpViaApi(page, 'keys');
  await page.goto('/writing?screen=report');
  await expect(page.getByTestId('report-screen')).toBeVisible({ timeout: 30_000 });
  const editor = page.getByPlaceholder('Start writing your scientific report...');
  await typeInto(page, editor, '# Folding\n\nDeep networks predict structures [@smith2020].');
  const preview = page.getByTestId('report-preview');
  await expect(preview.getByRole('heading', { name: 'Folding' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Citation Manager', exact: true }).first());
  await page.keyboard.press('Enter');
  const tool = page.locator('section.tool-panel');
  await typeInto(page, tool.getByLabel('Paste BibTeX, RIS or CSL-JSON'), '@article{smith2020, author = {Smith, Anna and Jones, Bob}, title = {Deep learning for protein folding}, journal = {Nature}, year = {2020}}');
  await tabTo(page, tool.getByRole('button', { name: 'Add references' }));
  await page.keyboard.press('Enter');
  await expect(preview).toContainText('(Smith & Jones, 2020)');
  // The styles are one radio group: Tab reaches the chosen one, the arrows choose another.
  await tabTo(page, tool.getByRole('radio', { name: 'APA' }));
  const ieee = tool.getByRole('radio', { name: 'IEEE' });
  for (let i = 0; i < 12 && (await ieee.getAttribute('aria-checked')) !== 'true'; i += 1) await page.keyboard.press('ArrowRight');
  await expect(ieee).toBeFocused();
  await expect(preview).toContainText('[1]');

  await tabTo(page, page.getByRole('button', { name: 'PDF Export', exact: true }).first(), { back: true });
  await page.keyboard.press('Enter');
  const download = page.waitForEvent('download');
  await tabTo(page, tool.getByRole('button', { name: 'Export as PDF' }));
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}\.pdf$/);
});

test('Image Studio: write a prompt, generate, look at the picture and close it', async ({ page }) => {
  await signUpViaApi(page, 'keys');
  await page.goto('/image');
  await expect(page.getByRole('heading', { name: 'Image Studio' })).toBeVisible();
  await typeInto(page, page.getByLabel('Prompt', { exact: true }), 'girl with green hair under cherry blossoms');
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  await tabTo(page, generate);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  const img = viewer.locator('.viewer-image img');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.locator('.gallery-item')).toHaveCount(1);
  // The gallery's picture opens again from the keyboard.
  await tabTo(page, page.locator('.gallery-item').first());
  await page.keyboard.press('Enter');
  await expect(viewer).toBeVisible();
});

test('Anime: switch to AI Generate, choose a theme, generate, export and take the character to the canvas', async ({ page }) => {
  await signUpViaApi(page, 'keys');
  await page.goto('/anime-chara');
  const generateMode = page.getByRole('radio', { name: 'AI Generate' });
  await tabTo(page, page.getByRole('radiogroup', { name: 'Mode' }).getByRole('radio', { name: 'Create' }));
  await page.keyboard.press('ArrowRight');
  await expect(generateMode).toBeFocused();
  await expect(page.getByRole('heading', { name: /AI Generate/ })).toBeVisible();

  await tabTo(page, page.getByRole('radiogroup', { name: 'Themes' }).getByRole('radio', { name: 'Summer Swimsuit' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Character description')).toHaveValue(/maid dress/);
  await tabTo(page, page.getByRole('button', { name: 'Generate character' }));
  await page.keyboard.press('Enter');
  const overlay = page.getByRole('dialog', { name: 'Your character' });
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await tabTo(page, overlay.getByRole('button', { name: 'Export' }));
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.png$/);
  await tabTo(page, overlay.getByRole('button', { name: 'Edit in Creation Mode' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('paint-stage')).toBeVisible();
});
