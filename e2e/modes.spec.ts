import { expect, test, type Page } from '@playwright/test';
import { documentSize, openPanel, penStroke, pixel, showLayers, showPanel } from './paint';
import { LOCALES_CACHE } from '../apps/web/src/shared/modes/swProtocol';
import { shot, signUpViaApi } from './support';

// The service worker is blocked in the other specs (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

async function openModes(page: Page) {
  await page.getByRole('button', { name: 'Settings and layout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Offline modes' }).click();
  return dialog;
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** How many records a store of the app's IndexedDB holds; 0 before the app made the database (opening it here would make it empty). */
const stored = (page: Page, database: string, store: string) =>
  page.evaluate(
    async ([database, store]) => {
      if (!(await indexedDB.databases()).some((d) => d.name === database)) return 0;
      const open = indexedDB.open(database);
      const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
      const n = await new Promise<number>((r) => (db.transaction(store).objectStore(store).count().onsuccess = (e) => r((e.target as IDBRequest<number>).result)));
      db.close();
      return n;
    },
    [database, store] as const,
  );

/** First online visit: the worker precaches the shell and the core modes and takes control of the page. */
async function firstVisit(page: Page) {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
    .toBe(true);
  // The translations this page loaded before the worker was in control reach its cache a moment later (the
  // page hands them over): offline before that, the next start waits out the translation retries.
  await expect
    .poll(
      () =>
        page.evaluate(async (cacheName) => {
          const loaded = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/locales/'));
          const kept = new Set((await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname));
          return loaded.length > 0 && loaded.every((p) => kept.has(p));
        }, LOCALES_CACHE),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test.describe('offline', () => {
  test('with nothing installed, the launcher, writing, report and the assistant work offline; other modes say why not', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    await expect(page.getByTestId('stat-modes').locator('.stat-value')).toHaveText('2');

    await page.goto('/writing');
    await expect(page.getByTestId('writing-workspace')).toBeVisible();
    await page.getByTestId('ws-icon-writing').click();
    await expect(page.getByTestId('editor')).toBeVisible();
    await page.goto('/writing?screen=report');
    await expect(page.getByTestId('report-screen')).toBeVisible();
    // Offline engines keep working (math typeset in the browser); what needs the server says why.
    await page.getByPlaceholder('Start writing your scientific report...').fill('# Energy\n\n$E = mc^2$');
    await expect(page.getByTestId('report-preview').getByRole('img', { name: 'E = mc^2' }).locator('svg')).toBeVisible();
    await page.getByRole('button', { name: 'Scientific Search', exact: true }).first().click();
    const search = page.locator('section.tool-panel');
    await expect(search.getByTestId('needs-server-literature')).toContainText('PubMed, arXiv');
    await search.getByLabel('Search query').fill('protein folding');
    await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await page.getByTestId('assistant-fab').click();
    const assistant = page.getByTestId('assistant-panel');
    await expect(assistant).toBeVisible();
    await expect(assistant.getByTestId('needs-server-ai')).toBeVisible();
    // The offline assistant answers in the browser, from the help precached with the shell, with its buttons.
    await assistant.getByLabel('Message to Yumi').fill('How do I export my report as PDF?');
    await assistant.getByRole('button', { name: 'Send' }).click();
    const answer = assistant.getByRole('log').locator('.msg-assistant').last();
    await expect(answer.getByRole('link', { name: 'Open PDF Export' })).toBeVisible();

    // A deep link into a mode that is not installed: a page saying so, never the error screen.
    await page.goto('/image');
    await expect(page.getByTestId('page-unavailable')).toContainText(
      'Image is not installed for offline use',
    );
    await shot(page, 'offline-not-installed');
    await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
  });

  test('install anime with its size and real progress, open it offline, uninstall it', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    const dialog = await openModes(page);
    const writing = dialog.getByTestId('mm-writing');
    await expect(writing).toContainText('Core mode');
    await expect(writing.getByRole('button', { name: 'Uninstall' })).toHaveCount(0);
    const anime = dialog.getByTestId('mm-anime');
    // The size of the build's list for this mode, before anything is downloaded.
    await expect(anime).toContainText(/\d+(\.\d)? (KB|MB) · \d+ files/);
    const files = Number((await anime.textContent())!.match(/· (\d+) files/)![1]);

    const progress: number[] = [];
    await page.exposeFunction('recordProgress', (n: number) => progress.push(n));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="mm-anime"] [role="progressbar"]');
        if (bar)
          (window as unknown as { recordProgress(n: number): void }).recordProgress(
            Number(bar.getAttribute('aria-valuenow')),
          );
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await anime.getByRole('button', { name: 'Install' }).click();
    await expect(anime).toContainText('Installation complete', { timeout: 30_000 });
    await expect(anime).toContainText('Installed');
    expect(progress[0]).toBe(10);
    expect(progress).toContain(50);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    await shot(page, 'modes-installed');
    // Exactly the listed files are in the mode's cache.
    expect(
      await page.evaluate(async () => (await (await caches.open('yumi-mode-anime')).keys()).length),
    ).toBe(files);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('yumi.installedModes')))!)).toEqual([
      'writing',
      'report',
      'anime',
    ]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mode-anime')).toContainText('Installed');

    // Offline: the anime mode opens from the launcher, and again after a reload.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('stat-modes').locator('.stat-value')).toHaveText('3');
    await page.clock.install(); // the 3 s mode-opening delay runs on Playwright's clock
    await page.reload();
    await page.getByTestId('mode-anime').click();
    await page.clock.runFor(3500);
    await expect(page).toHaveURL(/\/anime-chara/);
    await expect(page.getByTestId('anime-upload')).toBeAttached();
    await page.reload();
    await expect(page.getByTestId('anime-upload')).toBeAttached();
    await shot(page, 'anime-offline');
    await page.goto('/');
    await page.getByTestId('mode-image').click();
    await expect(page.getByText('Image is not installed for offline use.')).toBeVisible();
    await context.setOffline(false);

    await page.reload();
    const again = await openModes(page);
    await again.getByTestId('mm-anime').getByRole('button', { name: 'Uninstall' }).click();
    await expect(again.getByTestId('mm-anime').getByRole('button', { name: 'Install' })).toBeVisible();
    await expect.poll(() => cacheNames(page)).not.toContain('yumi-mode-anime');
  });
});

test('signed in: writing and report open offline from this device (deep link, reload), offline edits reach the server, and the assistant merges a chat continued elsewhere', async ({
  page,
  context,
  browser,
}) => {
  test.slow(); // two modes, the assistant and the archive, offline and back
  const account = await signUpViaApi(page, 'offline');
  const auth = { authorization: `Bearer ${account.token}` };
  const created = async (kind: string, content: string, title = `${kind} doc`) =>
    (await (
      await page.request.post('/api/documents', {
        headers: auth,
        data: { title, content, kind },
      })
    ).json()) as { id: string };
  // Older first: the writing screen opens the newest document.
  const oldNotes = await created('writing', 'Notes to throw away.', 'Old notes');
  const shared = await created('report', '# Shared\n\nFirst draft.', 'Shared draft');
  const writing = await created('writing', 'Written online.');
  const report = await created('report', '# Findings\n\nMeasured online.');
  await firstVisit(page);
  // The writing mode copies the user's documents to this device when it lists them.
  await page.goto('/writing?screen=writing');
  await expect(page.getByTestId('editor')).toHaveValue('Written online.');
  await expect.poll(() => stored(page, 'yumi-offline', 'documents')).toBe(4);

  // The assistant: one answer from the server, then one offline from the browser, word by word as the
  // server streams; the archive keeps the conversation with both (checked once back online).
  await page.getByTestId('assistant-fab').click();
  const assistant = page.getByTestId('assistant-panel');
  const answers = assistant.getByRole('log').locator('.msg-assistant');
  const ask = async (n: number) => {
    await assistant.getByLabel('Message to Yumi').fill('How do I export my report as PDF?');
    await assistant.getByRole('button', { name: 'Send' }).click();
    await expect(answers.nth(n).getByRole('link', { name: 'Open PDF Export' })).toBeVisible({ timeout: 20_000 });
  };
  await ask(0);
  await context.setOffline(true);
  await expect(assistant.getByTestId('needs-server-ai')).toBeVisible();
  await page.evaluate(() => {
    const seen: number[] = ((window as unknown as { answerLengths: number[] }).answerLengths = []);
    new MutationObserver(() => seen.push([...document.querySelectorAll('.msg-assistant')].at(-1)?.textContent?.length ?? 0)).observe(
      document.body,
      { subtree: true, childList: true, characterData: true },
    );
  });
  await ask(1);
  const lengths = await page.evaluate(() => new Set((window as unknown as { answerLengths: number[] }).answerLengths).size);
  expect(lengths).toBeGreaterThan(3);
  await page.keyboard.press('Escape');
  // Meanwhile another browser signed in to the account continues the conversation online (from the server's
  // copy, which lacks the answer given offline here).
  const [conversation] = ((await (await page.request.get('/api/chat/archives', { headers: auth })).json()) as { archives: Array<{ id: string }> }).archives;
  const serverTurns = async () =>
    ((await (await page.request.get(`/api/chat/archives/${conversation!.id}`, { headers: auth })).json()) as { messages: Array<{ id: string; role: string; content: string }> }).messages;
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.addInitScript((token) => localStorage.setItem('auth_token', token), account.token);
  await other.goto('/');
  await other.getByTestId('assistant-fab').click();
  const otherAssistant = other.getByTestId('assistant-panel');
  await otherAssistant.getByTestId('assistant-archive').click();
  await otherAssistant.locator('.archive-item').filter({ hasText: 'How do I export my report as PDF?' }).locator('.archive-open').click();
  await expect(otherAssistant.locator('.msg-user')).toHaveCount(1);
  await otherAssistant.getByLabel('Message to Yumi').fill('What can you do?');
  await otherAssistant.getByRole('button', { name: 'Send' }).click();
  await expect.poll(async () => (await serverTurns()).length, { timeout: 20_000 }).toBe(4);
  await elsewhere.close();

  await page.goto(`/writing?screen=report&doc=${report.id}`);
  await expect(page.getByPlaceholder('Start writing your scientific report...')).toHaveValue(
    '# Findings\n\nMeasured online.',
  );
  await page.goto(`/writing?screen=writing&doc=${writing.id}`);
  const editor = page.getByTestId('editor');
  await expect(editor).toHaveValue('Written online.');
  await editor.fill('Written online. Edited offline.');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'offline');
  await page.reload();
  await expect(page.getByTestId('editor')).toHaveValue('Written online. Edited offline.');
  // Deleted offline: gone here at once, deleted on the server when the network returns.
  await page.getByRole('button', { name: /Documents/ }).click();
  const oldRow = page.getByRole('dialog').locator('.doc-item', { hasText: 'Old notes' });
  await oldRow.getByRole('button', { name: 'Delete' }).click();
  await oldRow.getByRole('button', { name: 'Delete' }).click();
  await expect(oldRow).toHaveCount(0);
  await page.keyboard.press('Escape');
  // A report made offline: kept on this device, given its server id when the network returns.
  await page.goto(`/writing?screen=report&doc=${report.id}`);
  const reportEditor = page.getByPlaceholder('Start writing your scientific report...');
  await expect(reportEditor).toHaveValue('# Findings\n\nMeasured online.');
  await page.getByRole('button', { name: /^Reports:/ }).click();
  const reports = page.getByRole('dialog', { name: 'My reports' });
  const sharedRow = reports.locator('.doc-item', { hasText: 'Shared draft' });
  await sharedRow.getByRole('button', { name: 'Delete' }).click();
  await sharedRow.getByRole('button', { name: 'Delete' }).click();
  await expect(sharedRow).toHaveCount(0);
  // Meanwhile another device edits that report: the delete sent later must not take the edit with it.
  expect((await page.request.put(`/api/documents/${shared.id}`, { headers: auth, data: { content: '# Shared\n\nEdited on the laptop.', version: 1 } })).status()).toBe(200);
  await reports.getByRole('button', { name: 'New document' }).click();
  await expect(reportEditor).toHaveValue('');
  await reportEditor.fill('# Train notes\n\nWritten offline.');
  await expect(page.locator('.report-header .badge')).toHaveText('Offline');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  const reportTexts = async () => {
    const { documents } = (await (await page.request.get('/api/documents?kind=report', { headers: auth })).json()) as { documents: { id: string }[] };
    const texts = await Promise.all(documents.map(async (d) => ((await (await page.request.get(`/api/documents/${d.id}`, { headers: auth })).json()) as { content: string }).content));
    return texts.sort();
  };
  await expect(page.getByText('“Shared draft” was changed on another device after you deleted it offline, so it was kept.')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(reportTexts, { timeout: 20_000 })
    .toEqual(['# Findings\n\nMeasured online.', '# Shared\n\nEdited on the laptop.', '# Train notes\n\nWritten offline.']);
  expect((await page.request.get(`/api/documents/${oldNotes.id}`, { headers: auth })).status()).toBe(404);
  await page.getByTestId('assistant-fab').click();
  await assistant.getByTestId('assistant-archive').click();
  const chat = assistant.locator('.archive-item').filter({ hasText: 'How do I export my report as PDF?' });
  await expect(chat).toContainText('Synced');
  await chat.locator('.archive-open').click();
  // Both copies merged, on this device and on the server: every turn once, in the order asked.
  await expect(assistant.locator('.msg-user')).toHaveText(['How do I export my report as PDF?', 'How do I export my report as PDF?', 'What can you do?']);
  await expect(answers).toHaveCount(3);
  await expect(answers.getByRole('link', { name: 'Open PDF Export' })).toHaveCount(2);
  const merged = await serverTurns();
  expect(merged.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  expect(new Set(merged.map((m) => m.id)).size).toBe(6);
  await expect(page.locator('.report-header .badge')).toHaveText('Saved');
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/documents/${writing.id}`, { headers: auth })).json()).content,
      { timeout: 20_000 },
    )
    .toBe('Written online. Edited offline.');
});

test('signed in: after installing anime a character opens offline from its link; edits and a character made offline reach the server', async ({
  page,
  context,
}) => {
  test.slow(); // offline and back four times, a 1536x2048 picture drawn on the device
  const account = await signUpViaApi(page, 'offchar');
  const auth = { authorization: `Bearer ${account.token}` };
  await firstVisit(page);
  // A 64x48 drawing with a red square, saved online as the character's first version.
  const image = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(64, 48);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ff0000';
    g.fillRect(8, 8, 16, 16);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return new Promise<string>((r) => {
      const reader = new FileReader();
      reader.onload = () => r(reader.result as string);
      reader.readAsDataURL(blob);
    });
  });
  const layer = { name: 'Layer 1', visible: true, opacity: 100, blendMode: 'normal', locked: false, image };
  const res = await page.request.post('/api/anime-helper/characters', {
    headers: auth,
    data: { name: 'Aoi', versions: [{ name: 'First', canvasData: { width: 64, height: 48, layers: [layer] } }] },
  });
  expect(res.status()).toBe(201);
  const aoi = (await res.json()) as { id: string };
  const rin = await page.request.post('/api/anime-helper/characters', {
    headers: auth,
    data: { name: 'Rin', versions: [{ name: 'First', canvasData: { width: 64, height: 48, layers: [layer] } }] },
  });
  expect(rin.status()).toBe(201);

  // Installing the mode copies the user's characters and their current drawings to this device.
  const dialog = await openModes(page);
  await dialog.getByTestId('mm-anime').getByRole('button', { name: 'Install' }).click();
  await expect(dialog.getByTestId('mm-anime')).toContainText('Installation complete', { timeout: 30_000 });
  await expect.poll(() => stored(page, 'yumi-offline', 'versions')).toBe(2);

  await context.setOffline(true);
  await page.goto(`/anime-chara?character=${aoi.id}`);
  const title = page.locator('.anime-title');
  await expect(title).toContainText('Aoi');
  const width = async () => (await documentSize(page))[0];
  await expect.poll(width).toBe(64);
  expect(await pixel(page, 10, 10)).toEqual([255, 0, 0, 255]);
  await page.reload();
  await expect(title).toContainText('Aoi');
  await expect.poll(width).toBe(64);

  // Offline: rename, draw and save a version, and make a new character.
  await openPanel(page, 'character-library');
  const library = page.getByRole('region', { name: 'Character library' });
  await library.getByLabel('Character name').fill('Aoi Offline');
  await library.getByRole('button', { name: 'Update name, tags and brief' }).click();
  await expect(library.locator('.an-character-card').filter({ hasText: 'Aoi Offline' })).toContainText('Waiting to sync');
  // Meanwhile another device renames Aoi: the same detail changed on both sides.
  expect((await page.request.patch(`/api/anime-helper/characters/${aoi.id}`, { headers: auth, data: { name: 'Aoi Elsewhere' } })).status()).toBe(200);
  // Deleted offline: gone here at once, deleted on the server when the network returns.
  page.once('dialog', (d) => void d.accept());
  await library.getByRole('button', { name: 'Delete Rin' }).click();
  await expect(library.locator('.an-character-card').filter({ hasText: 'Rin' })).toHaveCount(0);
  await penStroke(page, [[40, 30], [60, 40]]);
  await openPanel(page, 'version-history');
  const versions = page.getByRole('region', { name: 'Version history' });
  await versions.getByLabel('Version name').fill('Drawn offline');
  await versions.getByRole('button', { name: 'Save version' }).click();
  await expect(versions.locator('.an-version-row')).toHaveCount(2);
  await openPanel(page, 'character-library');
  await library.getByLabel('Character name').fill('Kumo');
  await library.getByRole('button', { name: 'Save as new character' }).click();
  await expect(library.locator('.an-character-card').filter({ hasText: 'Kumo' })).toContainText('Waiting to sync');
  await expect(page).toHaveURL(/character=local-/);
  await shot(page, 'anime-offline-characters');

  // Offline, the generator draws on this device (the procedural renderer in a worker, precached with the mode).
  await page.getByRole('radio', { name: 'AI Generate' }).click();
  await expect(page.getByTestId('generate-on-device')).toContainText('procedural renderer on this device');
  await page.getByRole('radio', { name: 'School Uniform' }).click();
  await page.getByRole('button', { name: 'Generate character' }).click();
  const overlay = page.getByRole('dialog', { name: 'Your character' });
  // A 1536x2048 picture drawn and post-processed on the device: seconds on a busy machine.
  await expect(overlay).toContainText('procedural · seed', { timeout: 30_000 });
  // Drawn at twice the size: upscale is on, and vectors are drawn larger rather than resampled.
  const drawn = overlay.locator('img').first();
  await expect.poll(() => drawn.evaluate((el: HTMLImageElement) => `${el.naturalWidth}x${el.naturalHeight}`)).toBe('1536x2048');
  await shot(page, 'anime-offline-generated');
  await overlay.getByRole('button', { name: 'Edit in Creation Mode' }).click();
  await showLayers(page);
  await expect(page.locator('[data-layer="AI Generated"]')).toBeVisible();

  await context.setOffline(false);
  const onServer = async () =>
    ((await (await page.request.get('/api/anime-helper/characters', { headers: auth })).json()) as { name: string; versions: { name: string }[] }[])
      .map((c) => `${c.name}: ${c.versions.map((v) => v.name).join(', ')}`)
      .sort();
  // The drawing and the new character are sent; the name waits for a choice between both sides.
  await expect.poll(onServer, { timeout: 20_000 }).toEqual(['Aoi Elsewhere: First, Drawn offline', 'Kumo: Version 1']);
  // Back from AI Generate, the library panel may have closed.
  if (!(await library.isVisible())) await openPanel(page, 'character-library');
  const clash = library.locator('.an-character-card').filter({ hasText: 'Aoi Offline' });
  await expect(clash).toContainText('Changed elsewhere while you were offline (now “Aoi Elsewhere”)');
  await shot(page, 'anime-offline-conflict');
  await clash.getByRole('button', { name: 'Take the other' }).click();
  await expect(library.locator('.an-character-card').filter({ hasText: 'Aoi Elsewhere' })).not.toContainText('Changed elsewhere');
  // The open character (Kumo) now answers to the id the server gave it.
  await expect(page).toHaveURL(/character=[0-9a-f]{8}-/);
  const kumo = new URL(page.url()).searchParams.get('character')!;
  await expect(library.getByText('Waiting to sync')).toHaveCount(0);

  // Keep mine: Kumo renamed offline here and online elsewhere; this device's name wins when chosen.
  await context.setOffline(true);
  await library.getByLabel('Character name').fill('Kumo Mine');
  await library.getByRole('button', { name: 'Update name, tags and brief' }).click();
  await expect(library.locator('.an-character-card').filter({ hasText: 'Kumo Mine' })).toContainText('Waiting to sync');
  expect((await page.request.patch(`/api/anime-helper/characters/${kumo}`, { headers: auth, data: { name: 'Kumo Theirs' } })).status()).toBe(200);
  await context.setOffline(false);
  const mine = library.locator('.an-character-card').filter({ hasText: 'Kumo Mine' });
  await expect(mine).toContainText('Changed elsewhere while you were offline (now “Kumo Theirs”)', { timeout: 20_000 });
  await mine.getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(onServer, { timeout: 20_000 }).toEqual(['Aoi Elsewhere: First, Drawn offline', 'Kumo Mine: Version 1']);
  await expect(library.getByText('Changed elsewhere')).toHaveCount(0);

  // A sync cut short: back online, the drawing made offline reaches the server, then the network drops before
  // the new name does. Deleted offline after that, Kumo is deleted on the server: what this device sent
  // itself is no change made elsewhere.
  await context.setOffline(true);
  await library.getByLabel('Character name').fill('Kumo Later');
  await library.getByRole('button', { name: 'Update name, tags and brief' }).click();
  await penStroke(page, [[10, 30], [30, 40]]);
  await openPanel(page, 'version-history');
  await versions.getByLabel('Version name').fill('Drawn before the cut');
  await versions.getByRole('button', { name: 'Save version' }).click();
  await expect(versions.locator('.an-version-row')).toHaveCount(2);
  // DevTools holds the page as it is about to ask for Kumo itself (the drawing goes to …/versions first, and
  // its answer has come back): there the network goes down, and the page carries on without it.
  const devtools = await context.newCDPSession(page);
  const character = `/api/anime-helper/characters/${kumo}`;
  await devtools.send('Debugger.enable');
  await devtools.send('DOMDebugger.setXHRBreakpoint', { url: character });
  let drawing = false;
  let cut = false;
  // Every pause's handler, so none is still resuming a page whose session has gone (the breakpoint matches any
  // address containing Kumo's, so the page may pause again while the test moves on).
  const handling = new Set<Promise<void>>();
  devtools.on('Debugger.paused', (event) => {
    const path = event.reason === 'XHR' ? new URL((event.data as { url: string }).url, page.url()).pathname : '';
    const handled = (async () => {
      if (path === `${character}/versions`) drawing = true;
      else if (path === character && drawing && !cut) {
        cut = true;
        await context.setOffline(true);
      }
      await devtools.send('Debugger.resume');
    })();
    handling.add(handled);
    const done = () => void handling.delete(handled);
    void handled.then(done, done);
  });
  await context.setOffline(false);
  await expect.poll(onServer, { timeout: 20_000 }).toEqual(['Aoi Elsewhere: First, Drawn offline', 'Kumo Mine: Version 1, Drawn before the cut']);
  await expect.poll(() => cut).toBe(true);
  // No new pause after the breakpoint's removal is answered (CDP delivers the pauses before it): let the ones
  // already begun resume, then let go of the page.
  await devtools.send('DOMDebugger.removeXHRBreakpoint', { url: character });
  await Promise.all(handling);
  await devtools.send('Debugger.disable');
  await devtools.detach();
  await showPanel(page, 'character-library', library);
  page.once('dialog', (d) => void d.accept());
  await library.getByRole('button', { name: 'Delete Kumo Later' }).click();
  await expect(library.locator('.an-character-card').filter({ hasText: 'Kumo' })).toHaveCount(0);
  await context.setOffline(false);
  await expect.poll(onServer, { timeout: 20_000 }).toEqual(['Aoi Elsewhere: First, Drawn offline']);
  await expect(page.getByText('was changed on another device')).toHaveCount(0);
});

test('signed in: Image Studio installed from the launcher opens offline, shows the pictures on this device, draws new ones in the browser and sends them to the gallery when back online', async ({
  page,
  context,
  browser,
}) => {
  test.slow(); // a server-side picture, an install, offline and back, a 768x1024 picture drawn on the device, a second browser
  const account = await signUpViaApi(page, 'offimg');
  const auth = { authorization: `Bearer ${account.token}` };
  // One picture in the server's gallery, drawn there while online.
  const queued = await page.request.post('/api/anime-chara-helper/generate', {
    headers: auth,
    data: { prompt: 'lighthouse drawn on the server', settings: { provider: 'procedural', width: 128, height: 160 } },
  });
  expect(queued.status()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get('/api/images', { headers: auth })).json()) as { items: unknown[] }).items.length, { timeout: 30_000 })
    .toBe(1);
  await firstVisit(page);
  const dialog = await openModes(page);
  await dialog.getByTestId('mm-image').getByRole('button', { name: 'Install' }).click();
  await expect(dialog.getByTestId('mm-image')).toContainText('Installation complete', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  // Online, the studio keeps a copy of the gallery's newest pictures on this device.
  await page.goto('/image');
  const fromServer = page.getByRole('button', { name: 'Open lighthouse drawn on the server' });
  await expect(fromServer).toBeVisible();
  await expect.poll(() => stored(page, 'yumi-image-gallery', 'pictures')).toBe(1);

  // Offline: from the launcher (its 3 s opening on Playwright's clock), then a reload. The browser's HTTP
  // cache is emptied first, so every file comes from the service worker's caches, as after an eviction.
  await page.goto('/');
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.setOffline(true);
  await page.clock.install();
  await page.reload();
  await page.getByTestId('mode-image').click();
  await page.clock.runFor(3500);
  await expect(page).toHaveURL(/\/image$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Image Studio' })).toBeVisible();
  await expect(fromServer).toBeVisible();

  // Generating draws on this device with Anime's procedural renderer; the picture joins the gallery here.
  await expect(page.getByTestId('generate-on-device')).toContainText('procedural renderer on this device');
  await page.getByLabel('Prompt', { exact: true }).fill('fox girl drawn offline');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Image' });
  await expect(viewer).toContainText('Drawn on this device while offline', { timeout: 30_000 });
  const drawn = viewer.locator('.viewer-image img');
  await expect.poll(() => drawn.evaluate((el: HTMLImageElement) => `${el.naturalWidth}x${el.naturalHeight}`)).toBe('768x1024');
  await shot(page, 'image-offline-generated');
  await viewer.getByRole('button', { name: 'Close' }).click();

  // A deep link opens the studio with both pictures read from this device.
  await page.goto('/image');
  const madeHere = page.getByRole('button', { name: 'Open fox girl drawn offline' });
  await expect(madeHere).toContainText('This device only');
  await expect(fromServer).toBeVisible();
  await expect.poll(() => madeHere.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(768);
  await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);

  // Back online, the picture drawn offline goes to the gallery on the server, free: no trial, no timeshard.
  await context.setOffline(false);
  await expect(page.getByText('1 picture drawn offline was added to your gallery.')).toBeVisible({ timeout: 20_000 });
  await expect(madeHere).not.toContainText('This device only');
  const onServer = (await (await page.request.get('/api/images', { headers: auth })).json()) as { items: Array<{ prompt: string; width: number; cost: number; params: { onDevice?: boolean } }> };
  expect(onServer.items.map((i) => [i.prompt, i.width, i.cost, i.params.onDevice ?? false])).toEqual([
    ['fox girl drawn offline', 768, 0, true],
    ['lighthouse drawn on the server', 256, 0, false],
  ]);
  expect(await (await page.request.get('/api/billing/image-gen-status', { headers: auth })).json()).toMatchObject({ freeTrialsUsed: 1 });
  // Another browser signed in to the account sees it, read from the server.
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  await second.addInitScript((token) => localStorage.setItem('auth_token', token), account.token);
  await second.goto('/image');
  const sent = second.getByRole('button', { name: 'Open fox girl drawn offline' });
  await expect(sent).toBeVisible();
  await expect(sent).not.toContainText('This device only');
  await expect.poll(() => sent.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(768);
  await elsewhere.close();

  // Installed, this device keeps both as copies of the server's pictures; uninstalling Image frees them.
  await expect.poll(() => stored(page, 'yumi-image-gallery', 'pictures')).toBe(2);
  await page.goto('/');
  const modes = await openModes(page);
  await modes.getByTestId('mm-image').getByRole('button', { name: 'Uninstall' }).click();
  await expect(modes.getByTestId('mm-image').getByRole('button', { name: 'Install' })).toBeVisible();
  await expect.poll(() => stored(page, 'yumi-image-gallery', 'pictures')).toBe(0);
  expect(await stored(page, 'yumi-image-gallery', 'files')).toBe(0);
});
