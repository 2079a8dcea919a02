import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLanguage } from './LanguageProvider';
import { I18N_OPTIONS } from './setup';

/** A fake network: each read of a locale URL answers what `answer` says, and every call is recorded. */
function fakeFetch(answer: (url: string, n: number) => Response | Promise<Response>) {
  const calls: Array<{ url: string; at: number }> = [];
  let active = 0;
  let peak = 0;
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    calls.push({ url, at: Date.now() });
    active += 1;
    peak = Math.max(peak, active);
    try {
      await new Promise((r) => setTimeout(r, 5));
      return await answer(url, calls.filter((c) => c.url === url).length);
    } finally {
      active -= 1;
    }
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, peak: () => peak };
}

async function load(ns: string[], lng = 'en') {
  const instance = i18next.createInstance();
  const errors: unknown[] = [];
  const { detection: _detection, react: _react, ...options } = I18N_OPTIONS;
  await instance.use(HttpBackend).init({
    ...options,
    lng,
    ns,
    backend: { ...options.backend, loadPath: 'http://test/locales/{{lng}}/{{ns}}.json' },
  });
  instance.services.logger.warn = (...args: unknown[]) => errors.push(args);
  return { instance, errors };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('translation loader (first document §7, §8, §9)', () => {
  it('ships the spec settings', () => {
    expect(I18N_OPTIONS).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10, fallbackLng: 'en', keySeparator: '.', nsSeparator: ':' });
    expect(I18N_OPTIONS.detection.order).toEqual(['querystring', 'cookie', 'localStorage', 'navigator']);
    expect(I18N_OPTIONS.detection.cookieMinutes).toBe(30 * 24 * 60);
  });

  it('discards a detected language code that looks like script injection', () => {
    const convert = I18N_OPTIONS.detection.convertDetectedLanguage;
    expect(convert('<script>alert(1)</script>')).toBe('');
    expect(convert('ja"><img src=x onerror=alert(1)>')).toBe('');
    expect(convert('ja')).toBe('ja');
    expect(convert('zh-CN')).toBe('zh-CN');
  });

  it('retries a 5xx read 5 times, from 350 ms doubling, with the spec message', async () => {
    vi.useFakeTimers();
    const net = fakeFetch((url, n) => (n < 6 ? new Response('oops', { status: 503 }) : Response.json({ hello: `from ${url.split('/').at(-2)}` })));
    const loading = load(['main']);
    await vi.advanceTimersByTimeAsync(20_000);
    const { instance } = await loading;
    const reads = net.calls.filter((c) => c.url.endsWith('/en/main.json'));
    expect(reads).toHaveLength(6);
    const gaps = reads.slice(1).map((c, i) => c.at - reads[i]!.at);
    // each wait is the spec's delay (plus the fake 5 ms response time)
    expect(gaps.map((g) => Math.round((g - 5) / 50) * 50)).toEqual([350, 700, 1400, 2800, 5600]);
    expect(instance.t('main:hello')).toBe('from en');
  });

  it('does not retry a 4xx read and reports the spec message', async () => {
    const net = fakeFetch(() => new Response('missing', { status: 404, statusText: 'Not Found' }));
    const instance = i18next.createInstance();
    const messages: string[] = [];
    const { detection: _d, react: _r, ...options } = I18N_OPTIONS;
    await instance.use(HttpBackend).init({
      ...options,
      lng: 'ja',
      ns: ['main'],
      backend: { loadPath: 'http://test/locales/{{lng}}/{{ns}}.json' },
    });
    instance.services.backendConnector.backend.read('ja', 'main', (err: unknown) => messages.push(String(err)));
    await new Promise((r) => setTimeout(r, 100));
    expect(net.calls.filter((c) => c.url.endsWith('/ja/main.json'))).toHaveLength(2); // init read + our direct read, no retries
    expect(messages).toEqual(['failed loading http://test/locales/ja/main.json; status code: 404']);
  });

  it('reports a file that is not JSON as a parse failure', async () => {
    fakeFetch(() => new Response('<html>not json</html>', { status: 200 }));
    const instance = i18next.createInstance();
    const { detection: _d, react: _r, ...options } = I18N_OPTIONS;
    await instance.use(HttpBackend).init({ ...options, lng: 'ko', ns: ['main'], maxRetries: 0, backend: { loadPath: 'http://test/locales/{{lng}}/{{ns}}.json' } });
    const message = await new Promise<string>((resolve) => instance.services.backendConnector.backend.read('ko', 'main', (err: unknown) => resolve(String(err))));
    expect(message).toBe('failed parsing http://test/locales/ko/main.json to json');
  });

  it('never has more than 10 reads in flight', async () => {
    const net = fakeFetch(() => Response.json({ ok: 'yes' }));
    const namespaces = Array.from({ length: 30 }, (_, i) => `ns${i}`);
    await load(namespaces);
    expect(net.calls.length).toBeGreaterThanOrEqual(30);
    expect(net.peak()).toBeLessThanOrEqual(10);
    expect(net.peak()).toBeGreaterThan(1);
  });

  it('useLanguage throws outside its provider', () => {
    function Probe() {
      useLanguage();
      return null;
    }
    expect(() => renderToString(<Probe />)).toThrow('useLanguage must be used within a LanguageProvider');
  });
});
