import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpViaApi } from './support';

/** A fresh browser context signed in as a new account (made through the API). */
async function person(browser: Browser, prefix: string): Promise<{ page: Page; account: Awaited<ReturnType<typeof signUpViaApi>> }> {
  const page = await (await browser.newContext()).newPage();
  return { page, account: await signUpViaApi(page, prefix) };
}

async function reportEditor(page: Page, url = '/writing?screen=report') {
  await page.goto(url);
  await expect(page.getByTestId('report-screen')).toBeVisible({ timeout: 30_000 });
  return page.getByPlaceholder('Start writing your scientific report...');
}

/** The live editor of a shared document (CodeMirror's content element). */
const liveEditor = (page: Page) => page.getByTestId('live-editor');

/** The shared text as the editor shows it, without the others' cursor widgets (caret, name label, word joiners). */
const liveText = (page: Page) =>
  liveEditor(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.cm-ySelectionCaret, .cm-widgetBuffer').forEach((n) => n.remove());
    return (copy.textContent ?? '').replace(/\u2060/g, '');
  });

test('share a report, edit it together live with cursors and presence, downgrade to viewer, share by link', async ({ browser }) => {
  const owner = await person(browser, 'own');
  const member = await person(browser, 'mem');
  const editor = await reportEditor(owner.page);
  await editor.fill('The owner wrote this shared report.');
  await expect(owner.page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

  await owner.page.getByRole('button', { name: 'Share' }).click();
  const dialog = owner.page.getByTestId('share-dialog');
  await dialog.getByLabel('E-mail address').fill(member.account.email);
  await dialog.getByLabel('Role for the invitation').selectOption('editor');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByTestId('share-member')).toContainText(member.account.username);
  await owner.page.keyboard.press('Escape');

  // The member finds it under "Shared with me" and opens it live.
  await reportEditor(member.page);
  await member.page.getByRole('button', { name: /^Reports:/ }).click();
  const shared = member.page.getByTestId('shared-with-me');
  await expect(shared).toContainText(owner.account.username);
  await shared.getByRole('button').first().click();
  await expect.poll(() => liveText(member.page), { timeout: 30_000 }).toBe('The owner wrote this shared report.');
  await expect(member.page.getByTestId('live-status')).toHaveText('Live');

  // The owner, reopening it now that it is shared, edits it live too: both are in the presence list.
  await owner.page.reload();
  await expect.poll(() => liveText(owner.page), { timeout: 30_000 }).toBe('The owner wrote this shared report.');
  for (const page of [owner.page, member.page]) {
    await expect(page.getByRole('group', { name: 'People editing now' }).getByRole('listitem')).toHaveCount(2);
  }

  // Keystrokes reach the other side, and the preview follows the shared text.
  await liveEditor(member.page).click();
  await member.page.keyboard.press('Control+End');
  await member.page.keyboard.type(' Edited by the member.');
  await expect.poll(() => liveText(owner.page)).toBe('The owner wrote this shared report. Edited by the member.');
  await expect(owner.page.getByTestId('report-preview')).toContainText('Edited by the member.');
  // The member's cursor shows in the owner's editor with their name.
  await expect(owner.page.locator('.cm-ySelectionInfo')).toHaveText(member.account.username);
  await liveEditor(owner.page).click();
  await owner.page.keyboard.press('Control+Home');
  await owner.page.keyboard.type('Now: ');
  await expect.poll(() => liveText(member.page)).toBe('Now: The owner wrote this shared report. Edited by the member.');

  // Made a viewer while the document is open: the member's editor turns read only at once.
  await owner.page.getByRole('button', { name: 'Share' }).click();
  await dialog.getByLabel(`Role of ${member.account.username}`).selectOption('viewer');
  await expect(owner.page.getByText('Role changed.')).toBeVisible();
  await expect(liveEditor(member.page)).toHaveAttribute('contenteditable', 'false');
  await member.page.keyboard.type(' extra');
  await expect.poll(() => liveText(member.page)).toBe('Now: The owner wrote this shared report. Edited by the member.');

  // A link: a third account follows it and lands on the live document.
  await dialog.getByLabel('Role for a new link').selectOption('commenter');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-link-url').inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  const third = await person(browser, 'third');
  await third.page.goto(new URL(url).pathname);
  await expect(third.page.getByTestId('report-screen')).toBeVisible({ timeout: 30_000 });
  await expect(third.page).toHaveURL(/screen=report&doc=/);
  await expect.poll(() => liveText(third.page), { timeout: 30_000 }).toBe('Now: The owner wrote this shared report. Edited by the member.');
  await expect(liveEditor(third.page)).toHaveAttribute('contenteditable', 'false');

  // Removed: the member is told, in words, and the editor stays read only.
  await dialog.getByRole('button', { name: `Remove ${member.account.username}` }).click();
  await expect(member.page.getByTestId('live-refused')).toHaveText('The owner removed your access to this document. Your copy here is read only.');
});
