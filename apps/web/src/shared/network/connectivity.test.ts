import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Connectivity from './connectivity';

/** A browser as far as connectivity.ts sees it: window and document events, navigator.onLine and fetch. */
function fakeBrowser() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const nav = { onLine: true };
  let serverUp = true;
  const probes: string[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    probes.push(`${init.method} ${url}`);
    if (!serverUp) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 503 });
  });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', nav);
  vi.stubGlobal('fetch', fetch);
  return {
    win,
    nav,
    probes,
    setServer: (up: boolean) => (serverUp = up),
  };
}

describe('connectivity', () => {
  let c: typeof Connectivity;
  let browser: ReturnType<typeof fakeBrowser>;
  const changes: boolean[] = [];
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.resetModules();
    browser = fakeBrowser();
    c = await import('./connectivity');
    changes.length = 0;
    c.subscribeOnline(() => changes.push(c.isOnline()));
    await settle();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('probes the server once at start; any HTTP answer (even 503) means reachable', () => {
    expect(browser.probes).toEqual(['HEAD /api/health']);
    expect(c.isOnline()).toBe(true);
    expect(changes).toEqual([]);
  });

  it('a stopped server is noticed by the heartbeat although navigator.onLine stays true', async () => {
    browser.setServer(false);
    await vi.advanceTimersByTimeAsync(c.HEARTBEAT_MS);
    expect(c.isOnline()).toBe(false);
    expect(changes).toEqual([false]);
  });

  it('while unreachable it probes again with a growing pause, and comes back online by itself', async () => {
    browser.setServer(false);
    c.reportNetworkFailure();
    await settle();
    expect(c.isOnline()).toBe(false);
    const before = browser.probes.length;
    // 2 s, then 4 s, then 8 s: three more probes in 14 s, none earlier.
    await vi.advanceTimersByTimeAsync(1999);
    expect(browser.probes.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1 + 4000 + 8000);
    expect(browser.probes.length).toBe(before + 3);
    browser.setServer(true);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(c.isOnline()).toBe(true);
    expect(changes).toEqual([false, true]);
  });

  it('the pause never grows past the last step', async () => {
    browser.setServer(false);
    c.reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000 + 16000 + 30000);
    const before = browser.probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(browser.probes.length).toBe(before + 2);
  });

  it('the offline event turns it off at once without polling; the online event probes', async () => {
    browser.nav.onLine = false;
    browser.win.dispatchEvent(new Event('offline'));
    expect(c.isOnline()).toBe(false);
    const before = browser.probes.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(browser.probes.length).toBe(before);
    browser.nav.onLine = true;
    browser.win.dispatchEvent(new Event('online'));
    await settle();
    expect(browser.probes.length).toBe(before + 1);
    expect(changes).toEqual([false, true]);
  });

  it('a page loaded offline comes back online with the online event (a probe offline per the browser settles)', async () => {
    vi.resetModules();
    browser.nav.onLine = false;
    const fresh = await import('./connectivity');
    const seen: boolean[] = [];
    fresh.subscribeOnline(() => seen.push(fresh.isOnline()));
    await settle();
    expect(fresh.isOnline()).toBe(false);
    browser.nav.onLine = true;
    browser.win.dispatchEvent(new Event('online'));
    await settle();
    expect(fresh.isOnline()).toBe(true);
    expect(seen).toEqual([true]);
  });

  it('online per the browser but the probe fails: offline', async () => {
    browser.setServer(false);
    browser.win.dispatchEvent(new Event('online'));
    await settle();
    expect(c.isOnline()).toBe(false);
  });

  it('a request that reaches the server ends the offline state without waiting for the next probe', async () => {
    browser.setServer(false);
    await c.probe();
    expect(c.isOnline()).toBe(false);
    c.reportReached();
    expect(c.isOnline()).toBe(true);
  });

  it('onEachReconnect runs now when online and again each time the network returns, not while it stays', async () => {
    const runs: boolean[] = [];
    const stop = c.onEachReconnect(() => runs.push(c.isOnline()));
    expect(runs).toEqual([true]);
    browser.nav.onLine = false;
    browser.win.dispatchEvent(new Event('offline'));
    browser.nav.onLine = true;
    browser.win.dispatchEvent(new Event('online'));
    await settle();
    c.reportReached();
    expect(runs).toEqual([true, true]);
    stop();
    browser.nav.onLine = false;
    browser.win.dispatchEvent(new Event('offline'));
    browser.nav.onLine = true;
    browser.win.dispatchEvent(new Event('online'));
    await settle();
    expect(runs).toEqual([true, true]);
  });

  it('only one probe runs at a time', async () => {
    const before = browser.probes.length;
    await Promise.all([c.probe(), c.probe(), c.probe()]);
    expect(browser.probes.length).toBe(before + 1);
  });
});
