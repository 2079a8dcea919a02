import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signUpViaApi } from './support';

// axe on every screen in every language, signed in, with the main states a user meets: dialogs open, errors
// shown, things not found or not allowed. One test per language (the two workers share them); each signs up once.

const SCREENS = [
  '/',
  '/login',
  '/verify-email',
  '/reset-password?token=not-a-token',
  '/terms',
  '/privacy',
  '/writing',
  '/writing?screen=writing',
  '/writing?screen=report',
  '/writing?screen=writing&doc=00000000-0000-4000-8000-000000000000',
  '/image',
  '/anime-chara',
  '/anime-chara?character=00000000-0000-4000-8000-000000000000',
  '/charge',
  '/charge/return?purchase=00000000-0000-4000-8000-000000000000',
  '/charge/no-such-package',
  '/account',
  '/admin',
  '/installers',
  '/no/such/page',
];

/** Opens a screen in a language and waits until it has settled (translated, nothing loading). */
async function visit(page: Page, path: string, lang: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('#main')).not.toBeEmpty();
  await expect(page.locator('[aria-busy="true"], .spinner')).toHaveCount(0, { timeout: 30_000 });
}

/** The screen's serious findings, each prefixed with where it was seen. */
const findings = async (page: Page, where: string) => (await seriousViolations(page)).map((v) => `${where}: ${v}`);

for (const lang of ['en', 'ja', 'zh', 'ko']) {
  test(`axe finds nothing serious on any screen in ${lang}`, async ({ page, browser }) => {
    await signUpViaApi(page, `axe${lang}`);
    const found: string[] = [];
    for (const path of SCREENS) {
      await visit(page, path, lang);
      found.push(...(await findings(page, path)));
    }

    // States: the assistant open, dialogs open, a form showing its errors.
    await visit(page, '/', lang);
    await page.getByTestId('assistant-fab').click();
    await expect(page.getByTestId('assistant-panel')).toBeVisible();
    found.push(...(await findings(page, 'assistant open')));
    await page.getByTestId('assistant-minimize').click();
    for (const opener of ['open-settings', 'open-download']) {
      await page.getByTestId(opener).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await findings(page, `${opener} dialog`)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    // Signed out: the sign-in form with its errors.
    const anonymous = await browser.newPage();
    await visit(anonymous, '/login', lang);
    await anonymous.locator('#main input[type="email"]').fill('not-an-address');
    await anonymous.locator('#main input[type="email"]').press('Enter');
    await expect(anonymous.locator('#main [role="alert"], #main [aria-invalid="true"]').first()).toBeVisible();
    found.push(...(await findings(anonymous, 'sign-in errors')));
    await anonymous.close();

    expect(found).toEqual([]);
  });
}
