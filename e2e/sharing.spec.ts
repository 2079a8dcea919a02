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

test('share a report with an editor, downgrade to viewer, and share by link', async ({ browser }) => {
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

  // The member finds it under "Shared with me" and reads the owner's text.
  await reportEditor(member.page);
  await member.page.getByRole('button', { name: /^Reports:/ }).click();
  const shared = member.page.getByTestId('shared-with-me');
  await expect(shared).toContainText(owner.account.username);
  await shared.getByRole('button').first().click();
  const memberEditor = member.page.getByPlaceholder('Start writing your scientific report...');
  await expect(memberEditor).toHaveValue('The owner wrote this shared report.');

  // Made a viewer: after a reload, typing changes nothing.
  await dialog.getByLabel(`Role of ${member.account.username}`).selectOption('viewer');
  await expect(owner.page.getByText('Role changed.')).toBeVisible();
  await member.page.reload();
  await expect(memberEditor).toHaveValue('The owner wrote this shared report.', { timeout: 30_000 });
  await memberEditor.press('End');
  await memberEditor.pressSequentially(' extra');
  await expect(memberEditor).toHaveValue('The owner wrote this shared report.');

  // A link: a third account follows it and lands on the document.
  await dialog.getByLabel('Role for a new link').selectOption('commenter');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-link-url').inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  const third = await person(browser, 'third');
  await third.page.goto(new URL(url).pathname);
  await expect(third.page.getByTestId('report-screen')).toBeVisible({ timeout: 30_000 });
  await expect(third.page).toHaveURL(/screen=report&doc=/);
  await expect(third.page.getByPlaceholder('Start writing your scientific report...')).toHaveValue('The owner wrote this shared report.');
});
