import { expect, test, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canRunPostgres, startCluster } from '../apps/server/test/pg-cluster';
import { freePort, startServer, stopServer } from './servers';
import { liveEditor, liveText, shot, signUpViaApi } from './support';

// Live co-editing as deployed behind a load balancer: two server processes on one PostgreSQL, each person's
// browser on a different one. Their Yjs updates and cursors meet only through PostgreSQL (LISTEN/NOTIFY).

test.skip(!canRunPostgres, 'needs initdb and postgres on this machine');

const LIMITS = { API_RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' };

async function personOn(browser: Browser, baseURL: string, prefix: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, account: await signUpViaApi(page, prefix) };
}

test('two browsers on two server processes edit one report: text and cursors meet, and offline typing merges without a lost keystroke', async ({ browser }) => {
  const cluster = await startCluster();
  const dirs = [mkdtempSync(join(tmpdir(), 'yumi-e2e-a-')), mkdtempSync(join(tmpdir(), 'yumi-e2e-b-'))];
  const [portA, portB] = [await freePort(), await freePort()];
  const env = { ...LIMITS, DATABASE_URL: cluster.url };
  const servers = await Promise.all([startServer(portA, dirs[0]!, env), startServer(portB, dirs[1]!, env)]);
  try {
    const owner = await personOn(browser, `http://127.0.0.1:${portA}`, 'pown');
    const member = await personOn(browser, `http://127.0.0.1:${portB}`, 'pmem');
    const headers = { authorization: `Bearer ${owner.account.token}` };
    const made = await owner.page.request.post('/api/documents', { headers, data: { title: 'Field notes', content: 'Both processes see this.', kind: 'report' } });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await owner.page.request.post(`/api/documents/${id}/shares`, { headers, data: { email: member.account.email, role: 'editor' } })).status()).toBe(201);

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
    for (const { page } of [owner, member]) await expect(page.getByRole('group', { name: 'People editing now' }).getByRole('listitem')).toHaveCount(2);

    // The member loses the network and both keep typing: the member sees that it is offline, with its edits waiting.
    await member.context.setOffline(true);
    await expect(member.page.getByTestId('live-status')).toHaveText(/^Offline: edits kept here/);
    await member.page.keyboard.type('offline words ');
    await expect(member.page.getByTestId('live-status')).toHaveText(/edits? to send$/);
    await shot(member.page, 'live-offline-pending');
    await owner.page.keyboard.type(' Online words.');
    await expect.poll(() => liveText(owner.page)).toBe('B: Both processes see this. Owner on A. Online words.');
    expect(await liveText(member.page)).toBe('B: offline words Both processes see this. Owner on A.');

    // Back online: both sides have every keystroke of both.
    await member.context.setOffline(false);
    const merged = 'B: offline words Both processes see this. Owner on A. Online words.';
    for (const { page } of [owner, member]) await expect.poll(() => liveText(page), { timeout: 20_000 }).toBe(merged);
    await expect(member.page.getByTestId('live-status')).toHaveText('Live');

    // And the text both processes store is that one: a reload on either reads it.
    for (const { page } of [owner, member]) {
      await page.reload();
      await expect.poll(() => liveText(page), { timeout: 30_000 }).toBe(merged);
    }
    await owner.context.close();
    await member.context.close();
  } finally {
    await Promise.all(servers.map(stopServer));
    await cluster.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
