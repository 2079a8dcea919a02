import { expect, test } from '@playwright/test';
import { firstBuild, secondBuild, serveBuilds } from './deploy';

// The service worker is what updates; the shared server's build stays as it is for the other tests.
test.use({ serviceWorkers: 'allow' });

test('a deployment under the running page: "A new version is ready", Reload gives it, again for a later one, a chunk gone with the old build never shows an error', async ({
  page,
}) => {
  // Three deployments, each installed by a service worker, on a machine that may be loaded.
  test.setTimeout(120_000);
  const site = await serveBuilds(test.info().project.use.baseURL!);
  // workbox-window treats an update found more than 60 s after it registered as another tab's and stops
  // listening after it: time jumps on Playwright's clock past that.
  await page.clock.install();
  try {
    const second = secondBuild('src/features/image/ImagePage.tsx');
    const third = secondBuild('src/features/image/ImagePage.tsx', 'third');
    // Which build the page runs (asked again while it reloads).
    const build = () =>
      page
        .evaluate(() => document.querySelector('meta[name="yumi-build"]')?.getAttribute('content') ?? 'first')
        .catch(() => 'reloading');
    await page.goto(`${site.origin}/`);
    await expect
      .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
      .toBe(true);
    expect(await build()).toBe('first');

    // Deployed while the page is open: it asks again when the tab is shown.
    site.deploy(second);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const banner = page.locator('.update-banner');
    await expect(banner).toContainText('A new version is ready.', { timeout: 30_000 });
    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(build, { timeout: 30_000 }).toBe('second');
    await expect(banner).toHaveCount(0);

    // The same tab, more than a minute later: the next deployment is announced too.
    const before = await page.evaluate(() => performance.now());
    await page.clock.fastForward(61_000);
    // The page's own clock (workbox-window compares performance.now()) is past the 60 s.
    expect((await page.evaluate(() => performance.now())) - before).toBeGreaterThanOrEqual(61_000);
    site.deploy(third);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(banner).toContainText('A new version is ready.', { timeout: 30_000 });
    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(build, { timeout: 30_000 }).toBe('third');
    await expect(banner).toHaveCount(0);

    // The router listens for history changes only once its first render is committed (that render yields as
    // a transition): navigate after the launcher shows, as a user would.
    await expect(page.getByRole('heading', { level: 1, name: 'Yumi Studio' })).toBeVisible({ timeout: 30_000 });
    // The next deployment removes the Image chunk this page would load: it switches to the new build instead.
    site.deploy(firstBuild);
    await page.evaluate(() => {
      history.pushState(null, '', '/image');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    // Switching waits up to 20 s for the new worker to install before it reloads.
    await expect(page.getByRole('heading', { name: 'Image Studio' })).toBeVisible({ timeout: 45_000 });
    expect(await build()).toBe('first');
    await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
  } finally {
    await site.close();
  }
});
