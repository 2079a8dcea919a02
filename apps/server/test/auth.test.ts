import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(() => t.close());

async function countUsers() {
  const r = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM users`);
  return Number((r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

describe('accounts', () => {
  it('signs up, answers me and profile, logs out and kills the token', async () => {
    const u = await signUp(t.app);
    expect(u.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/api/auth/me', headers: u.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: u.email, username: u.username, role: 'user' });
    expect(me.body).not.toContain('password');
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: u.auth });
    expect(profile.json().id).toBe(u.user.id);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
    expect(out.json()).toEqual({ success: true });
    const after = await t.app.inject({ url: '/api/auth/me', headers: u.auth });
    expect(after.statusCode).toBe(401);
    expect(errorBody(after).code).toBe('UNAUTHORIZED');
  });

  it('logs in case-insensitively and stores only a hash of the token', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const { token, success } = res.json();
    expect(success).toBe(true);
    const rows = await t.database.db.execute(sql`SELECT token_hash FROM sessions`);
    const hashes = (rows as unknown as { rows: Array<{ token_hash: string }> }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('gives the same answer for a wrong email and a wrong password', async () => {
    const u = await signUp(t.app);
    const wrongPw = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'nottheone' } });
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'nottheone' },
    });
    expect(wrongPw.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPw.json()).toEqual(wrongEmail.json());
    expect(wrongPw.json()).toMatchObject({ success: false, error: 'Login failed' });
  });

  it('refuses a duplicate email in any case and a duplicate username', async () => {
    const u = await signUp(t.app);
    const dupEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: u.email.toUpperCase(), username: 'fresh_name', password: 'secret123' },
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
    const dupName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'other@example.com', username: u.username.toUpperCase(), password: 'secret123' },
    });
    expect(dupName.statusCode).toBe(409);
    expect(errorBody(dupName).code).toBe('USERNAME_TAKEN');
  });

  it('makes ADMIN_EMAILS admins once the address is verified (admin-role.test.ts)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'Boss@Example.com', username: 'boss', password: 'secret123' },
    });
    expect(res.json().user).toMatchObject({ role: 'user', emailVerified: false });
  });

  it('expires sessions after 30 days', async () => {
    const u = await signUp(t.app);
    t.clock.advance(29 * 86_400_000);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
  });

  it('never serves a session from the cache past its expiry, not by one millisecond', async () => {
    const u = await signUp(t.app);
    const r = await t.database.db.execute(sql`SELECT expires_at FROM sessions WHERE user_id = ${u.user.id}`);
    const expiresAt = new Date((r as unknown as { rows: Array<{ expires_at: string | Date }> }).rows[0]!.expires_at).getTime();
    const me = () => t.app.inject({ url: '/api/auth/me', headers: u.auth });
    // Two requests a millisecond apart, both inside the cache's lifetime: the second is a cache hit.
    t.clock.set(new Date(expiresAt - 2));
    expect((await me()).statusCode).toBe(200);
    t.clock.set(new Date(expiresAt - 1));
    expect((await me()).statusCode).toBe(200);
    t.clock.set(new Date(expiresAt + 1));
    const late = await me();
    expect(late.statusCode).toBe(401);
    expect(errorBody(late).code).toBe('UNAUTHORIZED');
  });

  it('answers each token as its own user on one keep-alive connection, and a token logged out there with 401', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const me = (token: string) =>
      new Promise<{ status: number; email?: string; reused: boolean }>((resolve, reject) => {
        const req = get({ host: '127.0.0.1', port, path: '/api/auth/me', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, email: (JSON.parse(text) as { email?: string }).email, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await me(a.token)).toEqual({ status: 200, email: a.email, reused: false });
      expect(await me(b.token)).toEqual({ status: 200, email: b.email, reused: true });
      expect(await me(a.token)).toEqual({ status: 200, email: a.email, reused: true });
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.auth })).statusCode).toBe(200);
      expect(await me(a.token)).toMatchObject({ status: 401, reused: true });
      expect(await me(b.token)).toEqual({ status: 200, email: b.email, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('bad input', () => {
  const signup = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, headers });

  it('answers every malformed request with a 4xx JSON error and writes nothing', async () => {
    const before = await countUsers();
    const cases: Array<[unknown, number]> = [
      [{ email: 'a@b.co', username: 'abc', password: 123456 }, 422],
      [{ email: 'a@b.co', password: 'secret123' }, 422],
      [{ email: 'a@b.co', username: 'abc', password: 'secret123', role: 'admin' }, 422],
      [{ email: 'not-an-email', username: 'abc', password: 'secret123' }, 422],
      [{ email: `${'a'.repeat(10_000)}@b.co`, username: 'abc', password: 'secret123' }, 422],
      [{ email: 'a@b.co', username: 'abc', password: 'short' }, 422],
      [{ email: 'a@b.co', username: 'abc', password: 'x'.repeat(129) }, 422],
      [{ email: "x'; DROP TABLE users;--@b.co", username: 'abc', password: 'secret123' }, 422],
      [{ email: 'c@d.co', username: '<script>alert(1)</script>', password: 'secret123' }, 422],
      [[1, 2, 3], 422],
    ];
    for (const [payload, status] of cases) {
      const res = await signup(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      errorBody(res);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorBody(malformed).code).toBe('MALFORMED_JSON');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: JSON.stringify({ email: 'a@b.co', username: 'abc', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(errorBody(big).code).toBe('PAYLOAD_TOO_LARGE');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a@b.co',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.statusCode).toBe(415);
    expect(await countUsers()).toBe(before);
  });

  it('treats SQL and HTML in fields as plain data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: "admin@example.com' OR '1'='1", password: "' OR '1'='1" },
    });
    expect([401, 422]).toContain(res.statusCode);
    errorBody(res);
  });

  it('rejects forged, malformed and missing tokens with 401', async () => {
    for (const header of [
      'Bearer forged',
      `Bearer ${'A'.repeat(43)}`,
      'Basic abc',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
      errorBody(res);
    }
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  // Sign-in is throttled per account and IP instead (login-throttle.test.ts); sign-up keeps its per-email limit.
  it('limits sign-up attempts per email with Retry-After', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const attempt = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { email: 'victim@example.com', username: `taker${n}`, password: 'secret123' },
        });
      expect((await attempt(0)).statusCode).toBe(201);
      for (let i = 1; i < 3; i += 1) expect((await attempt(i)).statusCode).toBe(409);
      const blocked = await attempt(3);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorBody(blocked).code).toBe('RATE_LIMITED');
      limited.clock.advance(601_000);
      expect((await attempt(4)).statusCode).toBe(409);
    } finally {
      await limited.close();
    }
  });
});
