import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { formatShards } from '@yumi/core';
import { E2E_INSTALLER } from './e2e-installer';
import { signUpViaApi, shot } from './support';

test.describe('launcher', () => {
  test('shows the hero, real stats and installed marks', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yumi Studio');
    await expect(page.getByText('Write, research, draw and imagine with Yumi')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to Create?' })).toBeVisible();
    await expect(page.getByTestId('stat-modes')).toContainText('4');
    await expect(page.getByTestId('stat-modes')).toContainText('2 of 4 ready offline');
    await expect(page.getByTestId('stat-balance').getByRole('link', { name: 'Sign in' })).toBeVisible();
    const tools = Number(await page.getByTestId('stat-tools').locator('.stat-value').textContent());
    expect(tools).toBeGreaterThanOrEqual(47);
    // writing and report are core modes, always installed; anime and image are not installed yet
    await expect(page.getByTestId('mode-writing')).toContainText('Installed');
    await expect(page.getByTestId('mode-report')).toContainText('Installed');
    await expect(page.getByTestId('mode-anime')).not.toContainText('Installed');
    await expect(page.getByRole('button', { name: 'Settings and layout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download the app' })).toBeVisible();
    await shot(page, 'launcher-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('mode-image')).toBeVisible();
    await shot(page, 'launcher-phone');
  });

  test('shows the signed-in balance from the server', async ({ page }) => {
    const account = await signUpViaApi(page, 'bal');
    const info = await page.request.get('/api/billing/info', { headers: { authorization: `Bearer ${account.token}` } });
    expect(info.ok()).toBe(true);
    const { balance } = await info.json();
    await page.goto('/');
    await expect(page.getByTestId('stat-balance')).toContainText('Timeshards');
    await expect(page.getByTestId('stat-balance').locator('.stat-value')).not.toHaveText('…');
    await expect(page.getByTestId('stat-balance').locator('.stat-value')).toHaveText(formatShards(balance));
    await expect(page.getByTestId('charge-balance')).toHaveText(formatShards(balance));
  });

  test('selecting a mode shows the selection 2 s, loads 1 s, then opens it', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('mode-report');
    const start = Date.now(); // before the click: the timers start at the click, so every gap is a lower bound
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toContainText('Selected');
    // The loading state must not come before the 2 s selection: poll for it and time its first sight.
    await expect(card).toContainText('Opening', { timeout: 10_000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(1900);
    await page.waitForURL(/\/writing\?screen=report$/, { timeout: 3000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(2900);

    await page.goto('/');
    await page.getByTestId('mode-anime').click();
    await page.waitForURL(/\/anime-chara$/, { timeout: 5000 });
    await page.goto('/');
    await page.getByTestId('mode-image').click();
    await page.waitForURL(/\/image$/, { timeout: 5000 });
    await page.goto('/');
    await page.getByTestId('mode-writing').click();
    await page.waitForURL(/\/writing$/, { timeout: 5000 });
  });
});

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

test.describe('downloads', () => {
  test.use({ userAgent: WINDOWS });

  test('a computer opens on the installer its operator published for it; /installers is a page', async ({ page, context }) => {
    // The e2e server's operator published a Windows installer (e2e/serve.ts): the Desktop tab opens on it.
    await page.goto('/');
    await page.getByRole('button', { name: 'Download the app' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Desktop Apps' })).toHaveAttribute('aria-selected', 'true');
    const windows = dialog.getByTestId('installer-windows');
    await expect(windows).toContainText('Recommended');
    await expect(windows).toContainText('Windows 10 or higher');
    const url = `/installers/${E2E_INSTALLER.filename}`;
    await expect(windows.getByRole('link', { name: 'Download (70.0 MB)' })).toHaveAttribute('href', url);
    await expect(dialog.getByTestId('installer-mac')).toHaveCount(0);
    await shot(page, 'download-desktop');
    // The link is the file (its headers only: the body is 70 MB).
    const head = await page.request.head(url);
    expect(head.status()).toBe(200);
    expect(head.headers()['content-length']).toBe(String(E2E_INSTALLER.size));
    await dialog.getByRole('tab', { name: 'Web App' }).click();
    await expect(dialog.getByRole('heading', { name: 'Install the web app' })).toBeVisible();
    await shot(page, 'download-web');
    await dialog.getByRole('tab', { name: 'Mobile Apps' }).click();
    await expect(dialog.getByText('iPhone and iPad (Safari)')).toBeVisible();
    await expect(dialog.getByText('Choose Add to Home Screen.')).toBeVisible();

    // The launcher's footer links to the same section as a page.
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Get the app' }).click();
    await expect(page).toHaveURL(/\/installers$/);
    const section = page.locator('.installers-page');
    await expect(section.getByRole('tab', { name: 'Desktop Apps' })).toHaveAttribute('aria-selected', 'true');
    await expect(section.getByTestId('installer-windows')).toContainText('Recommended');
    // The landing page itself ends with the same section (the spec's main landing page has it).
    await page.goto('/');
    const landing = page.getByRole('region', { name: 'Get Yumi Studio' });
    await expect(landing.getByRole('tab', { name: 'Desktop Apps' })).toHaveAttribute('aria-selected', 'true');
    await expect(landing.getByTestId('installer-windows')).toContainText('Recommended');
    await page.getByRole('button', { name: 'Download the app' }).click();

    const popup = context.waitForEvent('page');
    await dialog.getByRole('link', { name: 'Privacy Policy' }).click();
    const privacy = await popup;
    await expect(privacy.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(privacy.getByText(/yumi\.installedModes/)).toBeVisible();
    await expect(privacy.getByText(/IndexedDB/)).toBeVisible();
    await shot(privacy, 'privacy');
    await privacy.close();
    const popup2 = context.waitForEvent('page');
    await dialog.getByRole('link', { name: 'Terms of Service' }).click();
    const terms = await popup2;
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  });

  test('the web app manifest and icons are served', async ({ page }) => {
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.display).toBe('standalone');
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/writing?screen=writing', '/writing?screen=report', '/anime-chara', '/image']);
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
    // Screenshots for the richer install dialog: one per form factor at least, each the size it declares.
    expect(new Set(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor))).toEqual(new Set(['wide', 'narrow']));
    for (const shot of manifest.screenshots as { src: string; sizes: string }[]) {
      const image = await sharp(await (await page.request.get(shot.src)).body()).metadata();
      expect(`${image.width}x${image.height}`).toBe(shot.sizes);
    }
  });
});

test.describe('downloads on a Mac', () => {
  test.use({ userAgent: MAC });

  test('a computer without an installer of its own opens on the web app, which installs as a desktop app', async ({ page }) => {
    await page.goto('/installers');
    await expect(page.getByRole('tab', { name: 'Web App' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Desktop Apps' }).click();
    await expect(page.getByTestId('installer-windows')).not.toContainText('Recommended');
  });
});

test.describe('downloads on a phone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' });

  test('a phone opens on the mobile steps', async ({ page }) => {
    await page.goto('/installers');
    await expect(page.getByRole('tab', { name: 'Mobile Apps' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Choose Add to Home Screen.')).toBeVisible();
  });
});
