import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

export const SCREENSHOTS = 'screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

export function newAccount(prefix = 'e2e') {
  const tag = `${prefix}${randomBytes(4).toString('hex')}`;
  return { email: `${tag}@example.com`, username: tag, password: 'secret123' };
}

/** Signs up through the API (fast) and stores the token the way the app does. */
export async function signUpViaApi(page: Page, prefix?: string) {
  const account = newAccount(prefix);
  const res = await page.request.post('/api/auth/signup', { data: account });
  expect(res.status()).toBe(201);
  const { token, user } = await res.json();
  await page.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  return { ...account, token, user };
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}
