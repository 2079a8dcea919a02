import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function login(email: string, password: string, userAgent = CHROME_WINDOWS) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const token = (res.json() as { token: string }).token;
  return { authorization: `Bearer ${token}` };
}

const me = (auth: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers: auth });
const listSessions = async (auth: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/auth/sessions', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; sessions: Array<{ id: string; browser: string | null; os: string | null; device: string; current: boolean; lastSeenAt: string; ip: string | null }> };
};

describe('sessions', () => {
  it('lists only the own live sessions with browser, system and device, the asking one marked current', async () => {
    const u = await signUp(t.app);
    const phone = await login(u.email, u.password, SAFARI_IPHONE);
    const desk = await login(u.email, u.password, CHROME_WINDOWS);
    await signUp(t.app); // someone else's sessions never show
    const list = await listSessions(desk);
    expect(list.total).toBe(3);
    expect(list.sessions).toHaveLength(3);
    const current = list.sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', device: 'desktop' });
    expect(list.sessions).toContainEqual(expect.objectContaining({ browser: 'Safari 18', os: 'iOS 18.1', device: 'mobile', current: false }));
    // The sign-up session of lightMyRequest names no browser.
    expect(list.sessions).toContainEqual(expect.objectContaining({ browser: null, device: 'unknown' }));
    expect(JSON.stringify(list)).not.toMatch(/token|hash/i);
    expect((await listSessions(phone)).sessions.find((s) => s.current)?.browser).toBe('Safari 18');
  });

  it('moves last seen at most once a minute, when the token is looked up again', async () => {
    const u = await signUp(t.app);
    const before = (await listSessions(u.auth)).sessions[0]!.lastSeenAt;
    t.clock.advance(30_000);
    await me(u.auth);
    expect((await listSessions(u.auth)).sessions[0]!.lastSeenAt).toBe(before);
    t.clock.advance(90_000);
    await me(u.auth);
    expect((await listSessions(u.auth)).sessions[0]!.lastSeenAt).toBe(t.clock.now().toISOString());
  });

  it('records the client address at sign-in and with last seen, and shows it masked (proxy headers ignored unless trusted)', async () => {
    const u = await signUp(t.app);
    const signIn = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: { email: u.email, password: u.password } });
    const v4 = await signIn('198.51.100.23', { 'x-forwarded-for': '203.0.113.9' });
    const auth = { authorization: `Bearer ${(v4.json() as { token: string }).token}` };
    await signIn('2001:db8:85a3:8d3:1319:8a2e:370:7348');
    await signIn('::ffff:192.0.2.77');
    const ips = (await listSessions(auth)).sessions.map((s) => s.ip);
    expect(ips).toEqual(expect.arrayContaining(['198.51.100.*', '2001:db8:85a3:*', '192.0.2.*']));
    expect(JSON.stringify(await listSessions(auth))).not.toMatch(/198\.51\.100\.23|203\.0\.113|7348/);

    // A minute later the session is used from elsewhere: last seen and the address move together.
    t.clock.advance(90_000);
    await t.app.inject({ url: '/api/auth/me', headers: auth, remoteAddress: '192.0.2.200' });
    expect((await listSessions(auth)).sessions.find((s) => s.current)).toMatchObject({ ip: '192.0.2.*' });

    // Behind a trusted proxy (TRUST_PROXY names its range) the forwarded client counts, from anyone else it does
    // not; a forged value that is no address is stored as unknown.
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const p = await signUp(proxied.app);
      const from = (remoteAddress: string, forwarded: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: { 'x-forwarded-for': forwarded }, payload: { email: p.email, password: p.password } });
      const res = await from('10.0.0.2', '203.0.113.9');
      expect((await from('10.0.0.2', 'not-an-address')).statusCode).toBe(200);
      await from('198.51.100.40', '192.0.2.99');
      const list = await proxied.app.inject({ url: '/api/auth/sessions', headers: { authorization: `Bearer ${(res.json() as { token: string }).token}` } });
      const shown = (list.json() as { sessions: Array<{ ip: string | null; current: boolean }> }).sessions;
      expect(shown.find((s) => s.current)!.ip).toBe('203.0.113.*');
      expect(shown.map((s) => s.ip)).toContain(null);
      expect(shown.map((s) => s.ip)).toContain('198.51.100.*');
    } finally {
      await proxied.close();
    }
  });

  it("ends one own session; another user's session id is a 404 and that session lives on", async () => {
    const u = await signUp(t.app);
    const other = await login(u.email, u.password, SAFARI_IPHONE);
    const stranger = await signUp(t.app);
    const strangerSession = (await listSessions(stranger.auth)).sessions[0]!.id;

    const refused = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${strangerSession}`, headers: u.auth });
    expect(refused.statusCode).toBe(404);
    expect(errorBody(refused).code).toBe('SESSION_NOT_FOUND');
    expect((await me(stranger.auth)).statusCode).toBe(200);

    const otherId = (await listSessions(u.auth)).sessions.find((s) => !s.current)!.id;
    expect((await me(other)).statusCode).toBe(200); // cached now: ending it must reach the cache too
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: u.auth });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ success: true });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(u.auth)).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: { ...u.auth, 'accept-language': 'ja' } });
    expect(again.statusCode).toBe(404);
    expect(errorBody(again).error).toBe('このセッションはすでに終了しているか、存在しません。');
  });

  it('ends every other session and keeps the current one', async () => {
    const u = await signUp(t.app);
    const a = await login(u.email, u.password);
    const b = await login(u.email, u.password, SAFARI_IPHONE);
    await me(a);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: b });
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(u.auth)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
    expect((await listSessions(b)).sessions.map((s) => s.current)).toEqual([true]);
  });

  it('refuses bad input and anonymous callers', async () => {
    const u = await signUp(t.app);
    for (const id of ['not-a-uuid', '1', "x' OR '1'='1"]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${encodeURIComponent(id)}`, headers: u.auth });
      expect(res.statusCode).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/00000000-0000-4000-8000-000000000000', headers: u.auth });
    expect(unknown.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      const forged = await t.app.inject({ method, url, headers: { authorization: 'Bearer ' + 'A'.repeat(43) } });
      expect(forged.statusCode).toBe(401);
    }
  });
});

describe('change password', () => {
  const change = (auth: Record<string, string>, payload: unknown, language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/account/password', headers: { ...auth, 'accept-language': language }, payload: payload as object });

  it('needs the current password, then ends every other session and signs in with the new one only', async () => {
    const u = await signUp(t.app);
    const other = await login(u.email, u.password);
    const wrong = await change(u.auth, { currentPassword: 'not-it-at-all', newPassword: 'brand-new-pw' }, 'ko');
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', error: '현재 비밀번호가 올바르지 않습니다.' });
    expect((await me(other)).statusCode).toBe(200);

    const res = await change(u.auth, { currentPassword: u.password, newPassword: 'brand-new-pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, endedSessions: 1 });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(u.auth)).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(old.statusCode).toBe(401);
    await login(u.email, 'brand-new-pw');
  });

  it('refuses bad input: short, same, missing or extra fields, wrong types', async () => {
    const u = await signUp(t.app);
    const same = await change(u.auth, { currentPassword: u.password, newPassword: u.password }, 'zh');
    expect(same.statusCode).toBe(400);
    expect(errorBody(same)).toMatchObject({ code: 'SAME_PASSWORD', error: '新密码与当前密码相同，请换一个。' });
    for (const payload of [
      { currentPassword: u.password, newPassword: '123' },
      { currentPassword: u.password, newPassword: 'x'.repeat(129) },
      { currentPassword: '', newPassword: 'long-enough' },
      { newPassword: 'long-enough' },
      { currentPassword: u.password },
      { currentPassword: u.password, newPassword: 'long-enough', role: 'admin' },
      { currentPassword: 42, newPassword: 'long-enough' },
      [],
    ]) {
      const res = await change(u.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'a', newPassword: 'long-enough' } });
    expect(anonymous.statusCode).toBe(401);
    // Nothing changed.
    await login(u.email, u.password);
  });

  it('limits password guesses per user (429 with Retry-After)', async () => {
    const u = await signUp(t.app);
    let last = await change(u.auth, { currentPassword: 'guess-0', newPassword: 'long-enough' });
    for (let i = 1; i <= 10; i += 1) last = await change(u.auth, { currentPassword: `guess-${i}`, newPassword: 'long-enough' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the window ends.
    expect((await change(u.auth, { currentPassword: u.password, newPassword: 'long-enough' })).statusCode).toBe(429);
    t.clock.advance(901_000);
    expect((await change(u.auth, { currentPassword: u.password, newPassword: 'long-enough' })).statusCode).toBe(200);
  });
});

describe('display name', () => {
  const rename = (auth: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/account/profile', headers: auth, payload: payload as object });

  it('renames the user at once, also through a cached session', async () => {
    const u = await signUp(t.app);
    expect((await me(u.auth)).json().username).toBe(u.username);
    const res = await rename(u.auth, { username: `  Renamed_${u.username.slice(-6)} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.user.id, username: `Renamed_${u.username.slice(-6)}` });
    expect((await me(u.auth)).json().username).toBe(`Renamed_${u.username.slice(-6)}`);
  });

  it("refuses another account's name in any letter case, and bad names", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const taken = await rename(u.auth, { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(errorBody(taken).code).toBe('USERNAME_TAKEN');
    for (const payload of [{ username: 'a' }, { username: 'x'.repeat(33) }, { username: 'has space' }, { username: '<b>' }, {}, { username: 'ok_name', email: 'x@y.z' }]) {
      const res = await rename(u.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await rename({}, { username: 'fine_name' })).statusCode).toBe(401);
    expect((await me(u.auth)).json().username).toBe(u.username);
  });
});
