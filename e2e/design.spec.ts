import { expect, test, type Page } from '@playwright/test';
import { openCreate } from './paint';
import { seriousViolations, shot, signUpViaApi } from './support';

// Cross-screen rules of the design system: CJK line breaking, a visible focus ring, opaque toasts, not-found pages.

/** WCAG relative-luminance contrast of two CSS colours (rgb()/rgba() or #hex), computed in the page. */
async function contrast(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ({ x, y }) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      const rgb = (c: string) => {
        ctx.fillStyle = '#000';
        ctx.fillStyle = c;
        ctx.fillRect(0, 0, 1, 1);
        return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [l1, l2] = [lum(x), lum(y)].sort((p, q) => q - p);
      return (l1! + 0.05) / (l2! + 0.05);
    },
    { x: a, y: b },
  );
}

test('Korean wraps between words and Japanese/Chinese use strict line breaking', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lng=ko');
  await expect(page.getByRole('heading', { name: '창작할 준비 되셨나요?' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // Every Korean word on the launcher sits on one line, and some text really wraps (the check is not vacuous).
  const report = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let wrapped = 0;
    const split: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!/[\uac00-\ud7af]/.test(text)) continue;
      const whole = document.createRange();
      whole.selectNodeContents(node);
      const lines = new Set([...whole.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) wrapped += 1;
      for (const match of text.matchAll(/[\uac00-\ud7af]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) split.push(match[0]);
      }
    }
    return { wrapped, split };
  });
  expect(report.wrapped).toBeGreaterThan(0);
  expect(report.split).toEqual([]);
  await shot(page, 'launcher-ko-phone');

  for (const lang of ['ja', 'zh']) {
    await page.goto(`/?lng=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(await page.evaluate(() => getComputedStyle(document.body).lineBreak)).toBe('strict');
  }
});

test('the focus ring is solid and at least 3:1 against every surface; toasts are opaque', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ready to Create?' })).toBeVisible();
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { tag: el.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
  expect(ring.tag).not.toBe('BODY');
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  const surfaces = await page.evaluate(() => ['--bg', '--surface', '--surface-2', '--surface-3'].map((v) => getComputedStyle(document.documentElement).getPropertyValue(v).trim()));
  for (const surface of surfaces) expect(await contrast(page, ring.color, surface), surface).toBeGreaterThanOrEqual(3);

  // A toast of each kind paints a solid surface under its tint.
  const backgrounds = await page.evaluate(() =>
    ['info', 'success', 'warning', 'error'].map((kind) => {
      const el = document.createElement('div');
      el.className = `alert alert-${kind} toast`;
      document.body.append(el);
      const style = getComputedStyle(el);
      const result = { color: style.backgroundColor, image: style.backgroundImage };
      el.remove();
      return result;
    }),
  );
  for (const bg of backgrounds) {
    expect(bg.image).toContain('gradient');
    expect(bg.color).toMatch(/^rgb\(/); // rgb(), not rgba(): no alpha
  }
});

test('unknown pages under /charge say so in four languages, with a way back', async ({ page }) => {
  const titles = { en: 'Page not found', ja: 'ページが見つかりません', zh: '页面不存在', ko: '페이지를 찾을 수 없습니다' };
  for (const [lang, title] of Object.entries(titles)) {
    await page.goto(`/charge/no-such-package?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await page.getByRole('link', { name: '런처로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a link to a document that does not exist says so in four languages and opens the newest one instead', async ({ page }) => {
  const titles = { en: 'Document not found', ja: 'ドキュメントが見つかりません', zh: '找不到文档', ko: '문서를 찾을 수 없습니다' };
  for (const [lang, title] of Object.entries(titles)) {
    await page.goto(`/writing?screen=report&doc=00000000-0000-4000-8000-000000000000&lng=${lang}`);
    await expect(page.getByTestId('not-found').getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await page.goto('/writing?screen=writing&doc=00000000-0000-4000-8000-000000000000&lng=en');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('button', { name: 'Open my latest document' }).click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page).not.toHaveURL(/doc=/);
  await shot(page, 'document-not-found-dismissed');
});

test('a link to a character this account does not have says so and opens the character library instead', async ({ page }) => {
  await signUpViaApi(page, 'nochar');
  await page.goto('/anime-chara?character=00000000-0000-4000-8000-000000000000&lng=ja');
  await expect(page.getByTestId('not-found').getByRole('heading', { level: 1 })).toHaveText('キャラクターが見つかりません');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '自分のキャラクターを開く' }).click();
  await expect(page.getByRole('heading', { name: 'キャラクターライブラリ' })).toBeVisible();
  await expect(page).not.toHaveURL(/character=/);
});

test('the design-system page: every shared component, axe-clean in four languages, keyboard-driven', async ({ page }) => {
  const titles = { en: 'Design system', ja: 'デザインシステム', zh: '设计系统', ko: '디자인 시스템' };
  for (const [lang, title] of Object.entries(titles)) {
    await page.goto(`/design-system?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(title);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await shot(page, 'design-system-ko');
  await page.goto('/design-system?lng=en');
  // Tabs follow the arrow keys.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('The second tab.')).toBeVisible();
  // A segmented control is one tab stop; the arrow keys move and choose (wrapping round), Space chooses.
  const sizes = page.getByRole('radiogroup', { name: 'Text size' });
  await page.getByRole('tab', { name: 'Details' }).press('Tab'); // past the tab panel to the next control
  await page.keyboard.press('Tab');
  await expect(sizes.getByRole('radio', { name: 'Medium' })).toBeFocused();
  await expect(sizes.getByRole('radio', { name: 'Medium' })).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('ArrowRight');
  await expect(sizes.getByRole('radio', { name: 'Large' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Chosen: Large.')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(sizes.getByRole('radio', { name: 'Small' })).toBeFocused();
  await expect(sizes.getByRole('radio', { name: 'Small' })).toHaveAttribute('aria-checked', 'true');
  await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(1);
  // Radio cards: the next tab stop, on the chosen card; read as a radio with its name, then its description.
  const moods = page.getByRole('radiogroup', { name: 'Mood' });
  await page.keyboard.press('Tab');
  const calm = moods.getByRole('radio', { name: 'Calm' });
  await expect(calm).toBeFocused();
  await expect(calm).toHaveAccessibleDescription('Soft colours, slow scenes');
  await expect(calm).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('ArrowLeft'); // round to the last
  await expect(moods.getByRole('radio', { name: 'Dramatic' })).toBeFocused();
  await expect(moods.getByRole('radio', { checked: true })).toHaveAccessibleName('Dramatic');
  await expect(page.getByText('Chosen: Dramatic.')).toBeVisible();
  // Tiles in a grid of three: Up and Down move a row, Left and Right go in reading order, the edges hold.
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  await page.keyboard.press('Tab');
  await expect(colours.getByRole('radio', { name: 'Purple' })).toBeFocused();
  const moves = [['ArrowDown', 'Yellow'], ['ArrowRight', 'Orange'], ['ArrowRight', 'Orange'], ['ArrowUp', 'Blue'], ['ArrowRight', 'Green'], ['ArrowUp', 'Pink'], ['ArrowLeft', 'Pink']] as const;
  for (const [key, name] of moves) {
    await page.keyboard.press(key);
    await expect(colours.getByRole('radio', { name })).toBeFocused();
  }
  await expect(colours.getByRole('radio', { checked: true })).toHaveAccessibleName('Pink');
  await expect(page.getByText('Chosen: Pink.')).toBeVisible();
  // A menu opens from the keyboard, moves with arrows and gives focus back on Escape.
  const menuButton = page.getByRole('button', { name: 'More actions' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();
  // Toasts are opaque, announced, and dismissible.
  await page.getByRole('button', { name: 'Show an error toast' }).click();
  const status = page.getByRole('status').filter({ hasText: 'That did not work. Nothing was lost.' });
  await expect(status).toBeVisible();
  await status.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('That did not work. Nothing was lost.')).toHaveCount(0);
});

// A phone and a tablet (portrait): nothing is wider than the screen, the floating assistant covers no control; on
// the tablet no control is cut by the window's edge either (the phone's tool strips scroll sideways by design).
async function expectFitsAndUncovered(page: Page, viewport: { width: number; height: number }, isMobile: boolean) {
  const fab = page.getByTestId('assistant-fab');
  await expect(fab).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (!isMobile) {
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [role="tab"]')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden' && (r.left < 0 || r.right > window.innerWidth);
        })
        .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`),
    );
    expect(cut).toEqual([]);
  }
  // Scrolled to the end (where a control can no longer move out from under it), nothing it may cover is
  // a visible control: every control is hit-tested at its centre and corners against the button's box.
  const covered = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    for (const el of document.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      if (el.scrollHeight > el.clientHeight + 1 && style.overflowY.match(/auto|scroll/)) el.scrollTop = el.scrollHeight;
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX.match(/auto|scroll/)) el.scrollLeft = el.scrollWidth;
    }
    const box = document.querySelector('[data-testid="assistant-fab"]')!.getBoundingClientRect();
    const hits: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [role="tab"], [tabindex="0"]');
    for (const el of controls) {
      if (el.closest('[data-testid="assistant-fab"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const overlap = Math.min(r.right, box.right) - Math.max(r.left, box.left) > 2 && Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top) > 2;
      if (overlap) hits.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return hits;
  });
  expect(covered).toEqual([]);
  // Nor is any page wider than the screen (a wider page pushes fixed buttons off it).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
}

for (const { size, viewport, isMobile } of [
  { size: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
  { size: 'tablet', viewport: { width: 768, height: 1024 }, isMobile: false },
]) {
  test.describe(`on a ${size}, nothing is wider than the screen and the floating assistant covers no control`, () => {
    test.use({ viewport, hasTouch: true, isMobile });
    for (const path of ['/', '/writing', '/writing?screen=writing', '/writing?screen=report', '/image', '/anime-chara', '/design-system']) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expectFitsAndUncovered(page, viewport, isMobile);
      });
    }
    // A new account sees the confirm-your-e-mail banner above every screen: the full-height screens (the editor,
    // the canvas) still end at the window's bottom, with nothing under the assistant button.
    test('signed in, with the confirm-your-e-mail banner showing', async ({ page }) => {
      await signUpViaApi(page, 'banner');
      for (const path of ['/writing?screen=writing', '/anime-chara', '/image']) {
        await page.goto(path);
        await expect(page.getByTestId('verify-banner')).toBeVisible();
        await expectFitsAndUncovered(page, viewport, isMobile);
        if (path !== '/image') expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
      }
    });
  });
}

test.describe('the anime canvas on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  test('its tool bar wraps into two rows and the drawing is fitted beside the tool palette, not under it', async ({ page }) => {
    await openCreate(page);
    const bar = page.getByRole('toolbar', { name: 'Canvas controls' });
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const rows = await bar.evaluate((el) => new Set([...el.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().top))).size);
    expect(rows).toBeLessThanOrEqual(2);
    // The icon-only buttons keep their names.
    await expect(bar.getByRole('button', { name: 'Brush', exact: true })).toBeVisible();
    const palette = (await page.getByRole('navigation', { name: 'Drawing tools' }).boundingBox())!;
    const drawing = (await page.locator('[data-testid="paint-stage"] canvas').boundingBox())!;
    expect(drawing.x).toBeGreaterThanOrEqual(palette.x + palette.width);
  });
});

test('closing a dialog gives focus back to the button that opened it', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Settings and layout' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
  // The close button too, not only Escape.
  await opener.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(opener).toBeFocused();
});
