import { expect, test } from '@playwright/test';
import { shot } from './support';

const LANGS = [
  { code: 'ja', name: '日本語', ready: 'さあ、創作を始めましょう', modes: 'モードを選択', settings: '設定とレイアウト', font: 'Noto Sans JP' },
  { code: 'zh', name: '中文', ready: '准备好创作了吗？', modes: '选择模式', settings: '设置与布局', font: 'Noto Sans SC' },
  { code: 'ko', name: '한국어', ready: '창작할 준비 되셨나요?', modes: '모드 선택', settings: '설정 및 레이아웃', font: 'Noto Sans KR' },
];

test.describe('languages', () => {
  test('switching language changes every launcher string and is remembered', async ({ page }) => {
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (/noto-sans-(jp|sc|kr)/.test(r.url())) fontRequests.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ready to Create?' })).toBeVisible();
    expect(fontRequests).toEqual([]); // CJK fonts are not loaded for English
    for (const lang of LANGS) {
      await page.locator('#language-select').selectOption(lang.code);
      await expect(page.getByRole('heading', { name: lang.ready })).toBeVisible();
      await expect(page.getByRole('heading', { name: lang.modes })).toBeVisible();
      await expect(page.getByRole('button', { name: lang.settings })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
      await expect
        .poll(() => page.evaluate((f) => [...document.fonts].some((face) => face.family.replace(/['"]/g, '') === f && face.status === 'loaded'), lang.font))
        .toBe(true);
    }
    expect(fontRequests.length).toBeGreaterThan(0);
    await page.locator('#language-select').selectOption('ja');
    await expect(page.getByRole('heading', { name: 'さあ、創作を始めましょう' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'launcher-ja');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ja');
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === 'i18next');
    expect(cookie?.value).toBe('ja');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'さあ、創作を始めましょう' })).toBeVisible();
    await page.getByRole('button', { name: '設定とレイアウト' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'レイアウトを編集' })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'モード' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'customizer-ja');
    await dialog.getByRole('tab', { name: 'オフラインモード' }).click();
    await expect(dialog.getByText('コアモード').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'アプリをダウンロード' }).click();
    // The test server publishes a Windows installer and the browser says Windows: the section opens on it.
    await expect(page.getByRole('tab', { name: 'デスクトップアプリ', selected: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ダウンロード（70.0 MB）' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('プライバシーポリシー');
  });

  test('the language comes from the query string; an injected code is discarded', async ({ page }) => {
    await page.goto('/?lng=ko');
    await expect(page.getByRole('heading', { name: '창작할 준비 되셨나요?' })).toBeVisible();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/?lng=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    await expect(page.getByRole('heading', { name: 'Ready to Create?' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);
  });
});
