import { expect, test } from '@playwright/test';
import { newAccount, shot } from './support';

test.describe('accounts', () => {
  test('sign up, stay signed in across reloads, log out kills the token, sign in again', async ({ page }) => {
    const account = newAccount();
    await page.goto('/');
    await shot(page, 'launcher-anonymous');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shot(page, 'auth-dialog');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Username').fill(account.username);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByLabel('Confirm password').fill(account.password);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('user-chip')).toContainText(account.username);

    await page.reload();
    await expect(page.getByTestId('user-chip')).toContainText(account.username);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token).toBeTruthy();

    const topbar = page.locator('header.topbar');
    await topbar.getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(topbar.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    await topbar.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('user-chip')).toContainText(account.username);
  });

  test('wrong password shows Login failed; the button shows Processing while submitting', async ({ page }) => {
    const account = newAccount();
    await page.request.post('/api/auth/signup', { data: account });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('wrong-password');
    // The real request is held until the button has shown its busy state (no timing guess), then goes on.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expect(page.getByRole('alert')).toHaveText('Login failed');
    await shot(page, 'login-failed');
  });

  test('sign-up names its own heading and rules; mismatched confirmation shows Passwords do not match and sends nothing', async ({ page }) => {
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/signup')) sent = true;
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Welcome to Yumi Studio' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    // The dialog says it creates an account, and each username rule names itself.
    await expect(dialog.getByRole('heading', { name: 'Create your Yumi Studio account' })).toBeVisible();
    await dialog.getByLabel('Email').fill('mismatch@example.com');
    await dialog.getByLabel('Username').fill('Mary Jane');
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.getByLabel('Confirm password').fill('secret123');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('Use letters, digits, dot, dash or underscore only, without spaces.')).toBeVisible();
    await dialog.getByLabel('Username').fill('M');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('At least 2 characters.')).toBeVisible();
    expect(sent).toBe(false);
    await dialog.getByLabel('Username').fill('mismatch');
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.getByLabel('Confirm password').fill('secret124');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Passwords do not match');
    expect(sent).toBe(false);
    // Switching mode clears the error and the form.
    await dialog.getByRole('button', { name: 'Sign in' }).last().click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByLabel('Email')).toHaveValue('');
    await expect(dialog.getByRole('heading', { name: 'Welcome to Yumi Studio' })).toBeVisible();
  });

  test('a 401 from the API sends the user to /login and back after signing in', async ({ page }) => {
    const account = newAccount();
    await page.request.post('/api/auth/signup', { data: account });
    await page.addInitScript(() => localStorage.setItem('auth_token', 'A'.repeat(43)));
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/login\?from=%2Fprivacy/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });
});

test('a render error shows the error screen with Reload App and technical details', async ({ page }) => {
  // A broken lazy chunk is a realistic render failure.
  await page.route(/\/assets\/NotFoundPage-.*\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: 'throw new Error("chunk exploded")' }),
  );
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload App' })).toBeVisible();
  await page.getByText('Technical details').click();
  await expect(page.getByText(/chunk exploded|Failed to fetch|error loading/i)).toBeVisible();
  await shot(page, 'error-boundary');
});

test('every spec route loads on a hard refresh and unknown API paths are JSON', async ({ page, request }) => {
  for (const path of ['/', '/login', '/terms', '/privacy']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
  const api = await request.get('/api/definitely-not-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
