import { expect, test, type Browser, type Page } from '@playwright/test';
import { liveEditor, liveText, outboxMails, pickE2eModel, selectText, shot, signUpViaApi } from './support';

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
  // A commenter by link suggests: what they type is proposed, never written into the text.
  await expect(third.page.getByTestId('suggest-toggle')).toHaveAttribute('aria-pressed', 'true');

  // Removed: the member is told, in words, and the editor stays read only.
  await dialog.getByRole('button', { name: `Remove ${member.account.username}` }).click();
  await expect(member.page.getByTestId('live-refused')).toHaveText('The owner removed your access to this document. Your copy here is read only.');
});

/** A document the owner made and shared through the API (the sharing flow itself is the test above). */
async function sharedDocument(owner: Awaited<ReturnType<typeof person>>, content: string, members: { email: string; role: 'viewer' | 'commenter' | 'editor' }[]) {
  const headers = { authorization: `Bearer ${owner.account.token}` };
  const made = await owner.page.request.post('/api/documents', { headers, data: { title: 'Lab report', content, kind: 'report' } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  for (const m of members) expect((await owner.page.request.post(`/api/documents/${id}/shares`, { headers, data: m })).status()).toBe(201);
  return `/writing?screen=report&doc=${id}`;
}

test('comment on shared text: a thread stays on its words while others edit, replies, @mention mail, resolve and reopen, a viewer only reads', async ({ browser }) => {
  const owner = await person(browser, 'cown');
  const commenter = await person(browser, 'ccom');
  const viewer = await person(browser, 'cview');
  const url = await sharedDocument(owner, 'Yields rose in the second plot after watering.', [
    { email: commenter.account.email, role: 'commenter' },
    { email: viewer.account.email, role: 'viewer' },
  ]);
  await reportEditor(owner.page, url);
  await reportEditor(commenter.page, url);
  for (const p of [owner.page, commenter.page]) await expect.poll(() => liveText(p), { timeout: 30_000 }).toBe('Yields rose in the second plot after watering.');

  // The commenter cannot change the text (what they type becomes a suggestion), and comments on a selection.
  await expect(commenter.page.getByTestId('suggest-toggle')).toHaveAttribute('aria-pressed', 'true');
  await liveEditor(commenter.page).click();
  await selectText(commenter.page, 'second plot');
  await commenter.page.getByRole('button', { name: 'Comment', exact: true }).click();
  const panel = commenter.page.getByTestId('comments-panel');
  await panel.getByLabel('New comment').fill('Which plot is the second one? ');
  await panel.getByRole('button', { name: `@${owner.account.username}` }).click();
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(commenter.page.getByText(`Mailed ${owner.account.username}.`)).toBeVisible();
  await expect(panel.getByTestId('comment-thread')).toContainText(`Which plot is the second one? @${owner.account.username}`);
  await expect.poll(async () => (await outboxMails(owner.account.email)).find((m) => m.subject?.includes('mentioned you'))?.text ?? '').toContain('Which plot is the second one?');

  // The owner sees it arrive without reloading, highlighted on its words; edits before and inside keep it there.
  await expect(owner.page.getByTestId('comments-toggle')).toHaveText(/Comments \(1\)/);
  await expect(owner.page.locator('.cm-comment')).toHaveText('second plot');
  await liveEditor(owner.page).click();
  await owner.page.keyboard.press('Control+Home');
  await owner.page.keyboard.type('In 2026, ');
  await expect.poll(() => liveText(commenter.page)).toBe('In 2026, Yields rose in the second plot after watering.');
  await expect(commenter.page.locator('.cm-comment')).toHaveText('second plot');
  await expect(owner.page.locator('.cm-comment')).toHaveText('second plot');

  // Clicking the highlight opens the thread; the owner replies and resolves it.
  await owner.page.locator('.cm-comment').click();
  const ownerPanel = owner.page.getByTestId('comments-panel');
  const thread = ownerPanel.getByTestId('comment-thread');
  await expect(thread).toHaveClass(/active/);
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await thread.getByLabel('Reply').fill('The one by the river.');
  await thread.getByLabel('Reply').press('Control+Enter');
  await expect(thread.getByTestId('comment')).toHaveCount(2);
  await expect(panel.getByTestId('comment').nth(1)).toHaveText(/The one by the river\./);
  await shot(owner.page, 'comments-thread');
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(owner.page.locator('.cm-comment')).toHaveCount(0);
  await expect(ownerPanel.getByText('No open comments.')).toBeVisible();
  await ownerPanel.getByRole('radio', { name: 'Resolved (1)' }).click();
  await expect(ownerPanel.getByTestId('comment-thread')).toContainText(`Resolved by ${owner.account.username}`);
  await ownerPanel.getByRole('button', { name: 'Reopen' }).click();
  await expect(owner.page.locator('.cm-comment')).toHaveText('second plot');

  // A viewer reads the thread but has nothing to write with.
  await reportEditor(viewer.page, url);
  await viewer.page.getByTestId('comments-toggle').click();
  const viewerPanel = viewer.page.getByTestId('comments-panel');
  await expect(viewerPanel.getByTestId('comment')).toHaveCount(2);
  await expect(viewer.page.getByRole('button', { name: 'Comment', exact: true })).toHaveCount(0);
  await expect(viewerPanel.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
});

test('version history: the text before live editing is kept, a named version is compared with now and restored for everyone', async ({ browser }) => {
  const owner = await person(browser, 'hown');
  const editor = await person(browser, 'hedi');
  const url = await sharedDocument(owner, 'The first draft.', [{ email: editor.account.email, role: 'editor' }]);
  for (const p of [owner.page, editor.page]) {
    await reportEditor(p, url);
    await expect.poll(() => liveText(p), { timeout: 30_000 }).toBe('The first draft.');
  }

  // The editor types live; the owner names the text of now.
  await liveEditor(editor.page).click();
  await editor.page.keyboard.press('Control+End');
  await editor.page.keyboard.type(' With results.');
  await expect.poll(() => liveText(owner.page)).toBe('The first draft. With results.');
  await owner.page.getByTestId('history-toggle').click();
  const panel = owner.page.getByTestId('history-panel');
  await panel.getByLabel('Name for the text as it is now').fill('Before the rewrite');
  await panel.getByRole('button', { name: 'Save version' }).click();
  await expect(owner.page.getByText('Saved the version “Before the rewrite”.')).toBeVisible();
  const versions = panel.getByTestId('history-version');
  await expect(versions.first()).toContainText('Before the rewrite');
  await expect(versions.first()).toContainText(`Edited by ${editor.account.username}`);
  await expect(versions.last()).toContainText('The text before live editing');

  // More live edits, then the owner compares the named version with now and restores it.
  await editor.page.keyboard.press('Control+Home');
  await editor.page.keyboard.type('Rewritten: ');
  await expect.poll(() => liveText(owner.page)).toBe('Rewritten: The first draft. With results.');
  await versions.first().click();
  await expect(panel.getByTestId('history-diff').locator('del')).toHaveText('Rewritten: ');
  await shot(owner.page, 'history-compare');
  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await expect(owner.page.getByText('Restored “Before the rewrite”. The text it replaced is kept as a version.')).toBeVisible();
  for (const p of [owner.page, editor.page]) await expect.poll(() => liveText(p)).toBe('The first draft. With results.');
  await expect(versions.first()).toContainText(`Restored by ${owner.account.username}`);
  // The text it replaced is a version of its own, just below the restore.
  await versions.nth(1).click();
  await expect(panel.getByTestId('history-diff').locator('ins')).toHaveText('Rewritten: ');
});

test('suggest changes: a commenter proposes inline in their colour, the owner rejects one and accepts the rest, an editor suggests and accepts their own', async ({ browser }) => {
  const owner = await person(browser, 'sown');
  const commenter = await person(browser, 'scom');
  const start = 'The samples were heated to 80 degrees for ten minutes.';
  const url = await sharedDocument(owner, start, [{ email: commenter.account.email, role: 'commenter' }]);
  await reportEditor(owner.page, url);
  await reportEditor(commenter.page, url);
  for (const p of [owner.page, commenter.page]) await expect.poll(() => liveText(p), { timeout: 30_000 }).toBe(start);

  // A commenter always suggests: typing over a selection strikes it and proposes the new words after it.
  const toggle = commenter.page.getByTestId('suggest-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toBeDisabled();
  await liveEditor(commenter.page).click();
  await selectText(commenter.page, 'ten');
  await commenter.page.keyboard.type('fifteen');
  await expect(commenter.page.locator('.cm-suggest-del')).toHaveText('ten');
  await expect(commenter.page.locator('.cm-suggest-ins')).toHaveText('fifteen');
  // An insertion at the end, and a deletion with Backspace over a selection.
  await commenter.page.keyboard.press('Control+End');
  await commenter.page.keyboard.type(' Then cooled.');
  await selectText(commenter.page, ' to 80 degrees');
  await commenter.page.keyboard.press('Backspace');
  await expect(commenter.page.locator('.cm-suggest-del')).toHaveText([' to 80 degrees', 'ten']);

  // Nothing changed the text; the owner sees all three inline, in the commenter's colour, and as threads.
  await expect(owner.page.locator('.cm-suggest-ins')).toHaveText(['fifteen', ' Then cooled.']);
  await expect(owner.page.locator('.cm-suggest-del')).toHaveCount(2);
  for (const p of [owner.page, commenter.page]) expect(await liveText(p)).toBe(start);
  const colour = (p: Page) => p.locator('.cm-suggest-ins').first().evaluate((el) => getComputedStyle(el).getPropertyValue('--suggest'));
  expect(await colour(owner.page)).toBe(await colour(commenter.page));
  await owner.page.getByTestId('comments-toggle').click();
  const panel = owner.page.getByTestId('comments-panel');
  await expect(panel.getByTestId('suggestion-thread')).toHaveCount(3);
  await expect(panel.getByText('3 open suggestions')).toBeVisible();
  await shot(owner.page, 'report-suggestions');

  // Rejecting the deletion leaves the text; accepting all applies the other two for everyone.
  await owner.page.locator('.cm-suggest-del', { hasText: 'to 80 degrees' }).click();
  await panel.locator('[data-testid="suggestion-thread"].active').getByTestId('suggestion-reject').click();
  await expect(owner.page.locator('.cm-suggest-del')).toHaveCount(1);
  await panel.getByTestId('suggestions-accept-all').click();
  await expect(owner.page.getByText('Accepted 2 suggestions.')).toBeVisible();
  const accepted = 'The samples were heated to 80 degrees for fifteen minutes. Then cooled.';
  for (const p of [owner.page, commenter.page]) await expect.poll(() => liveText(p)).toBe(accepted);
  await expect(commenter.page.locator('.cm-suggest-ins, .cm-suggest-del')).toHaveCount(0);
  await panel.getByRole('radio', { name: 'Resolved (3)' }).click();
  await expect(panel.getByText(`Rejected by ${owner.account.username}`)).toBeVisible();
  await expect(panel.getByText(`Accepted by ${owner.account.username}`)).toHaveCount(2);

  // The owner, an editor, switches to suggesting: the proposal reaches the commenter as a thread, and the owner accepts it.
  await owner.page.getByTestId('suggest-toggle').click();
  await liveEditor(owner.page).click();
  await owner.page.keyboard.press('Control+End');
  await owner.page.keyboard.type(' (n = 3)');
  await expect(owner.page.locator('.cm-suggest-ins')).toHaveText(' (n = 3)');
  await owner.page.getByTestId('suggest-toggle').click();
  await panel.getByRole('radio', { name: /Open/ }).click();
  await expect(panel.getByTestId('suggestion-thread')).toHaveCount(1);
  await expect(commenter.page.getByTestId('comments-toggle')).toHaveText(/Comments \(1\)/);
  // Drawn inline for the commenter too, beside (not instead of) the owner's one caret.
  await expect(commenter.page.locator('.cm-suggest-ins')).toHaveText(' (n = 3)');
  await expect(commenter.page.locator('.cm-ySelectionCaret')).toHaveCount(1);
  expect(await liveText(commenter.page)).toBe(accepted);
  await panel.getByTestId('suggestion-accept').click();
  for (const p of [owner.page, commenter.page]) await expect.poll(() => liveText(p)).toBe(`${accepted} (n = 3)`);
});

test('Generate Versions on a shared report keeps the text it replaces as a named version in History', async ({ browser }) => {
  const owner = await person(browser, 'gown');
  const editor = await person(browser, 'gedit');
  const start = 'Growth was faster in the warm tank.';
  const url = await sharedDocument(owner, start, [{ email: editor.account.email, role: 'editor' }]);
  await reportEditor(owner.page, url);
  await expect.poll(() => liveText(owner.page), { timeout: 30_000 }).toBe(start);
  await pickE2eModel(owner.page);
  await owner.page.getByRole('button', { name: 'Generate Versions', exact: true }).first().click();
  await owner.page.getByRole('region', { name: 'Generate Versions' }).getByRole('button', { name: 'Generate Academic Versions' }).click();
  const versions = owner.page.getByRole('region', { name: 'Versions' });
  await versions.getByRole('button', { name: 'Use this version' }).click();
  await expect(owner.page.getByText('The text before is kept in History as “Before the Main version”.')).toBeVisible();
  await expect.poll(() => liveText(owner.page)).not.toBe(start);
  await owner.page.getByTestId('history-toggle').click();
  const kept = owner.page.getByTestId('history-panel').getByTestId('history-version').filter({ hasText: 'Before the Main version' });
  await expect(kept).toHaveCount(1);
});
