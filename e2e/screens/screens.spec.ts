import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { liveEditor, liveText, newAccount, selectText, signUpViaApi } from '../support';

// `npm run screenshots`: every screen at the four review sizes in the four languages, written to
// docs/screenshots/<size>/<language>/<screen>.jpg for design review (not part of `npm test`: it checks nothing
// the browser tests do not, it only keeps pictures). Each page is also checked to be no wider than its window.
// `SCREENS=anime-generate,outline npm run screenshots -- --grep "laptop|phone"` retakes only the named screens at two sizes.

const SIZES = {
  laptop: { width: 1280, height: 800 },
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
} as const;
const LANGUAGES = ['en', 'ja', 'zh', 'ko'] as const;

/** The AI Generate side of the anime page (its switch is found by place: its words change with the language). */
const openGenerate = (p: Page) => p.locator('.an-mode-switch').getByRole('radio').nth(1).click();

type Account = Awaited<ReturnType<typeof signUpViaApi>>;

const SHARED_TEXT = 'Yields rose in the second plot after watering. The first plot stayed dry all summer.';

/** A report shared with a second account (so it opens live), answered as its address. */
async function sharedReport(page: Page, me: Account): Promise<string> {
  const headers = { authorization: `Bearer ${me.token}` };
  const made = await page.request.post('/api/documents', { headers, data: { title: 'Field study', content: SHARED_TEXT, kind: 'report' } });
  const { id } = (await made.json()) as { id: string };
  const member = newAccount('shotm');
  expect((await page.request.post('/api/auth/signup', { data: member })).status()).toBe(201);
  expect((await page.request.post(`/api/documents/${id}/shares`, { headers, data: { email: member.email, role: 'editor' } })).status()).toBe(201);
  return `/writing?screen=report&doc=${id}`;
}

/** Waits for the live text, then comments on "second plot" through the editor's shortcut and the panel. */
async function commentOnSharedText(page: Page) {
  await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe(SHARED_TEXT);
  await selectText(page, 'second plot');
  await page.keyboard.press('Control+Alt+m');
  await page.locator('.comments-panel .comment-input').first().fill('Which plot is the second one?');
  await page.locator('.comments-panel .comment-input').first().press('Control+Enter');
  await expect(page.getByTestId('comment-thread')).toHaveCount(1);
}

/** Waits for the live text, then suggests in Suggest mode: a replacement and an addition, both open in the panel. */
async function suggestOnSharedText(page: Page) {
  await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe(SHARED_TEXT);
  await page.getByTestId('suggest-toggle').click();
  await liveEditor(page).click();
  await selectText(page, 'stayed dry');
  await page.keyboard.type('was barely watered');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Both were weeded.');
  await page.getByTestId('comments-toggle').click();
  await expect(page.getByTestId('suggestion-thread')).toHaveCount(2);
}

/** Waits for the live text, names a version, edits, and opens that version's comparison with now. */
async function compareSharedVersion(page: Page) {
  await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe(SHARED_TEXT);
  await page.getByTestId('history-toggle').click();
  await page.locator('.history-name input').fill('Draft 1');
  await page.locator('.history-name button').click();
  await expect(page.getByTestId('history-version')).toHaveCount(1);
  await liveEditor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' We watered it twice a week.');
  await page.getByTestId('history-version').first().click();
}

/**
 * Screens reachable by address; `open` is what a user does there first (opening a dialog or panel), `ready` names
 * what must be on screen before the picture is taken.
 */
const ALL_SCREENS: {
  name: string;
  /** An address, or a setup that makes what the screen shows and answers its address. */
  path: string | ((page: Page, me: Account) => Promise<string>);
  open?: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<void>;
  signedIn?: boolean;
}[] = [
  { name: 'launcher', path: '/', ready: (p) => expect(p.getByTestId('stat-modes')).toBeVisible() },
  { name: 'writing-workspace', path: '/writing?screen=menu', ready: (p) => expect(p.getByTestId('writing-workspace')).toBeVisible() },
  { name: 'writing', path: '/writing?screen=writing', ready: (p) => expect(p.getByTestId('editor')).toBeVisible() },
  { name: 'report', path: '/writing?screen=report', ready: (p) => expect(p.locator('.report-title')).toBeVisible() },
  { name: 'report-comments', path: sharedReport, open: commentOnSharedText, ready: (p) => expect(p.getByTestId('comments-panel')).toBeVisible() },
  { name: 'report-suggestions', path: sharedReport, open: suggestOnSharedText, ready: (p) => expect(p.getByTestId('suggestions-accept-all')).toBeVisible() },
  { name: 'report-history', path: sharedReport, open: compareSharedVersion, ready: (p) => expect(p.getByTestId('history-diff')).toBeVisible() },
  { name: 'image', path: '/image', ready: (p) => expect(p.locator('.image-page')).toBeVisible() },
  { name: 'anime', path: '/anime-chara', ready: (p) => expect(p.locator('.anime-page')).toBeVisible() },
  { name: 'anime-generate', path: '/anime-chara', open: openGenerate, ready: (p) => expect(p.locator('.ag-main')).toBeVisible() },
  {
    name: 'outline',
    path: '/anime-chara',
    open: async (p) => {
      await openGenerate(p);
      await p.locator('.ag-header .btn').click();
    },
    ready: (p) => expect(p.getByRole('dialog').getByRole('tablist')).toBeVisible(),
  },
  { name: 'assistant', path: '/', open: (p) => p.getByTestId('assistant-fab').click(), ready: (p) => expect(p.getByTestId('assistant-panel').getByRole('tablist')).toBeVisible() },
  { name: 'settings', path: '/', open: (p) => p.getByTestId('open-settings').click(), ready: (p) => expect(p.getByRole('dialog').getByRole('tablist')).toBeVisible() },
  { name: 'charge', path: '/charge', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'account', path: '/account', signedIn: true, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'sign-in', path: '/login', ready: (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible() },
  { name: 'terms', path: '/terms', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'not-found', path: '/no-such-page', ready: (p) => expect(p.getByTestId('not-found')).toBeVisible() },
  { name: 'document-not-found', path: '/writing?screen=writing&doc=00000000-0000-4000-8000-000000000000', ready: (p) => expect(p.getByTestId('not-found')).toBeVisible() },
  { name: 'installers', path: '/installers', ready: (p) => expect(p.getByRole('tab').first()).toBeVisible() },
  { name: 'design-system', path: '/design-system', ready: (p) => expect(p.getByRole('tab').first()).toBeVisible() },
];

const only = process.env.SCREENS?.split(',');
const SCREENS = only ? ALL_SCREENS.filter((s) => only.includes(s.name)) : ALL_SCREENS;

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(size, () => {
    test.use({ viewport, isMobile: size === 'phone', hasTouch: size === 'phone' || size === 'tablet' });
    for (const lang of LANGUAGES) {
      test(lang, async ({ page }) => {
        test.setTimeout(180_000);
        const dir = `docs/screenshots/${size}/${lang}`;
        mkdirSync(dir, { recursive: true });
        const me = await signUpViaApi(page, 'shots');
        for (const screen of SCREENS) {
          const path = typeof screen.path === 'string' ? screen.path : await screen.path(page, me);
          const url = `${path}${path.includes('?') ? '&' : '?'}lng=${lang}`;
          await page.goto(url);
          await screen.open?.(page);
          await screen.ready(page);
          await page.waitForLoadState('networkidle');
          expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${screen.name} fits ${size}`).toBeLessThanOrEqual(viewport.width);
          // Opening animations finished (a panel was caught half faded in), endless ones stopped.
          await page.screenshot({ path: `${dir}/${screen.name}.jpg`, type: 'jpeg', quality: 55, animations: 'disabled' });
        }
      });
    }
  });
}
