import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

describe('per-IP limit on every /api request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After in the caller language past the figure, lets health through, and resets after the minute', async () => {
    const from = (ip: string, lang = 'en') => t.app.inject({ url: '/api/billing/packages', remoteAddress: ip, headers: { 'accept-language': lang } });
    for (let i = 0; i < 5; i += 1) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7', 'ja');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBody(refused)).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringContaining('秒') });
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    expect((await from('198.51.100.2')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await from('203.0.113.7')).statusCode).toBe(200);
  });
});

describe('per-user limit on expensive routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EXPENSIVE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('counts each user separately, across IPs, and answers 429 with Retry-After', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#ff6b9d' } }).png().toBuffer();
    const payload = { imageData: `data:image/png;base64,${png.toString('base64')}` };
    const [a, b] = [await signUp(t.app, 'lima'), await signUp(t.app, 'limb')];
    const analyse = (auth: Record<string, string>, ip: string) => t.app.inject({ method: 'POST', url: '/api/anime-helper/analyze-colors', headers: { ...auth, 'accept-language': 'ko' }, remoteAddress: ip, payload });
    expect((await analyse(a.auth, '192.0.2.1')).statusCode).toBe(200);
    expect((await analyse(a.auth, '192.0.2.2')).statusCode).toBe(200);
    const third = await analyse(a.auth, '192.0.2.3');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(errorBody(third).error).toContain('초');
    expect((await analyse(b.auth, '192.0.2.1')).statusCode).toBe(200);
  });
});
