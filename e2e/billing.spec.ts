import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_MODEL } from './e2e-model';
import { freePort, startServer, stopServer } from './servers';
import { newAccount, shot, signInAdmin, signUpViaApi } from './support';

// A tiny valid PNG (8x8, purple), generated once; the server re-encodes it.
const PNG_8x8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNYEfodK2IYWhIAw9h9AbxkOpEAAAAASUVORK5CYII=',
  'base64',
);

async function balanceOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await page.request.get('/api/billing/info', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).balance as number;
}

test.describe('billing', () => {
  test('anonymous visitors see the seven packages, the Blessing and the TEST MODE notice', async ({ page }) => {
    await page.goto('/charge');
    await expect(page.getByRole('heading', { name: 'Timeshards', level: 1 })).toBeVisible();
    const cards = page.locator('.package-card');
    await expect(cards).toHaveCount(7);
    await expect(cards.locator('.package-amount .gradient-text')).toHaveText(['100K', '300K', '700K', '1.3M', '1.9M', '4.5M', '10M']);
    await expect(page.getByTestId('package-creator')).toContainText('Recommended');
    await expect(page.getByTestId('blessing-card')).toContainText('Popular');
    await expect(page.getByTestId('test-mode-notice')).toContainText('TEST MODE');
    await expect(page.getByTestId('package-taster').getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
    await shot(page, 'charge-anonymous');
  });

  test('buy by card through the TEST MODE checkout: Processing, Pay, the balance rises exactly once', async ({ page }) => {
    await signUpViaApi(page, 'buyer');
    await page.goto('/charge');
    const creator = page.getByTestId('package-creator');
    await expect(creator.getByRole('button', { name: 'Card · $10.00' })).toBeVisible();
    await expect(creator.getByRole('button', { name: 'Alipay · $11.00' })).toBeVisible();
    await shot(page, 'charge-signed-in');
    // The checkout request is held until the button has shown its busy state (no timing guess).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/billing/checkout/stripe', async (route) => {
      await held;
      await route.continue();
    });
    await creator.getByRole('button', { name: 'Card · $10.00' }).click();
    await expect(creator.getByRole('button', { name: 'Processing...' })).toBeVisible();
    release();
    await expect(page.getByTestId('test-checkout')).toBeVisible();
    await expect(page.getByTestId('test-checkout')).toContainText('TEST MODE');
    await expect(page.getByTestId('would-charge')).toHaveText('$10.00 USD');
    await shot(page, 'test-checkout');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(page.getByTestId('return-success')).toContainText('700K timeshards have been added');
    await shot(page, 'checkout-return');
    await expect(page.getByTestId('balance-badge')).toHaveText(/700K/);
    // Reloading the return page never grants twice.
    await page.reload();
    await expect(page.getByTestId('return-success')).toBeVisible();
    expect(await balanceOf(page)).toBe(700_000);
    await page.getByRole('link', { name: 'Back to billing' }).click();
    await expect(page.getByTestId('purchase-row')).toHaveCount(1);
    await expect(page.getByTestId('purchase-row')).toContainText('Paid');
  });

  test('Alipay shows price x 1.1; cancel charges nothing and leaves the package to buy again', async ({ page }) => {
    await signUpViaApi(page, 'alipay');
    await page.goto('/charge');
    const artist = page.getByTestId('package-artist');
    await artist.getByRole('button', { name: 'Alipay · $16.50' }).click();
    await expect(page.getByTestId('would-charge')).toHaveText('$16.50 USD');
    await expect(page.getByTestId('test-checkout')).toContainText('$15.00 + $1.50');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('return-failed')).toContainText('The payment was cancelled');
    expect(await balanceOf(page)).toBe(0);

    // A payment provider's failure (502) is an API test against a real fake provider (apps/server/test/billing.test.ts):
    // this server is in TEST MODE, which a configured provider would switch off.
    await page.getByRole('link', { name: 'Back to billing' }).click();
    await expect(page.getByTestId('purchase-row')).toContainText('Not completed');
    await expect(page.getByTestId('package-artist').getByRole('button', { name: 'Alipay · $16.50' })).toBeEnabled();
  });

  test('another user’s purchase id on the return page is refused', async ({ page, browser }) => {
    const owner = await browser.newPage();
    const a = await signUpViaApi(owner, 'owner');
    const res = await owner.request.post('/api/billing/checkout/stripe', { headers: { authorization: `Bearer ${a.token}` }, data: { packageId: 'taster' } });
    const { purchaseId } = await res.json();
    await signUpViaApi(page, 'snoop');
    await page.goto(`/charge/return?purchase=${purchaseId}`);
    await expect(page.getByRole('alert')).toContainText('We could not find this purchase.');
    await owner.close();
  });

  test('the Yumi Blessing: buy, claim today once; a tab still offering it is refused with the reason', async ({ page }) => {
    await signUpViaApi(page, 'blessed');
    await page.goto('/charge');
    // A second tab, opened before the purchase, still offers the Blessing.
    const stale = await page.context().newPage();
    await stale.goto('/charge');
    const staleBuy = stale.getByTestId('blessing-card').getByRole('button', { name: 'Card · $10.00' });
    await expect(staleBuy).toBeVisible();
    await page.getByTestId('blessing-card').getByRole('button', { name: 'Card · $10.00' }).click();
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(page.getByTestId('return-success')).toBeVisible();
    await page.getByRole('link', { name: 'Back to billing' }).click();
    const status = page.getByTestId('blessing-status');
    await expect(status).toContainText('Day 1 of 30');
    await status.getByRole('button', { name: "Claim today's 35K" }).click();
    await expect(page.getByText('+35K timeshards claimed')).toBeVisible();
    await expect(status.getByRole('button', { name: 'Claimed today. See you tomorrow!' })).toBeDisabled();
    await expect(page.getByTestId('charge-balance')).toHaveText('35K');
    await shot(page, 'charge-blessing');
    // The server refuses a second Blessing while one runs: the stale tab says why, and its button works again.
    await staleBuy.click();
    await expect(stale.getByTestId('payment-error')).toHaveText(/Your Yumi Blessing is still active/);
    await expect(staleBuy).toBeEnabled();
    await stale.close();
  });

  test('token usage modal opens with the chart area and free allowances', async ({ page }) => {
    const account = await signUpViaApi(page, 'usage');
    await page.goto('/charge');
    await page.getByRole('button', { name: 'Token usage' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('free tokens left today');
    await expect(dialog).toContainText('No tokens used in the last 30 days.');
    await shot(page, 'token-usage');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // With usage, the chart and the per-model table render: a real answer of the suite's model (e2e/serve.ts),
    // which reports 40 input and 3 output tokens.
    const answered = await page.request.post('/api/chat', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { message: 'Hello', context: { provider: 'openai-compatible', model: E2E_MODEL, personality: 'otaku', mode: 'main' } },
    });
    expect(answered.status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Token usage' }).click();
    await expect(dialog.getByRole('img', { name: 'Tokens per day, stacked by provider' })).toBeVisible();
    await expect(dialog.getByRole('row', { name: new RegExp(E2E_MODEL) })).toContainText('43');
    await shot(page, 'token-usage-chart');
  });

  test('upload artwork, admin approves as exceptional, rewards arrive once', async ({ page, browser }) => {
    const artist = await signUpViaApi(page, 'painter');
    // Its own title: the audit log keeps the rows of earlier runs on this server (the stress run repeats each test).
    const title = `Sakura witch ${artist.username.slice(-4)}`;
    await page.goto('/charge');
    await page.getByRole('button', { name: 'Upload artwork' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Artwork image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByRole('alert')).toHaveText('Please select an image file.');
    await dialog.getByLabel('Artwork image').setInputFiles({ name: 'sakura.png', mimeType: 'image/png', buffer: PNG_8x8 });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Tags (comma separated)').fill('sakura, witch');
    await expect(dialog.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    await dialog.getByText('I made this artwork').click();
    await shot(page, 'upload-dialog');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await expect(dialog.getByTestId('upload-success')).toContainText("You'll receive 1,000 timeshards once it is approved, plus a +500 bonus");
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText('1');
    await expect(page.getByTestId('contribution')).toContainText('Pending review');

    // Non-admins see no queue.
    await page.goto('/admin');
    await expect(page.getByText('This page is for administrators only.')).toBeVisible();

    const adminPage = await signInAdmin(browser);
    await adminPage.goto('/admin');
    const item = adminPage.getByTestId('review-item').filter({ hasText: title }).filter({ hasText: artist.username });
    await expect(item).toBeVisible();
    // The upload is shown to the reviewer (re-encoded by the server).
    await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await shot(adminPage, 'admin-review');
    await item.getByRole('button', { name: 'Approve as exceptional' }).click();
    await expect(adminPage.getByText('1,750 timeshards granted')).toBeVisible();
    // Admins also see what the TEST MODE checkout granted, marked TEST (this server runs in TEST MODE).
    const testGrants = adminPage.getByTestId('admin-test-grants');
    await expect(testGrants.getByRole('heading', { name: 'TEST MODE grants' })).toBeVisible();
    await expect(testGrants).toContainText('timeshards granted without payment in all');
    // The approval is in the audit log, with the reviewer.
    const audit = adminPage.getByTestId('admin-audit');
    await expect(audit.getByRole('row').filter({ hasText: `Approved “${title}”` })).toContainText('admin@e2e.test');
    await adminPage.close();

    await page.goto('/charge');
    await expect(page.getByTestId('contribution')).toContainText('Approved');
    await expect(page.getByTestId('charge-balance')).toHaveText('1.8K');
    expect(await balanceOf(page)).toBe(1750);
    await page.getByRole('heading', { name: 'Artwork contributions' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('contribution').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'charge-contributions');
  });

  test('reads naturally in Japanese', async ({ page }) => {
    await signUpViaApi(page, 'nihongo');
    await page.goto('/charge?lng=ja');
    await expect(page.getByRole('heading', { name: 'タイムシャード', level: 1 })).toBeVisible();
    await expect(page.getByTestId('package-creator')).toContainText('おすすめ');
    await expect(page.getByTestId('blessing-card')).toContainText('ユミの祝福');
    await shot(page, 'charge-ja');
  });

  test('phone layout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page, 'phone');
    await page.goto('/charge');
    await expect(page.locator('.package-card')).toHaveCount(7);
    await shot(page, 'charge-phone');
    await page.getByTestId('package-pro').scrollIntoViewIfNeeded();
    await shot(page, 'charge-phone-packages');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('with TEST MODE switched off and no provider, checkout is disabled with the reason, and the API agrees', async ({ page }) => {
    test.slow(); // a server of its own, with PAYMENTS_TEST_MODE=off
    const port = await freePort();
    const server = await startServer(port, mkdtempSync(join(tmpdir(), 'yumi-e2e-payoff-')), { PAYMENTS_TEST_MODE: 'off' });
    try {
      const origin = `http://127.0.0.1:${port}`;
      const account = newAccount('payoff');
      const signup = await page.request.post(`${origin}/api/auth/signup`, { data: account });
      const { token } = await signup.json();
      await page.addInitScript((t) => localStorage.setItem('auth_token', t), token);
      await page.goto(`${origin}/charge`);
      const creator = page.getByTestId('package-creator');
      await expect(page.getByTestId('payments-off')).toHaveText(/Purchases are switched off on this server/);
      await expect(creator.getByRole('button', { name: 'Card · $10.00' })).toBeDisabled();
      await expect(creator.getByRole('button', { name: /Alipay/ })).toHaveCount(0);
      await expect(page.getByTestId('test-mode-notice')).toHaveCount(0);
      await shot(page, 'charge-payments-off');
      const refused = await page.request.post(`${origin}/api/billing/checkout/stripe`, { headers: { authorization: `Bearer ${token}` }, data: { packageId: 'creator' } });
      expect(refused.status()).toBe(503);
      expect((await refused.json()).code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    } finally {
      await stopServer(server);
    }
  });
});
