import { expect, test, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canRunPostgres, startCluster } from '../apps/server/test/pg-cluster';
import { canRunRedis, startRedis } from '../apps/server/test/redis-server';
import { freePort, startServer, stopServer } from './servers';
import { liveEditor, liveText, selectText, shot, signUpViaApi } from './support';

// Live co-editing as deployed behind a load balancer: two server processes on one PostgreSQL, the people's
// browsers on different ones. Their Yjs updates and cursors meet only through the relay: PostgreSQL
// LISTEN/NOTIFY, or Redis when REDIS_URL is set. Every test runs on both.

test.skip(!canRunPostgres, 'needs initdb and postgres on this machine');

const LIMITS = {
  API_RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_EMAIL: '1000',
};
const RELAYS = ['LISTEN/NOTIFY', 'Redis'] as const;
type Relay = (typeof RELAYS)[number];

async function personOn(browser: Browser, baseURL: string, prefix: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, account: await signUpViaApi(page, prefix) };
}

/** Two server processes (A and B) on a PostgreSQL cluster of their own, relaying through `relay`, for `run`. */
async function onTwoProcesses(relay: Relay, run: (a: string, b: string) => Promise<void>) {
  const cluster = await startCluster();
  const redis = relay === 'Redis' ? await startRedis() : null;
  const dirs = [mkdtempSync(join(tmpdir(), 'yumi-e2e-a-')), mkdtempSync(join(tmpdir(), 'yumi-e2e-b-'))];
  const [portA, portB] = [await freePort(), await freePort()];
  const env = { ...LIMITS, DATABASE_URL: cluster.url, ...(redis ? { REDIS_URL: redis.url } : {}) };
  const servers = await Promise.all([startServer(portA, dirs[0]!, env), startServer(portB, dirs[1]!, env)]);
  try {
    await run(`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`);
  } finally {
    await Promise.all(servers.map(stopServer));
    await redis?.stop();
    await cluster.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

for (const relay of RELAYS) {
  test.describe(`through ${relay}`, () => {
    test.skip(relay === 'Redis' && !canRunRedis, 'needs redis-server on this machine');

    test('two browsers on two server processes edit one report: text and cursors meet, and offline typing merges without a lost keystroke', async ({
      browser,
    }) => {
      await onTwoProcesses(relay, async (a, b) => {
        const owner = await personOn(browser, a, 'pown');
        const member = await personOn(browser, b, 'pmem');
        const headers = { authorization: `Bearer ${owner.account.token}` };
        const made = await owner.page.request.post('/api/documents', {
          headers,
          data: { title: 'Field notes', content: 'Both processes see this.', kind: 'report' },
        });
        expect(made.status()).toBe(201);
        const { id } = (await made.json()) as { id: string };
        expect(
          (
            await owner.page.request.post(`/api/documents/${id}/shares`, {
              headers,
              data: { email: member.account.email, role: 'editor' },
            })
          ).status(),
        ).toBe(201);

        for (const { page } of [owner, member]) {
          await page.goto(`/writing?screen=report&doc=${id}`);
          await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe('Both processes see this.');
          await expect(page.getByTestId('live-status')).toHaveText('Live');
        }

        // Keystrokes typed on A reach the browser on B, and back; each sees the other's named cursor.
        await liveEditor(owner.page).click();
        await owner.page.keyboard.press('Control+End');
        await owner.page.keyboard.type(' Owner on A.');
        await expect.poll(() => liveText(member.page)).toBe('Both processes see this. Owner on A.');
        await liveEditor(member.page).click();
        await member.page.keyboard.press('Control+Home');
        await member.page.keyboard.type('B: ');
        await expect.poll(() => liveText(owner.page)).toBe('B: Both processes see this. Owner on A.');
        await expect(owner.page.locator('.cm-ySelectionInfo')).toHaveText(member.account.username);
        await expect(member.page.locator('.cm-ySelectionInfo')).toHaveText(owner.account.username);
        for (const { page } of [owner, member])
          await expect(
            page.getByRole('group', { name: 'People editing now' }).getByRole('listitem'),
          ).toHaveCount(2);

        // The member loses the network and both keep typing: the member sees that it is offline, with its edits waiting.
        await member.context.setOffline(true);
        await expect(member.page.getByTestId('live-status')).toHaveText(/^Offline: edits kept here/);
        await member.page.keyboard.type('offline words ');
        await expect(member.page.getByTestId('live-status')).toHaveText(/edits? to send$/);
        if (relay === 'LISTEN/NOTIFY') await shot(member.page, 'live-offline-pending');
        await owner.page.keyboard.type(' Online words.');
        await expect
          .poll(() => liveText(owner.page))
          .toBe('B: Both processes see this. Owner on A. Online words.');
        expect(await liveText(member.page)).toBe('B: offline words Both processes see this. Owner on A.');

        // Back online: both sides have every keystroke of both.
        await member.context.setOffline(false);
        const merged = 'B: offline words Both processes see this. Owner on A. Online words.';
        for (const { page } of [owner, member])
          await expect.poll(() => liveText(page), { timeout: 20_000 }).toBe(merged);
        await expect(member.page.getByTestId('live-status')).toHaveText('Live');

        // And the text both processes store is that one: a reload on either reads it.
        for (const { page } of [owner, member]) {
          await page.reload();
          await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe(merged);
        }
        await owner.context.close();
        await member.context.close();
      });
    });

    test('three browsers on two processes: a comment stays on its words, suggestions are accepted and rejected, a version is restored for all', async ({
      browser,
    }) => {
      await onTwoProcesses(relay, async (a, b) => {
        const owner = await personOn(browser, a, 'town');
        const editor = await personOn(browser, b, 'tedi');
        const commenter = await personOn(browser, b, 'tcom');
        const start = 'The second plot was watered for ten minutes.';
        const headers = { authorization: `Bearer ${owner.account.token}` };
        const made = await owner.page.request.post('/api/documents', {
          headers,
          data: { title: 'Plots', content: start, kind: 'report' },
        });
        expect(made.status()).toBe(201);
        const { id } = (await made.json()) as { id: string };
        for (const [who, role] of [
          [editor, 'editor'],
          [commenter, 'commenter'],
        ] as const) {
          expect(
            (
              await owner.page.request.post(`/api/documents/${id}/shares`, {
                headers,
                data: { email: who.account.email, role },
              })
            ).status(),
          ).toBe(201);
        }
        const people = [owner, editor, commenter];
        for (const { page } of people) {
          await page.goto(`/writing?screen=report&doc=${id}`);
          await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe(start);
        }
        for (const { page } of people)
          await expect(
            page.getByRole('group', { name: 'People editing now' }).getByRole('listitem'),
          ).toHaveCount(3);

        // The commenter (on B) comments on "second plot"; the owner (on A) sees it highlighted without reloading.
        await liveEditor(commenter.page).click();
        await selectText(commenter.page, 'second plot');
        await commenter.page.getByRole('button', { name: 'Comment', exact: true }).click();
        const commenterPanel = commenter.page.getByTestId('comments-panel');
        await commenterPanel.getByLabel('New comment').fill('Which plot is the second one?');
        await commenterPanel.getByRole('button', { name: 'Comment', exact: true }).click();
        await expect(commenterPanel.getByTestId('comment-thread')).toContainText(
          'Which plot is the second one?',
        );
        await expect(owner.page.locator('.cm-comment')).toHaveText('second plot');

        // The owner types on A before the words and the editor on B right after them: the highlight stays put everywhere.
        await liveEditor(owner.page).click();
        await owner.page.keyboard.press('Control+Home');
        await owner.page.keyboard.type('Now: ');
        await liveEditor(editor.page).click();
        await selectText(editor.page, ' was watered');
        await editor.page.keyboard.press('ArrowLeft');
        await editor.page.keyboard.type(' (north)');
        const edited = 'Now: The second plot (north) was watered for ten minutes.';
        for (const { page } of people) await expect.poll(() => liveText(page)).toBe(edited);
        for (const { page } of people) await expect(page.locator('.cm-comment')).toHaveText('second plot');
        // Each sees the two others' named cursors.
        const names = async () =>
          (await commenter.page.locator('.cm-ySelectionInfo').allTextContents()).sort();
        await expect.poll(names).toEqual([owner.account.username, editor.account.username].sort());

        // The commenter suggests twice; the owner on A rejects the insertion and accepts the replacement.
        await liveEditor(commenter.page).click();
        await selectText(commenter.page, 'ten');
        await commenter.page.keyboard.type('fifteen');
        await commenter.page.keyboard.press('Control+End');
        await commenter.page.keyboard.type(' Then dried.');
        await expect(owner.page.locator('.cm-suggest-ins')).toHaveText(['fifteen', ' Then dried.']);
        await expect(editor.page.locator('.cm-suggest-ins')).toHaveText(['fifteen', ' Then dried.']);
        for (const { page } of people) expect(await liveText(page)).toBe(edited);
        await owner.page.getByTestId('comments-toggle').click();
        const ownerPanel = owner.page.getByTestId('comments-panel');
        await owner.page.locator('.cm-suggest-ins', { hasText: 'Then dried.' }).click();
        await ownerPanel
          .locator('[data-testid="suggestion-thread"].active')
          .getByTestId('suggestion-reject')
          .click();
        await expect(editor.page.locator('.cm-suggest-ins')).toHaveText(['fifteen']);
        await expect(ownerPanel.getByTestId('suggestion-thread')).toHaveCount(1);
        await ownerPanel.getByTestId('suggestion-accept').click();
        const accepted = 'Now: The second plot (north) was watered for fifteen minutes.';
        for (const { page } of people) await expect.poll(() => liveText(page)).toBe(accepted);
        for (const { page } of people)
          await expect(page.locator('.cm-suggest-ins, .cm-suggest-del')).toHaveCount(0);
        if (relay === 'Redis') await shot(owner.page, 'live-three-browsers');

        // The owner names this text; the editor on B rewrites the start; the owner restores it for all three.
        await owner.page.getByTestId('history-toggle').click();
        const history = owner.page.getByTestId('history-panel');
        await history.getByLabel('Name for the text as it is now').fill('Checked');
        await history.getByRole('button', { name: 'Save version' }).click();
        await expect(owner.page.getByText('Saved the version “Checked”.')).toBeVisible();
        await liveEditor(editor.page).click();
        await editor.page.keyboard.press('Control+Home');
        await editor.page.keyboard.type('Draft: ');
        for (const { page } of people) await expect.poll(() => liveText(page)).toBe(`Draft: ${accepted}`);
        await history.getByTestId('history-version').first().click();
        await history.getByRole('button', { name: 'Restore this version' }).click();
        for (const { page } of people) await expect.poll(() => liveText(page)).toBe(accepted);
        // The comment on "second plot" is still on its words after all of it.
        for (const { page } of [editor, commenter])
          await expect(page.locator('.cm-comment')).toHaveText('second plot');
        for (const { context } of people) await context.close();
      });
    });
  });
}
