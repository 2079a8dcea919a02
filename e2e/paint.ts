import { expect, type Page } from '@playwright/test';
import type { PaintEngine } from '@yumi/paint';

/** Helpers shared by the Create-mode browser tests (engine exposed through localStorage yumi_e2e). */

/** When the crash-recovery copy in IndexedDB was last written (0 when there is none). */
export const recoverySavedAt = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('yumi-anime');
        // No database yet: nothing saved (and do not create one the app would have to upgrade).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const get = open.result.transaction('recovery', 'readonly').objectStore('recovery').get('current');
          get.onsuccess = () => {
            open.result.close();
            resolve((get.result as { savedAt?: number } | undefined)?.savedAt ?? 0);
          };
          get.onerror = () => resolve(0);
        };
        open.onerror = () => resolve(0);
      }),
  );

/** Create mode exposes its engine to tests that set localStorage yumi_e2e. */
export type YumiWindow = { __yumiPaint: PaintEngine };

export type Pt = [number, number];

/** Opens Create mode with the engine exposed for pixel checks. */
export async function openCreate(page: Page) {
  await page.addInitScript(() => localStorage.setItem('yumi_e2e', '1'));
  await page.goto('/anime-chara');
  // The first visit after a server start also loads the i18n files and the lazy chunk: allow for a busy machine.
  await expect(page.getByTestId('paint-stage')).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => !!(window as unknown as { __yumiPaint?: unknown }).__yumiPaint);
}

/** Dispatches a pen stroke (pressure, coalesced-less) through document coordinates. */
export async function penStroke(page: Page, points: Pt[], pointerType = 'pen') {
  await page.evaluate(
    ({ points, pointerType }) => {
      const engine = (window as unknown as YumiWindow).__yumiPaint;
      const stage = document.querySelector('[data-testid="paint-stage"]') as HTMLElement;
      const box = stage.getBoundingClientRect();
      const at = (p: number[], i: number) => {
        const s = engine.viewport.documentToScreen({ x: p[0]!, y: p[1]! });
        return { clientX: box.left + s.x, clientY: box.top + s.y, pressure: 0.6 + 0.3 * Math.sin(i), pointerId: 7, pointerType, isPrimary: true, bubbles: true, button: 0, buttons: 1 };
      };
      // Dense samples along the polyline, like a real pen.
      const samples: number[][] = [];
      for (let k = 0; k < points.length - 1; k++) {
        const [a, b] = [points[k]!, points[k + 1]!];
        for (let s = 0; s < 20; s++) samples.push([a[0]! + ((b[0]! - a[0]!) * s) / 20, a[1]! + ((b[1]! - a[1]!) * s) / 20]);
      }
      samples.push(points[points.length - 1]!);
      stage.dispatchEvent(new PointerEvent('pointerdown', at(samples[0]!, 0)));
      samples.slice(1).forEach((p, i) => stage.dispatchEvent(new PointerEvent('pointermove', at(p, i + 1))));
      stage.dispatchEvent(new PointerEvent('pointerup', { ...at(samples[samples.length - 1]!, 0), buttons: 0, pressure: 0 }));
    },
    { points, pointerType },
  );
}

/** RGBA of one layer (by name) or of the composite at a document pixel. */
export async function pixel(page: Page, x: number, y: number, layerName?: string): Promise<number[]> {
  return page.evaluate(
    ({ x, y, layerName }) => {
      const engine = (window as unknown as YumiWindow).__yumiPaint;
      if (!layerName) {
        engine.render();
        const o = engine.output;
        const i = (y * o.width + x) * 4;
        return Array.from(o.data.subarray(i, i + 4));
      }
      const layer = engine.document.layers.find((l: { name: string }) => l.name === layerName)!;
      return Array.from(layer.surface.readRect({ x, y, width: 1, height: 1 })) as number[];
    },
    { x, y, layerName },
  );
}

/** A hash of every layer's pixels, to prove undo restores them exactly. */
export async function layersHash(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const engine = (window as unknown as YumiWindow).__yumiPaint;
    const doc = engine.document;
    const parts: Uint8Array[] = doc.layers.map((l) => new Uint8Array(l.surface.readRect({ x: 0, y: 0, width: doc.width, height: doc.height })));
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const p of parts) {
      all.set(p, o);
      o += p.length;
    }
    const digest = await crypto.subtle.digest('SHA-256', all);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  });
}

export async function openPanel(page: Page, tool: string) {
  await page.locator(`[data-tool="${tool}"]`).click();
}
