import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, stopServer } from './servers';

// "Offline" as a user lives it: the launcher counts only the installed modes (writing and report by
// default) and says so, whether the browser says it is offline or the server simply stopped answering.
const HEARTBEAT_MS = 30_000;
// The clock jumps (fastForward) rather than runs (runFor): a probe's own 4 s timeout must not expire
// inside the jump before the real network has had a chance to answer.
const modesFigure = (page: Page) => page.getByTestId('stat-modes').locator('.stat-value');
const offlineNote = (page: Page) => page.getByTestId('stat-modes').getByText('You are offline: installed modes only');

test.describe('connectivity', () => {
  test('browser offline without a reload: the launcher notices, refuses modes not installed, and recovers', async ({ page, context }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(modesFigure(page)).toHaveText('4');
    // The download section is a lazy chunk; nothing is precached in this test, so let it arrive first.
    await expect(page.locator('#download-title')).toBeVisible();
    await context.setOffline(true);
    // Whether or not this Chromium fires the offline event under emulation, the next probe finds out.
    await page.clock.fastForward(HEARTBEAT_MS);
    await expect(modesFigure(page)).toHaveText('2');
    await expect(offlineNote(page)).toBeVisible();
    await page.getByTestId('mode-image').click();
    await expect(page.getByText('Image is not installed for offline use.')).toBeVisible();
    await expect(page.getByTestId('mode-image')).toHaveAttribute('aria-pressed', 'false');

    await context.setOffline(false);
    await page.clock.fastForward(HEARTBEAT_MS);
    await expect(modesFigure(page)).toHaveText('4');
    await expect(offlineNote(page)).toHaveCount(0);
  });

  test('server stopped while the browser is online: offline after the next probe, online again when it returns', async ({ page }) => {
    test.slow(); // starts a server of its own twice
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'yumi-e2e-conn-'));
    let server = await startServer(port, dataDir);
    try {
      await page.clock.install();
      await page.goto(`http://127.0.0.1:${port}/`);
      await expect(modesFigure(page)).toHaveText('4');
      await expect(page.locator('#download-title')).toBeVisible(); // a lazy chunk, not precached here
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);

      await stopServer(server);
      await page.clock.fastForward(HEARTBEAT_MS);
      await expect(modesFigure(page)).toHaveText('2');
      await expect(offlineNote(page)).toBeVisible();
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);

      server = await startServer(port, dataDir);
      // The backoff probes find it again by themselves.
      await page.clock.fastForward(HEARTBEAT_MS);
      await expect(modesFigure(page)).toHaveText('4');
    } finally {
      await stopServer(server);
    }
  });
});
