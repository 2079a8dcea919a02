import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_MODEL } from './e2e-model';

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

/** The live editor of a shared document (CodeMirror's content element). */
export const liveEditor = (page: Page) => page.getByTestId('live-editor');

/** Selects `text` in the live editor by finding it in the document (CodeMirror keeps the DOM selection in step). */
export async function selectText(page: Page, text: string) {
  await liveEditor(page).evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not in the editor`);
  }, text);
}

/** The shared text as the live editor shows it, without the others' cursor widgets (caret, name label, word joiners). */
export const liveText = (page: Page) =>
  liveEditor(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    // Others' carets and proposed (not yet accepted) suggestions are drawn in the editor but are not its text.
    copy.querySelectorAll('.cm-ySelectionCaret, .cm-widgetBuffer, .cm-suggest-ins').forEach((n) => n.remove());
    return (copy.textContent ?? '').replace(/\u2060/g, '');
  });

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}

/** The mails the server wrote to its outbox (DATA_DIR/mail, no SMTP configured) for `to`, oldest first. */
export async function outboxMails(to: string): Promise<ParsedMail[]> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address?.toLowerCase() === to.toLowerCase()));
}

/** Waits for the `nth` mail to `to` with a link to `path` (e.g. /verify-email) and answers the link's path and query. */
export async function mailedLink(to: string, path: string, nth = 1): Promise<string> {
  const pattern = new RegExp(`${path}\\?token=[A-Za-z0-9_-]{43}`);
  let links: string[] = [];
  // Only mails carrying such a link count: mails are written in the background, so their order across kinds is not fixed.
  await expect
    .poll(
      async () => {
        links = (await outboxMails(to)).map((m) => pattern.exec(m.text ?? '')?.[0]).filter((l): l is string => !!l);
        return links.length;
      },
      { message: `${path} link ${nth} to ${to}` },
    )
    .toBeGreaterThanOrEqual(nth);
  return links[nth - 1]!;
}

/** A page signed in as the ADMIN_EMAILS admin of the e2e server, its address verified through the mailed link. */
export async function signInAdmin(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  const admin = { ...newAccount('admin'), email: 'admin@e2e.test' };
  let res = await page.request.post('/api/auth/signup', { data: admin });
  if (res.status() === 201) {
    const link = await mailedLink(admin.email, '/verify-email');
    const token = new URL(link, 'http://x').searchParams.get('token');
    expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  } else {
    res = await page.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  }
  const { token } = await res.json();
  // Another worker may have signed the admin up a moment ago and not opened the link yet.
  await expect.poll(async () => (await (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).json()).role).toBe('admin');
  await page.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  return page;
}

/**
 * Waits until every finite animation and transition on the page has ended (spinners and skeletons loop for ever
 * and are left alone). A dialog pops in over 160 ms, part-transparent and slightly scaled: contrast and boxes
 * measured then are not the ones a user sees.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe's serious and critical findings on the page (or inside the given selectors), as "rule: target" lines. */
export async function seriousViolations(page: Page, ...include: string[]): Promise<string[]> {
  await animationsDone(page);
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

/**
 * Picks the suite's fake model (a provider the server reaches over HTTP, e2e/serve.ts) in the assistant's Models
 * tab, as a user picks a model; the choice is kept for the page's later visits. Leaves the assistant closed on its Chat tab.
 */
export async function pickE2eModel(page: Page) {
  await page.getByTestId('assistant-fab').click();
  const panel = page.getByTestId('assistant-panel');
  await panel.getByRole('tab', { name: 'Models' }).click();
  await panel.getByRole('button', { name: `Select Model: ${E2E_MODEL}` }).click();
  await expect(panel.getByTestId(`model-${E2E_MODEL}`).getByRole('button')).toHaveText('Selected');
  await panel.getByRole('tab', { name: 'Chat' }).click(); // the assistant opens again where it was left
  await panel.getByTestId('assistant-minimize').click();
  await expect(panel).toBeHidden();
}
