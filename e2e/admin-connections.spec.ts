import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { FakeOllama } from '../apps/server/test/fake-ollama';
import { shot, signInAdmin } from './support';

// An Ollama speaking its real protocol (/api/tags, /api/chat) on this machine, for the server to reach.
let ollama: FakeOllama;
test.beforeAll(async () => {
  ollama = await new FakeOllama().start();
});
test.afterAll(async () => {
  await ollama?.close();
});

test('admins connect an Ollama server, test it, and remove it', async ({ browser }) => {
  // Its own name: the audit log keeps the rows of earlier runs on this server (the stress run repeats each test).
  const name = `Lab Ollama ${randomBytes(2).toString('hex')}`;
  const page = await signInAdmin(browser);
  await page.goto('/admin');
  const section = page.getByTestId('admin-connections');
  await expect(section.getByRole('heading', { name: 'Connections' })).toBeVisible();

  await section.getByLabel('Provider').selectOption('ollama');
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section.getByText('Enter the address of the server.')).toBeVisible();
  await section.getByLabel('Name').fill(name);
  await section.getByLabel('Server address', { exact: true }).fill(ollama.url);
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  const row = section.getByTestId('connection-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByLabel('Model to test').locator('option')).toHaveText(['llama3.2:1b', 'qwen2.5:7b']);

  await row.getByRole('button', { name: 'Test' }).click();
  await expect(row.getByRole('status')).toContainText(/llama3\.2:1b answered in \d+ ms: “Hello from Ollama\.”/);
  // Everyone can now pick its models.
  const models = (await (await page.request.get('/api/models')).json()) as { models: Array<{ id: string; provider: string; available: boolean }> };
  expect(models.models.filter((m) => m.provider === 'ollama').map((m) => m.id)).toEqual(['llama3.2:1b', 'qwen2.5:7b']);
  await shot(page, 'admin-connections');

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('admin-audit').getByRole('row').filter({ hasText: `Removed the connection “${name}”` })).toBeVisible();
  await page.close();
});
