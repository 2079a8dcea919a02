import { expect, test, type Page } from '@playwright/test';
import { shot } from './support';

async function openModes(page: Page) {
  await page.getByRole('button', { name: 'Settings and layout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Offline modes' }).click();
  return dialog;
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test.describe('offline modes', () => {
  test('install anime, open it offline, uninstall it', async ({ page, context }) => {
    await page.goto('/');
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), { timeout: 15_000 }).toBe(true);
    const dialog = await openModes(page);
    const writing = dialog.getByTestId('mm-writing');
    await expect(writing).toContainText('Core mode');
    await expect(writing.getByRole('button', { name: 'Uninstall' })).toHaveCount(0);
    const anime = dialog.getByTestId('mm-anime');
    await expect(anime).toContainText(/\d+(\.\d)? (KB|MB)/); // size measured from this build

    const progress: number[] = [];
    await page.exposeFunction('recordProgress', (n: number) => progress.push(n));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="mm-anime"] [role="progressbar"]');
        if (bar) (window as unknown as { recordProgress(n: number): void }).recordProgress(Number(bar.getAttribute('aria-valuenow')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await anime.getByRole('button', { name: 'Install' }).click();
    await expect(anime).toContainText('Installation complete', { timeout: 30_000 });
    await expect(anime).toContainText('Installed');
    expect(progress[0]).toBe(10);
    expect(progress).toContain(50);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    await shot(page, 'modes-installed');
    expect(await cacheNames(page)).toEqual(expect.arrayContaining(['yumi-mode-anime', 'yumi-shell']));
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('yumi.installedModes')))!)).toEqual(['writing', 'report', 'anime']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mode-anime')).toContainText('Installed');

    // Offline: the launcher counts installed modes only, and the anime mode still opens after a reload.
    await context.setOffline(true);
    await page.goto('/anime-chara');
    await expect(page.locator('header.topbar')).toBeVisible();
    await expect(page.locator('#main')).not.toBeEmpty();
    await shot(page, 'anime-offline');
    const html = await page.content();
    expect(html).not.toContain('ERR_INTERNET_DISCONNECTED');
    await page.clock.install(); // the 3 s mode-opening delay runs on Playwright's clock
    await page.goto('/');
    await expect(page.getByTestId('stat-modes').locator('.stat-value')).toHaveText('3');
    await page.getByTestId('mode-image').click();
    await expect(page.getByText('Image is not installed for offline use.')).toBeVisible();
    await page.clock.runFor(3500);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.setOffline(false);

    await page.reload();
    const again = await openModes(page);
    await again.getByTestId('mm-anime').getByRole('button', { name: 'Uninstall' }).click();
    await expect(again.getByTestId('mm-anime').getByRole('button', { name: 'Install' })).toBeVisible();
    await expect.poll(() => cacheNames(page)).not.toContain('yumi-mode-anime');
    expect(await cacheNames(page)).not.toContain('yumi-shell');
  });
});
