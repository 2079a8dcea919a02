import { expect, test, type Page } from '@playwright/test';
import { mailedLink, newAccount, outboxMails, seriousViolations, signUpViaApi } from './support';

/** axe's serious findings in the page's main part and the verification banner above it. */
const violations = (page: Page) => seriousViolations(page, 'main', '[data-testid="verify-banner"]');

test.describe('mailed links', () => {
  test('verify: the banner sends a new link, the link from the outbox confirms the address', async ({ page }) => {
    const account = await signUpViaApi(page, 'verify');
    await page.goto('/');
    const banner = page.getByTestId('verify-banner');
    await expect(banner).toContainText(`Please confirm ${account.email}`);
    await banner.getByRole('button', { name: 'Send again' }).click();
    await expect(banner.getByRole('status')).toHaveText('Sent. Check your inbox.');
    expect(await violations(page)).toEqual([]);

    // The sign-up mail's link was replaced by the second one: it says so, the new one works.
    const first = await mailedLink(account.email, '/verify-email', 1);
    const second = await mailedLink(account.email, '/verify-email', 2);
    await page.goto(first);
    await expect(page.getByRole('alert')).toHaveText('This link has already been used. Please ask for a new one.');
    await page.goto(second);
    await expect(page.getByRole('status').filter({ hasText: 'is confirmed' })).toHaveText(`${account.email} is confirmed. Thank you!`);
    expect(await violations(page)).toEqual([]);
    await expect(page.getByTestId('verify-banner')).toHaveCount(0);
    await page.getByRole('link', { name: 'Continue to Yumi Studio' }).click();
    await expect(page).toHaveURL('/');
  });

  test('reset: forgot password from the sign-in form by keyboard, new password from the mailed link, a used link offers a new one', async ({ page }) => {
    const account = newAccount('reset');
    expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).focus();
    await page.keyboard.press('Enter');
    const email = page.getByLabel('Email');
    await email.focus();
    await email.fill(account.email);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'If an account uses' })).toContainText(`If an account uses ${account.email}, a link to reset its password is on its way.`);

    const link = await mailedLink(account.email, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('new-secret-1');
    await page.getByLabel('Confirm new password').press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Your password is changed and you are signed in.')).toBeVisible();
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: 'new-secret-1' } })).status()).toBe(200);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-pass');
    await page.getByLabel('Confirm new password').fill('another-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This link has already been used. Please ask for a new one.');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('change email on the account page by keyboard: the link to the new address applies it, the old one gets a notice', async ({ page }) => {
    const account = await signUpViaApi(page, 'move');
    const next = newAccount('moved').email;
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Email address' });
    const address = form.getByLabel('New email address');
    const password = form.getByLabel('Current password');
    await address.fill(account.email.toUpperCase());
    await password.fill(account.password);
    await password.press('Enter');
    await expect(form.getByRole('alert')).toHaveText('This is already your email address.');
    await address.fill(next);
    await password.fill('wrong-password');
    await password.press('Enter');
    await expect(form.getByRole('alert')).toHaveText('Your current password is not correct.');
    await password.fill(account.password);
    await password.press('Enter');
    await expect(form.getByRole('status')).toContainText(`A confirmation link is on its way to ${next}.`);
    await expect(page.getByTestId('account-email')).toHaveText(account.email); // not before the link is opened
    expect(await violations(page)).toEqual([]);

    await expect.poll(async () => (await outboxMails(account.email)).map((m) => m.subject)).toContain('Your Yumi Studio email address is being changed');
    const notice = (await outboxMails(account.email)).find((m) => m.subject === 'Your Yumi Studio email address is being changed')!;
    expect(notice.text).toContain(next);
    await page.goto(await mailedLink(next, '/verify-email'));
    await expect(page.getByRole('status').filter({ hasText: 'now uses' })).toHaveText(`Your account now uses ${next}. Sign in with it from now on.`);
    await page.goto('/account?lng=ja');
    await expect(page.getByTestId('account-email')).toHaveText(next);
    await expect(page.getByRole('form', { name: 'メールアドレス', exact: true }).getByLabel('新しいメールアドレス')).toBeVisible();
    expect((await page.request.post('/api/auth/login', { data: { email: next, password: account.password } })).status()).toBe(200);
  });

  for (const [lng, verifyTitle, resetTitle, invalid] of [
    ['ja', 'メールアドレスの確認', '新しいパスワードを設定', 'このリンクは無効です。新しいリンクをリクエストしてください。'],
    ['zh', '确认您的邮箱', '设置新密码', '此链接无效，请重新申请一个新链接。'],
    ['ko', '이메일 확인', '새 비밀번호 설정', '유효하지 않은 링크입니다. 새 링크를 요청해 주세요.'],
  ] as const) {
    test(`both pages in ${lng}, with a clear message for a bad link`, async ({ page }) => {
      const bad = 'A'.repeat(43);
      await page.goto(`/verify-email?token=${bad}&lng=${lng}`);
      await expect(page.getByRole('heading', { name: verifyTitle })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(invalid);
      await page.goto(`/reset-password?token=${bad}&lng=${lng}`);
      await expect(page.getByRole('heading', { name: resetTitle })).toBeVisible();
      // The new password and its confirmation, by their place (the labels are in the page's language).
      const [password, confirm] = [page.locator('input[type="password"]').first(), page.locator('input[type="password"]').last()];
      await password.fill('whatever-123');
      await confirm.fill('whatever-123');
      await confirm.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(invalid);
      expect(await violations(page)).toEqual([]);
    });
  }
});
