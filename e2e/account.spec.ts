import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { newAccount, outboxMails, seriousViolations, signUpViaApi } from './support';

/** The subjects of the mails `to` has got so far (written in the background: poll). */
const subjects = async (to: string) => (await outboxMails(to)).map((m) => m.subject);

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

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
  expect(await seriousViolations(page, 'main')).toEqual([]);

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
  const passwordForm = page.getByRole('form', { name: 'パスワード', exact: true });
  await passwordForm.getByLabel('現在のパスワード').fill('wrong-password');
  await passwordForm.getByLabel('新しいパスワード', { exact: true }).fill('fresh-secret');
  await passwordForm.getByLabel('新しいパスワード（確認）').fill('fresh-secret');
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '現在のパスワードが正しくありません。' })).toBeVisible();
  await passwordForm.getByLabel('現在のパスワード').fill(account.password);
  await passwordForm.getByLabel('現在のパスワード').press('Enter');
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
  expect(await seriousViolations(page, 'main')).toEqual([]);
});

/** Signs in through the /login page, up to the second step when it is on. */
async function signInOnPage(page: Page, email: string, password: string) {
  await page.goto('/login?from=%2Faccount');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
}

test('two-step sign-in: turn on with the QR key, sign in with a code and a recovery code, turn off', async ({ page }) => {
  const account = newAccount('totp');
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  await signInOnPage(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByLabel('Current password').last().fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-step-secret').textContent())!.replace(/\s/g, '');
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not correct' })).toBeVisible();
  const now = () => Math.floor(Date.now() / 1000);
  await page.getByLabel('Authentication code').fill(generateSync({ secret, epoch: now() }));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();
  await expect.poll(() => subjects(account.email)).toContain('Two-step sign-in is now on for Yumi Studio');

  // Sign out, then in again: the password is followed by the code step (a code of the next step: one
  // step of drift is allowed, and the step used to turn it on cannot be used again).
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await signInOnPage(page, account.email, account.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await codeField.fill(generateSync({ secret, epoch: now() + 30 }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  // A recovery code works once, in Korean too.
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await page.locator('#language-select').selectOption('ko');
  await page.goto('/login?from=%2Faccount');
  await page.getByLabel('이메일').fill(account.email);
  await page.getByLabel('비밀번호').fill(account.password);
  await page.getByRole('main').getByRole('button', { name: '로그인' }).click();
  await page.getByLabel('인증 코드').fill(recovery[0]!);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByText('복구 코드가 9개 남았습니다.')).toBeVisible();
  await page.locator('#language-select').selectOption('en');

  // Turning it off needs the password and a code: a used recovery code is refused, the next one works.
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await page.getByLabel('Current password').last().fill(account.password);
  await page.getByLabel('Authentication code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not correct or has already been used' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(recovery[1]!);
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
  await expect.poll(() => subjects(account.email)).toContain('Two-step sign-in was turned off for Yumi Studio');
  const plain = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect((await plain.json()).success).toBe(true);
});

test('export my data as a zip, then delete my account: password asked in a dialog, signed out, the email free again', async ({ page }) => {
  const account = newAccount('bye');
  const signup = await page.request.post('/api/auth/signup', { data: account });
  const auth = { authorization: `Bearer ${(await signup.json()).token}` };
  expect((await page.request.post('/api/documents', { headers: auth, data: { title: 'Doomed', content: 'Last words.' } })).status()).toBe(201);
  const png = `data:image/png;base64,${(await sharp({ create: { width: 32, height: 24, channels: 4, background: '#ec4899' } }).png().toBuffer()).toString('base64')}`;
  const layer = { name: 'Ink', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: png };
  const character = await page.request.post('/api/anime-helper/characters', {
    headers: auth,
    data: { name: 'Mika', tags: [], versions: [{ name: 'Draft', canvasData: { width: 32, height: 24, activeLayerIndex: 0, layers: [layer] } }] },
  });
  expect(character.status()).toBe(201);
  await signInOnPage(page, account.email, account.password);

  // Export: the browser downloads one zip with the document and the character as PNG and PSD.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^yumi-studio-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText('Your export has been downloaded.')).toBeVisible();
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const names = Object.keys(files);
  expect(strFromU8(files[names.find((n) => /^documents\/Doomed-[0-9a-f]{8}\.md$/.test(n))!]!)).toBe('Last words.');
  expect(names.filter((n) => /^characters\/Mika-[0-9a-f]{8}\/versions\/01-Draft\/(layers\/01-Ink\.png|Draft\.psd)$/.test(n))).toHaveLength(2);
  const psd = files[names.find((n) => n.endsWith('Draft.psd'))!]!;
  expect(strFromU8(psd.subarray(0, 4))).toBe('8BPS');
  expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email: account.email });
  await expect.poll(() => subjects(account.email)).toContain('A copy of your Yumi Studio data was downloaded');

  await expect(page.getByTestId('account-balance')).toHaveText('0 timeshards');
  await page.getByLabel('Yumi personality').selectOption('teacher');
  await expect(page.getByLabel('Yumi personality')).toHaveValue('teacher');

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Current password').fill('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is not correct.');
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await expect.poll(() => subjects(account.email)).toContain('Your Yumi Studio account was deleted');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me', { headers: auth })).status()).toBe(401);
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
});
