import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function seriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

/** A second session of the same account, as if from a phone; answers its bearer header. */
async function loginFromPhone(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password }, headers: { 'user-agent': PHONE_UA } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('account page: rename, sessions and password change by keyboard, in four languages, without axe violations', async ({ page }) => {
  const account = await signUpViaApi(page, 'acct');
  const phone = await loginFromPhone(page, account.email, account.password);
  const tablet = await loginFromPhone(page, account.email, account.password);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Safari 18 · iOS 18.1' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Phone' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Display name, by keyboard only.
  await page.getByRole('button', { name: 'Change name' }).focus();
  await page.keyboard.press('Enter');
  const nameField = page.getByLabel('Display name');
  await expect(nameField).toBeFocused();
  await nameField.fill('x');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Use 2–32 letters' })).toBeVisible();
  await nameField.fill(`Renamed_${account.username.slice(-6)}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-name')).toHaveText(`Renamed_${account.username.slice(-6)}`);

  // End one phone session, then every other one.
  await rows.filter({ hasText: 'Safari 18' }).first().getByRole('button', { name: /^Sign out Safari 18/ }).click();
  await expect(page.getByText('That session was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  const phoneGone = (await page.request.get('/api/auth/me', { headers: phone })).status();
  const tabletGone = (await page.request.get('/api/auth/me', { headers: tablet })).status();
  expect([phoneGone, tabletGone].sort()).toEqual([200, 401]);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText('1 other session was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

  // Password: the wrong current one is refused with the server's message, in Japanese.
  const other = await loginFromPhone(page, account.email, account.password);
  await page.locator('#language-select').selectOption('ja');
  await expect(page.getByRole('heading', { name: 'サインイン中の端末' })).toBeVisible();
  await page.getByLabel('現在のパスワード').fill('wrong-password');
  await page.getByLabel('新しいパスワード', { exact: true }).fill('fresh-secret');
  await page.getByLabel('新しいパスワード（確認）').fill('fresh-secret');
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '現在のパスワードが正しくありません。' })).toBeVisible();
  await page.getByLabel('現在のパスワード').fill(account.password);
  await page.getByLabel('現在のパスワード').press('Enter');
  await expect(page.getByText('パスワードを変更しました。ほかの 1 件のセッションをサインアウトしました。')).toBeVisible();
  expect((await page.request.get('/api/auth/me', { headers: other })).status()).toBe(401);
  const relogin = await page.request.post('/api/auth/login', { data: { email: account.email, password: 'fresh-secret' } });
  expect(relogin.status()).toBe(200);

  for (const [code, heading] of [
    ['zh', '已登录的设备'],
    ['ko', '로그인된 기기'],
  ] as const) {
    await page.locator('#language-select').selectOption(code);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
});
