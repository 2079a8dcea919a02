import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { animationsDone, signUpViaApi } from './support';

// axe on every screen in every language, signed in, with the main states a user meets: dialogs open, errors
// shown, things not found or not allowed. Each test signs up once and loads the app once, then moves inside it.

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

/** Opens the app in a language (one load per test; the language is kept from then on). */
async function start(page: Page, lang: string) {
  await page.goto(`/?lng=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * Goes to a screen inside the running app, as its links do (history, no reload: the app and its translations stay
 * loaded), and waits until it has settled: rendered, nothing loading.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(page.locator('#main')).not.toBeEmpty();
  await expect(page.locator('[aria-busy="true"], .spinner')).toHaveCount(0, { timeout: 30_000 });
}

// axe's experimental rules are off by default; here they run too, beside every rule axe runs by default. These are
// axe-core 4.13's (`axe.getRules(['experimental'])`); a rule id axe does not know makes analyze() throw.
const EXPERIMENTAL = Object.fromEntries(
  [
    'css-orientation-lock',
    'focus-order-semantics',
    'hidden-content',
    'label-content-name-mismatch',
    'p-as-heading',
    'table-fake-caption',
    'td-has-header',
  ].map((id) => [id, { enabled: true }]),
);

/** axe's serious and critical findings on the page, its experimental rules on, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** The screen's serious findings, each prefixed with where it was seen. */
const findings = async (page: Page, where: string) => (await seriousViolations(page)).map((v) => `${where}: ${v}`);

/** Checks each screen in turn; answers the findings. */
async function checkScreens(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await visit(page, path);
    found.push(...(await findings(page, path)));
  }
  return found;
}

// Three tests per language (the screens in two halves, the signed-in states with the second, the signed-out form
// on its own), so each stays well inside its time on a loaded machine.
const HALF = Math.ceil(SCREENS.length / 2);

for (const lang of ['en', 'ja', 'zh', 'ko']) {
  test(`axe finds nothing serious on the first screens in ${lang}`, async ({ page }) => {
    test.slow();
    await signUpViaApi(page, `axe${lang}`);
    await start(page, lang);
    expect(await checkScreens(page, SCREENS.slice(0, HALF))).toEqual([]);
  });

  test(`axe finds nothing serious on the other screens, with the assistant and dialogs open in ${lang}`, async ({ page }) => {
    test.slow();
    await signUpViaApi(page, `axe${lang}`);
    await start(page, lang);
    const found = await checkScreens(page, SCREENS.slice(HALF));

    // States: the assistant open, dialogs open.
    await visit(page, '/');
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

    expect(found).toEqual([]);
  });

  test(`axe finds nothing serious on the sign-in form showing its errors in ${lang}`, async ({ page }) => {
    // Signed out, loaded straight at /login: the page a 401 leads to.
    await page.goto(`/login?lng=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const email = page.locator('#main input[type="email"]');
    await email.fill('not-an-address');
    await email.press('Enter');
    await expect(page.locator('#main [role="alert"], #main [aria-invalid="true"]').first()).toBeVisible();
    expect(await findings(page, 'sign-in errors')).toEqual([]);
  });
}

// CI once caught the settings dialog 20 ms into its 160 ms fade-in on a loaded machine: axe measured its first
// button's contrast at a fraction of its opacity. Here the fade-in runs ten times slower from that point; the check
// must wait for it to end, as a user's eye does, and find nothing.
test('axe measures a dialog once its fade-in has ended', async ({ page }) => {
  await signUpViaApi(page, 'axefade');
  await page.goto('/');
  await expect(page.getByTestId('open-settings')).toBeVisible();
  await page.getByTestId('open-settings').evaluate(async (opener: HTMLElement) => {
    opener.click();
    while (!document.querySelector('[role="dialog"]')) await new Promise((r) => requestAnimationFrame(r));
    for (const a of document.getAnimations()) {
      a.playbackRate = 0.1;
      a.currentTime = 20;
    }
  });
  expect(await seriousViolations(page)).toEqual([]);
});
