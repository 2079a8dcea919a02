import { expect, test, type Page } from '@playwright/test';
import { shot, signUpViaApi } from './support';

// The service worker is blocked in the other specs (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

async function openModes(page: Page) {
  await page.getByRole('button', { name: 'Settings and layout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Offline modes' }).click();
  return dialog;
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** First online visit: the worker precaches the shell and the core modes and takes control of the page. */
async function firstVisit(page: Page) {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
    .toBe(true);
}

test.describe('offline', () => {
  test('with nothing installed, the launcher, writing, report and the assistant work offline; other modes say why not', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    await expect(page.getByTestId('stat-modes').locator('.stat-value')).toHaveText('2');

    await page.goto('/writing');
    await expect(page.getByTestId('writing-workspace')).toBeVisible();
    await page.getByTestId('ws-icon-writing').click();
    await expect(page.getByTestId('editor')).toBeVisible();
    await page.goto('/writing?screen=report');
    await expect(page.getByTestId('report-screen')).toBeVisible();
    await page.getByTestId('assistant-fab').click();
    await expect(page.getByTestId('assistant-panel')).toBeVisible();

    // A deep link into a mode that is not installed: a page saying so, never the error screen.
    await page.goto('/image');
    await expect(page.getByTestId('page-unavailable')).toContainText(
      'Image is not installed for offline use',
    );
    await shot(page, 'offline-not-installed');
    await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
  });

  test('install anime with its size and real progress, open it offline, uninstall it', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    const dialog = await openModes(page);
    const writing = dialog.getByTestId('mm-writing');
    await expect(writing).toContainText('Core mode');
    await expect(writing.getByRole('button', { name: 'Uninstall' })).toHaveCount(0);
    const anime = dialog.getByTestId('mm-anime');
    // The size of the build's list for this mode, before anything is downloaded.
    await expect(anime).toContainText(/\d+(\.\d)? (KB|MB) · \d+ files/);
    const files = Number((await anime.textContent())!.match(/· (\d+) files/)![1]);

    const progress: number[] = [];
    await page.exposeFunction('recordProgress', (n: number) => progress.push(n));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="mm-anime"] [role="progressbar"]');
        if (bar)
          (window as unknown as { recordProgress(n: number): void }).recordProgress(
            Number(bar.getAttribute('aria-valuenow')),
          );
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await anime.getByRole('button', { name: 'Install' }).click();
    await expect(anime).toContainText('Installation complete', { timeout: 30_000 });
    await expect(anime).toContainText('Installed');
    expect(progress[0]).toBe(10);
    expect(progress).toContain(50);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    await shot(page, 'modes-installed');
    // Exactly the listed files are in the mode's cache.
    expect(
      await page.evaluate(async () => (await (await caches.open('yumi-mode-anime')).keys()).length),
    ).toBe(files);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('yumi.installedModes')))!)).toEqual([
      'writing',
      'report',
      'anime',
    ]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mode-anime')).toContainText('Installed');

    // Offline: the anime mode opens from the launcher, and again after a reload.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('stat-modes').locator('.stat-value')).toHaveText('3');
    await page.clock.install(); // the 3 s mode-opening delay runs on Playwright's clock
    await page.reload();
    await page.getByTestId('mode-anime').click();
    await page.clock.runFor(3500);
    await expect(page).toHaveURL(/\/anime-chara/);
    await expect(page.getByTestId('anime-upload')).toBeAttached();
    await page.reload();
    await expect(page.getByTestId('anime-upload')).toBeAttached();
    await shot(page, 'anime-offline');
    await page.goto('/');
    await page.getByTestId('mode-image').click();
    await expect(page.getByText('Image is not installed for offline use.')).toBeVisible();
    await context.setOffline(false);

    await page.reload();
    const again = await openModes(page);
    await again.getByTestId('mm-anime').getByRole('button', { name: 'Uninstall' }).click();
    await expect(again.getByTestId('mm-anime').getByRole('button', { name: 'Install' })).toBeVisible();
    await expect.poll(() => cacheNames(page)).not.toContain('yumi-mode-anime');
  });
});

test('signed in: writing and report open offline from this device (deep link, reload), and offline edits reach the server', async ({
  page,
  context,
}) => {
  const account = await signUpViaApi(page, 'offline');
  const auth = { authorization: `Bearer ${account.token}` };
  const created = async (kind: string, content: string) =>
    (await (
      await page.request.post('/api/documents', {
        headers: auth,
        data: { title: `${kind} doc`, content, kind },
      })
    ).json()) as { id: string };
  const writing = await created('writing', 'Written online.');
  const report = await created('report', '# Findings\n\nMeasured online.');
  await firstVisit(page);
  // The writing mode copies the user's documents to this device when it lists them.
  await page.goto('/writing?screen=writing');
  await expect(page.getByTestId('editor')).toHaveValue('Written online.');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const open = indexedDB.open('yumi-offline');
        const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
        return new Promise<number>(
          (r) =>
            (db.transaction('documents').objectStore('documents').count().onsuccess = (e) =>
              r((e.target as IDBRequest<number>).result)),
        );
      }),
    )
    .toBe(2);

  await context.setOffline(true);
  await page.goto(`/writing?screen=report&doc=${report.id}`);
  await expect(page.getByPlaceholder('Start writing your scientific report...')).toHaveValue(
    '# Findings\n\nMeasured online.',
  );
  await page.goto(`/writing?screen=writing&doc=${writing.id}`);
  const editor = page.getByTestId('editor');
  await expect(editor).toHaveValue('Written online.');
  await editor.fill('Written online. Edited offline.');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'offline');
  await page.reload();
  await expect(page.getByTestId('editor')).toHaveValue('Written online. Edited offline.');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/documents/${writing.id}`, { headers: auth })).json()).content,
      { timeout: 20_000 },
    )
    .toBe('Written online. Edited offline.');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
});
