import { expect, test, type Page } from '@playwright/test';
import { newAccount, pickE2eModel, seriousViolations, shot, signUpViaApi } from './support';

/** Opens the writing workspace on a clean slate (no stored positions, documents or view). */
async function openWorkspace(page: Page) {
  await page.goto('/writing');
  await expect(page.getByTestId('writing-workspace')).toBeVisible();
}

async function openWriting(page: Page) {
  await openWorkspace(page);
  await page.getByTestId('ws-icon-writing').click();
  await expect(page.getByTestId('writing-screen')).toBeVisible();
  await expect(page.getByTestId('editor')).toBeVisible();
}

async function openTool(page: Page, id: string) {
  await page.locator(`[data-tool="${id}"]`).click();
  await expect(page.locator(`[data-panel="${id}"]`)).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  // External share sites are never contacted from tests: a blank page stands in for them.
  await context.route(/^https:\/\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>external site</p>' }));
});

test.describe('writing workspace', () => {
  test('icons drag inside the margin, remember their place, and a click opens the helper', async ({ page }) => {
    await openWorkspace(page);
    await shot(page, 'writing-workspace');
    const icon = page.getByTestId('ws-icon-writing');
    const area = await page.locator('.workspace-area').boundingBox();
    const box = (await icon.boundingBox())!;
    // Drag far beyond the bottom-right corner: the icon stops 200 x 100 px from the edges.
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 60, { steps: 4 });
    await page.mouse.move(area!.x + area!.width + 400, area!.y + area!.height + 400, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('writing-workspace')).toBeVisible(); // a drag does not open the helper
    const moved = (await icon.boundingBox())!;
    expect(Math.round(moved.x - area!.x)).toBe(Math.round(area!.width - 200));
    expect(Math.round(moved.y - area!.y)).toBe(Math.round(area!.height - 100));

    await page.reload();
    const again = (await icon.boundingBox())!;
    expect(Math.round(again.x)).toBe(Math.round(moved.x));
    expect(Math.round(again.y)).toBe(Math.round(moved.y));

    await icon.click();
    await expect(page.getByTestId('writing-screen')).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('ws-icon-report').click();
    await expect(page.getByTestId('writing-workspace')).toBeHidden();
  });

  test('background settings: gradient and opacity apply and persist', async ({ page }) => {
    await openWorkspace(page);
    await page.getByRole('button', { name: 'Background' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Gradient' }).click();
    await dialog.getByRole('button', { name: 'Deep Blue' }).click();
    await dialog.getByLabel(/Opacity/).fill('0.5');
    await expect(dialog.getByText('Opacity: 0.5')).toBeVisible();
    await page.keyboard.press('Escape');
    const layer = page.locator('.workspace > div').first();
    await expect(layer).toHaveCSS('opacity', '0.5');
    expect(await layer.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    await page.reload();
    await expect(page.locator('.workspace > div').first()).toHaveCSS('opacity', '0.5');
  });
});

test.describe('writing helper', () => {
  test('anonymous text survives a reload (IndexedDB) and counts words and characters', async ({ page }) => {
    await openWriting(page);
    const editor = page.getByTestId('editor');
    await editor.fill('The rain fell on the quiet station. #rain');
    await expect(page.getByTestId('word-count')).toHaveText('Words: 8');
    await expect(page.getByTestId('char-count')).toHaveText('Characters: 41');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await page.reload();
    await expect(page.getByTestId('editor')).toHaveValue('The rain fell on the quiet station. #rain');
    await shot(page, 'writing-screen');
  });

  test('documents written before signing in move into the account and stay open', async ({ page }) => {
    await openWriting(page);
    await page.getByTestId('editor').fill('Written before signing in');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    // Unsaved edits held only in the local backup move too.
    await page.getByTestId('editor').fill('Written before signing in, and edited');
    const account = newAccount('mover');
    const res = await page.request.post('/api/auth/signup', { data: account });
    const { token } = await res.json();
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.reload();
    await expect(page.getByText('Moved 1 document from this browser to your account.')).toBeVisible();
    await expect(page.getByTestId('editor')).toHaveValue('Written before signing in, and edited');
    const list = await page.request.get('/api/documents?kind=writing', { headers: { authorization: `Bearer ${token}` } });
    const documents = (await list.json()).documents as Array<{ id: string }>;
    expect(documents).toHaveLength(1);
    const stored = await page.request.get(`/api/documents/${documents[0]!.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await stored.json()).content).toBe('Written before signing in, and edited');
    // Nothing is left behind in this browser, and a second visit moves nothing twice.
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('yumi-writing', 1);
          open.onsuccess = () => {
            const count = open.result.transaction('documents', 'readonly').objectStore('documents').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(left).toBe(0);
    await page.reload();
    await expect(page.getByTestId('editor')).toHaveValue('Written before signing in, and edited');
    const again = await page.request.get('/api/documents?kind=writing', { headers: { authorization: `Bearer ${token}` } });
    expect((await again.json()).documents).toHaveLength(1);
  });

  test('signed in: documents save to the account, open, rename, delete, and reload keeps the text', async ({ page }) => {
    const account = await signUpViaApi(page, 'writer');
    await openWriting(page);
    await page.getByTestId('editor').fill('First document text');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await page.getByRole('textbox', { name: 'Document title' }).fill('My first');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    const list = await page.request.get('/api/documents', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await list.json()).documents[0]).toMatchObject({ title: 'My first', words: 3 });

    await page.getByRole('button', { name: /Documents/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /New document/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('editor')).toHaveValue('');
    await page.getByTestId('editor').fill('Second one');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

    await page.getByRole('button', { name: /Documents/ }).click();
    await expect(dialog.locator('.doc-item')).toHaveCount(2);
    await shot(page, 'writing-documents');
    await dialog.locator('.doc-item', { hasText: 'My first' }).getByRole('button', { name: 'Rename' }).click();
    await dialog.getByRole('textbox', { name: 'Rename' }).fill('Renamed story');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Renamed story')).toBeVisible();
    await dialog.getByText('Renamed story').click();
    await expect(page.getByTestId('editor')).toHaveValue('First document text');

    await page.reload();
    await expect(page.getByTestId('editor')).toHaveValue('First document text');
    await page.getByRole('button', { name: /Documents/ }).click();
    await dialog.locator('.doc-item', { hasText: 'Untitled' }).getByRole('button', { name: 'Delete' }).click();
    await dialog.locator('.btn-danger').click();
    await expect(dialog.locator('.doc-item')).toHaveCount(1);
  });

  test('a second tab cannot silently overwrite: the conflict is shown and resolved', async ({ page, context }) => {
    await signUpViaApi(page, 'tabs');
    await openWriting(page);
    await page.getByTestId('editor').fill('original');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    const other = await context.newPage();
    await other.goto('/writing');
    await other.getByTestId('ws-icon-writing').click().catch(() => undefined);
    await expect(other.getByTestId('editor')).toHaveValue('original');
    await other.getByTestId('editor').fill('from the other tab');
    await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await page.getByTestId('editor').fill('from the first tab');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'conflict');
    // The same words changed in both: both versions side by side; the one not kept is saved as a copy.
    await expect(page.getByTestId('conflict-theirs')).toContainText('from the other tab');
    await page.getByRole('button', { name: "Keep this tab's text" }).click();
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await expect(page.getByText(/was saved as “.* \(other version\)”/)).toBeVisible();
    await other.reload();
    await expect(other.getByTestId('editor')).toHaveValue('from the first tab');
  });

  test('a 5 MB paste is refused with a message and loses nothing', async ({ page }) => {
    await openWriting(page);
    const editor = page.getByTestId('editor');
    await editor.fill('keep me');
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'x'.repeat(5 * 1024 * 1024));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByText(/at most 500,000 characters/)).toBeVisible();
    await expect(editor).toHaveValue('keep me');
  });

  test('sidebar collapses, switches side when dragged across the middle, and a second click closes a tool', async ({ page }) => {
    await openWriting(page);
    const sidebar = page.locator('.tool-sidebar');
    await expect(sidebar).toHaveAttribute('data-side', 'right');
    await openTool(page, 'social');
    await page.locator('[data-tool="social"]').click();
    await expect(page.locator('[data-panel="social"]')).toBeHidden();

    const handle = (await page.getByTestId('sidebar-handle').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x - 50, handle.y + 10, { steps: 3 });
    await page.mouse.move(200, handle.y + 10, { steps: 10 });
    await page.mouse.up();
    await expect(sidebar).toHaveAttribute('data-side', 'left');
    const box = (await sidebar.boundingBox())!;
    expect(box.x).toBeLessThan(640);

    await page.getByRole('button', { name: 'Collapse tools' }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(page.locator('[data-panel="upload"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('.tool-sidebar')).toHaveAttribute('data-side', 'left');
  });
});

test.describe('the ten tools', () => {
  test('social: limits per platform and real share URLs', async ({ page, context }) => {
    await openWriting(page);
    await page.getByTestId('editor').fill('a'.repeat(300));
    await openTool(page, 'social');
    await expect(page.getByTestId('limit-microblog')).toHaveText('300 / 280 characters');
    await expect(page.getByTestId('limit-microblog')).toHaveClass(/over/);
    await expect(page.getByTestId('limit-professional')).toHaveText('300 / 3,000 characters');
    await page.getByTestId('editor').fill('Hello from Yumi & friends');
    const popup = context.waitForEvent('page');
    await page.locator('[data-platform="microblog"]').getByRole('button', { name: 'Share' }).click();
    const opened = await popup;
    expect(opened.url()).toContain('https://x.com/intent/post?text=Hello%20from%20Yumi%20%26%20friends');
    await opened.close();
    await expect(page.getByText('The new tab was blocked')).toHaveCount(0);
    // With a passage selected, only that passage is measured and shared.
    await page.getByTestId('editor').focus();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByText('Sharing the selected text.')).toBeVisible();
    await expect(page.getByTestId('limit-microblog')).toHaveText('5 / 280 characters');
    await shot(page, 'writing-tool-social');
  });

  test('trending: without an instance, anonymous visitors see why the list is empty', async ({ page }) => {
    await openWriting(page);
    await openTool(page, 'trending');
    await expect(page.getByTestId('trend-source')).toHaveText('No public trends');
    await expect(page.getByTestId('trend-none')).toContainText("other people's documents are private");
  });

  test('trending: the offline list comes from the user\'s own documents and a click inserts the tag', async ({ page }) => {
    const account = await signUpViaApi(page, 'trend');
    await page.request.post('/api/documents', { headers: { authorization: `Bearer ${account.token}` }, data: { content: 'Night market #yatai #yatai2026' } });
    await openWriting(page);
    await page.getByTestId('editor').fill('Tonight ');
    await openTool(page, 'trending');
    await expect(page.getByTestId('trend-source')).toHaveText('From your documents, last 7 days');
    await page.getByRole('button', { name: /#yatai2026/ }).click();
    await expect(page.getByTestId('editor')).toHaveValue(/#yatai2026/);
  });

  test('ai-continue offline says a model is needed and points to the Models tab', async ({ page }) => {
    await openWriting(page);
    await page.getByTestId('editor').fill('It was a dark night.');
    await openTool(page, 'ai-continue');
    await page.getByRole('button', { name: /Continue at cursor/ }).click();
    await expect(page.getByText('This needs a language model. Connect one in the Models tab.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the Models tab' })).toBeVisible();
    await expect(page.getByTestId('editor')).toHaveValue('It was a dark night.');
  });

  test('ai-continue streams the model into the editor at the cursor', async ({ page }) => {
    await openWriting(page);
    await pickE2eModel(page);
    await page.getByTestId('editor').fill('It was a dark night.');
    await openTool(page, 'ai-continue');
    await page.getByRole('button', { name: /Continue at cursor/ }).click();
    await expect(page.getByTestId('editor')).toHaveValue('It was a dark night. Once more the bell rang.');
  });

  test('instructions: preview then accept or reject', async ({ page }) => {
    await openWriting(page);
    await pickE2eModel(page);
    await page.getByTestId('editor').fill('quiet words');
    await openTool(page, 'instructions');
    await page.getByPlaceholder(/Make it more vivid/).fill('Shout it');
    await page.getByRole('button', { name: /Apply/ }).click();
    // The e2e model prefixes the text with the instruction's first word (e2e/e2e-model.ts).
    await expect(page.getByTestId('instructions-preview').locator('ins')).toHaveText([/^\s*Shout:\s*$/]);
    await page.getByRole('button', { name: /Reject/ }).click();
    await expect(page.getByTestId('editor')).toHaveValue('quiet words');
    await page.getByRole('button', { name: /Apply/ }).click();
    await page.getByRole('button', { name: /Accept/ }).click();
    await expect(page.getByTestId('editor')).toHaveValue('Shout: quiet words');
  });

  test('generate-versions: main and alternative with confidence, use a version, tones, refine', async ({ page }) => {
    await openWriting(page);
    await pickE2eModel(page);
    await openTool(page, 'generate-versions');
    await expect(page.getByTestId('generate-versions')).toBeDisabled();
    await page.getByTestId('editor').fill("I'm sure it's fine!");
    await page.getByTestId('generate-versions').click();
    const panel = page.getByRole('region', { name: 'Versions' });
    await expect(panel.getByRole('radio', { name: /Main.*80%/ })).toHaveAttribute('aria-checked', 'true');
    await expect(panel.getByRole('radio', { name: /Alternative.*70%/ })).toBeVisible();
    await expect(panel.locator('.version-text')).toHaveText("Revise: I'm sure it's fine!");
    // The versions are one choice: the arrow keys move to the next version and back.
    await panel.getByRole('radio', { name: /Main.*80%/ }).press('ArrowRight');
    await expect(panel.getByRole('radio', { name: /Alternative.*70%/ })).toHaveAttribute('aria-checked', 'true');
    await expect(panel.getByRole('radio', { name: /Alternative.*70%/ })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(panel.getByRole('radio', { name: /Main.*80%/ })).toHaveAttribute('aria-checked', 'true');
    await expect(panel.locator('.version-text')).toHaveText("Revise: I'm sure it's fine!");
    await shot(page, 'writing-tool-versions');
    await panel.getByRole('button', { name: 'Use this version' }).click();
    await expect(page.getByTestId('editor')).toHaveValue("Revise: I'm sure it's fine!");

    await page.getByTestId('editor').fill("I'm sure it's fine!");
    await page.getByTestId('tone-formal').click();
    await expect(page.getByTestId('editor')).toHaveValue('I am sure it is fine.');
    // The style preference is remembered and offered back as a memory nudge.
    await expect(page.getByText('Your favourite style lately: formal.')).toBeVisible();

    await page.getByRole('button', { name: 'Refine…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('What mood should this piece carry?')).toBeVisible();
    await expect(dialog.locator('.refine-q').first().locator('.chip')).toHaveCount(4);
    await dialog.getByRole('button', { name: /Humorous/ }).click();
    await expect(page.getByTestId('editor')).toHaveValue(/part of the plan/);

    // Precise turns iterative mode off: generating is refused until it is back on.
    await page.getByRole('button', { name: /Creative control/ }).click();
    await page.getByRole('radio', { name: /Precise/ }).click();
    await expect(page.getByLabel('Allow suggestions')).toBeDisabled();
    await expect(page.getByTestId('generate-versions')).toBeDisabled();
  });

  test('signed in: creative control and style history are kept in the account', async ({ page }) => {
    const account = await signUpViaApi(page, 'control');
    await openWriting(page);
    await pickE2eModel(page);
    await openTool(page, 'generate-versions');
    await page.getByTestId('editor').fill("I'm sure it's fine!");
    await page.getByTestId('tone-formal').click();
    await expect(page.getByTestId('editor')).toHaveValue('I am sure it is fine.');
    // Keyboard only: the panel opens with Enter; Tab lands on the chosen level card (one stop), the arrows choose.
    const control = page.getByRole('button', { name: /Creative control/ });
    await control.press('Enter');
    await expect(control).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    const levels = page.getByRole('radiogroup', { name: 'Control level' });
    await expect(levels.getByRole('radio', { name: 'Balanced' })).toBeFocused();
    await expect(levels.getByRole('radio', { name: 'Balanced' })).toHaveAccessibleDescription('Your voice, fresh details');
    await page.keyboard.press('ArrowRight');
    await expect(levels.getByRole('radio', { name: 'Freestyle' })).toBeFocused();
    await page.keyboard.press('ArrowRight'); // round from the last to the first
    await expect(levels.getByRole('radio', { name: 'Precise' })).toBeFocused();
    await expect(levels.getByRole('radio', { checked: true })).toHaveAccessibleName('Precise');
    await expect(page.getByTestId('generate-versions')).toBeDisabled();
    expect(await seriousViolations(page, '.control-panel')).toEqual([]);
    const auth = { authorization: `Bearer ${account.token}` };
    await expect
      .poll(async () => (await (await page.request.get('/api/documents/profile/writing', { headers: auth })).json()).controlSettings.level)
      .toBe('precise');
    const profile = await (await page.request.get('/api/documents/profile/writing', { headers: auth })).json();
    expect(profile.userHistory.favoriteStyles).toContain('formal');
    // Another visit starts from the account's settings.
    await page.reload();
    await expect(page.getByTestId('editor')).toBeVisible();
    if (!(await page.locator('[data-panel="generate-versions"]').isVisible())) await openTool(page, 'generate-versions');
    await expect(page.getByTestId('generate-versions')).toBeDisabled();
  });

  test('anime-collab without characters explains how to create one', async ({ page }) => {
    await signUpViaApi(page, 'collab');
    await openWriting(page);
    await openTool(page, 'anime-collab');
    await expect(page.getByTestId('collab-empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a character' })).toHaveAttribute('href', '/anime-chara');
  });

  test('anime-collab writes with the character\'s design brief, not only the name', async ({ page }) => {
    const account = await signUpViaApi(page, 'collab');
    const layers = [{ name: 'Background', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: null }];
    const brief = { name: 'Hana', age: '17', background: 'Keeps the shrine on the hill.', catchphrase: 'Leave it to me!', personalityTraits: ['stubborn'], visualMotifs: ['cherry blossoms'], designElements: [] };
    const created = await page.request.post('/api/anime-helper/characters', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { name: 'Hana', brief, versions: [{ name: 'First', canvasData: { width: 40, height: 30, activeLayerIndex: 0, layers } }] },
    });
    expect(created.status()).toBe(201);
    await openWriting(page);
    await pickE2eModel(page);
    await openTool(page, 'anime-collab');
    await expect(page.getByText('Keeps the shrine on the hill.')).toBeVisible();
    await expect(page.getByText('“Leave it to me!”')).toBeVisible();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat'));
    await page.getByRole('button', { name: 'Write as Hana' }).click();
    const { message } = (await sent).postDataJSON() as { message: string };
    expect(message).toContain('Background: Keeps the shrine on the hill.');
    expect(message).toContain('Traits: stubborn');
    expect(message).toContain('Looks: cherry blossoms');
    await expect(page.getByTestId('editor')).toHaveValue(/Once more the bell rang\.$/);
  });

  test('galgame-blog previews and exports Ren\'Py and Markdown', async ({ page }) => {
    await openWriting(page);
    await openTool(page, 'galgame-blog');
    await page.getByPlaceholder('Untitled scene').fill('Rooftop');
    await page.getByLabel('Scene script').fill('Yumi: Hi "senpai"!\nThe wind blows.\n? Stay?\n> Yes | No');
    await expect(page.getByTestId('vn-preview').locator('.vn-name')).toHaveText('Yumi');
    await expect(page.getByTestId('vn-preview').locator('.vn-option')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Ren'Py script/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Rooftop.rpy');
    const content = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(content).toString()).toContain('yumi_1 "Hi \\"senpai\\"!"');
    await page.getByRole('button', { name: 'Insert into document' }).click();
    await expect(page.getByTestId('editor')).toHaveValue(/# Rooftop/);
  });

  test('novel-writing adds chapters with word-goal progress and an outline', async ({ page }) => {
    await openWriting(page);
    await openTool(page, 'novel-writing');
    await page.getByRole('textbox', { name: 'Chapter title' }).fill('The Meeting');
    await page.getByRole('button', { name: /Add chapter/ }).click();
    await expect(page.getByTestId('editor')).toHaveValue('## The Meeting\n\n');
    await page.getByTestId('editor').press('End');
    await page.getByTestId('editor').pressSequentially('one two three four');
    await page.getByLabel('Word goal for The Meeting').fill('8');
    await expect(page.getByLabel('50% of the goal')).toBeVisible();
    await page.getByRole('tab', { name: 'Outline' }).click();
    await page.getByRole('radio', { name: 'Kishōtenketsu' }).click();
    await expect(page.getByText('Ten: Twist')).toBeVisible();
  });

  test('test-writing runs a timed practice and gives local feedback', async ({ page }) => {
    await openWriting(page);
    await openTool(page, 'test-writing');
    await page.getByRole('button', { name: /Start practice/ }).click();
    await expect(page.getByTestId('practice-timer')).toHaveText(/^(20:00|19:5\d)$/);
    await page.getByTestId('editor').fill('The cat sat on the mat. The cat was happy. It purred all day long.');
    await page.getByRole('button', { name: 'Finish and get feedback' }).click();
    const feedback = page.getByTestId('practice-feedback');
    await expect(feedback).toContainText('15 / 300');
    await expect(feedback).toContainText('Readability grade');
    await shot(page, 'writing-tool-test');
  });

  test('upload: text joins the document, bad files get clear messages, 50 files are refused', async ({ page }) => {
    await openWriting(page);
    await openTool(page, 'upload');
    const input = page.getByTestId('upload-input');
    await input.setInputFiles(Array.from({ length: 50 }, (_, i) => ({ name: `n${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') })));
    await expect(page.getByText('50 files is too many at once. Pick at most 20.')).toBeVisible();

    // A DOCX whose central directory claims 2 GB of content: refused before parsing.
    const bomb = Buffer.alloc(46 + 9 + 22 + 30);
    bomb.writeUInt32LE(0x04034b50, 0);
    const cd = 30;
    bomb.writeUInt32LE(0x02014b50, cd);
    bomb.writeUInt32LE(0x7fffffff, cd + 24);
    bomb.writeUInt16LE(9, cd + 28);
    bomb.write('word/x.ml', cd + 46);
    const eocd = cd + 46 + 9;
    bomb.writeUInt32LE(0x06054b50, eocd);
    bomb.writeUInt16LE(1, eocd + 10);
    bomb.writeUInt32LE(cd, eocd + 16);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Imported notes line') },
      { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<script>alert(1)</script> not a pdf') },
      { name: 'bomb.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: bomb },
      { name: 'pic.png', mimeType: 'image/png', buffer: png },
    ]);
    const list = page.getByTestId('upload-list');
    await expect(list.locator('.file-row', { hasText: 'notes.txt' })).toContainText('Text added to the document');
    await expect(list.locator('.file-row', { hasText: 'notes.txt' })).toContainText('0.0 KB');
    await expect(list.locator('.file-row', { hasText: 'fake.pdf' })).toContainText('This is not a valid PDF file.');
    await expect(list.locator('.file-row', { hasText: 'bomb.docx' })).toContainText('would expand to an unsafe size');
    await expect(list.locator('.file-row', { hasText: 'pic.png' })).toContainText('Kept as an image attachment');
    await expect(page.getByTestId('editor')).toHaveValue('Imported notes line\n');
    await shot(page, 'writing-tool-upload');
  });

  test('equation builder sets math as the PDF does, blocks links, sets a<b and typed markup as text, copies the code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openWriting(page);
    await page.getByRole('button', { name: /Equation/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.eq-symbol')).toHaveCount(20);
    await expect(dialog.locator('.eq-templates .chip')).toHaveCount(8);
    await dialog.getByRole('button', { name: 'Quadratic formula' }).click();
    await expect(dialog.getByTestId('equation-preview').locator('.tex-math svg')).toBeVisible();
    await shot(page, 'writing-equation');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('LaTeX code copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('\\frac{-b');

    let dialogs = 0;
    page.on('dialog', () => (dialogs += 1));
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByLabel('LaTeX code').fill('\\href{javascript:alert(1)}{x} <img src=x onerror=alert(1)>');
    await expect(dialog.getByText('Links and HTML are not allowed in equations.')).toBeVisible();
    await expect(dialog.getByTestId('equation-preview').locator('a, img')).toHaveCount(0);
    // Markup typed as text is set as text (the engine escapes it): nothing runs, nothing is refused.
    await dialog.getByLabel('LaTeX code').fill('<img src=x onerror=alert(1)>');
    await expect(dialog.getByTestId('equation-preview').locator('.tex-math svg')).toBeVisible();
    await expect(dialog.getByTestId('equation-preview').locator('a, img')).toHaveCount(0);
    // The less-than sign is mathematics, not HTML.
    await dialog.getByLabel('LaTeX code').fill('a<b');
    await expect(dialog.getByTestId('equation-preview').getByRole('img', { name: 'a<b' }).locator('svg')).toBeVisible();
    await expect(dialog.getByText('Links and HTML are not allowed in equations.')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('phone layout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openWorkspace(page);
    await shot(page, 'writing-workspace-phone');
    await page.getByTestId('ws-icon-writing').click();
    await page.getByTestId('editor').fill('Writing on a phone works too.');
    await openTool(page, 'generate-versions');
    await shot(page, 'writing-screen-phone');
  });
});
