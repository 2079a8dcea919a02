import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { clearLoginThrottle } from '../src/modules/auth/login-throttle';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

// Failed sign-ins are counted per (account, IP): an attacker's address is slowed down, the owner elsewhere
// is not. A much higher per-account ceiling slows distributed guessing for addresses the account has never
// signed in from. The per-email limit of the old lockout is set to its production default, 10, so these
// tests would see the owner locked out if it still applied to sign-in.
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

let t: TestApp;
/** The same, with a per-account ceiling low enough to reach in a test (each guess costs a real scrypt). */
let tLow: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '10' });
  tLow = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '10', LOGIN_ACCOUNT_FAILURES_PER_HOUR: '8' });
});
afterAll(async () => {
  await t.close();
  await tLow.close();
});

const loginTo = (app: TestApp, email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers });
const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}) => loginTo(t, email, password, ip, headers);
const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

/** Fails `count` times from `ip`, waiting out each Retry-After on the test clock; answers the waits seen. */
async function failFrom(email: string, ip: string, count: number): Promise<number[]> {
  const waits: number[] = [];
  let failures = 0;
  while (failures < count) {
    const res = await login(email, 'wrong-guess', ip);
    if (res.statusCode === 429) {
      waits.push(retryAfter(res));
      t.clock.advance(retryAfter(res) * 1000);
    } else {
      expect(res.statusCode).toBe(401);
      failures += 1;
    }
  }
  return waits;
}

describe('login throttling per account and IP', () => {
  it('slows the attacker with a growing Retry-After while the owner signs in at once from elsewhere', async () => {
    const owner = await signUp(t.app, 'owner');
    const waits = await failFrom(owner.email, ATTACKER, 12);
    // Five free failures, then 1 s, 2 s, 4 s ... between guesses.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);

    const refused = await login(owner.email.toUpperCase(), 'wrong-guess', ATTACKER, { 'accept-language': 'ja' });
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBe(128);
    expect(errorBody(refused).code).toBe('RATE_LIMITED');
    expect(refused.json().error).toContain('128 秒');
    // Refused before the password is looked at: even the right password does not get through (no oracle).
    expect((await login(owner.email, owner.password, ATTACKER)).statusCode).toBe(429);

    const ok = await login(owner.email, owner.password, OWNER);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
  });

  it('counts parallel guesses before checking them: a burst gets no more than the free failures', async () => {
    const u = await signUp(t.app, 'burst');
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(u.email, 'wrong-guess', ATTACKER)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('keys IPv6 addresses on their /64 network', async () => {
    const victim = await signUp(t.app, 'v6');
    for (let i = 1; i <= 5; i += 1) expect((await login(victim.email, 'wrong-guess', `2001:db8:aa:bb::${i}`)).statusCode).toBe(401);
    const rotated = await login(victim.email, 'wrong-guess', '2001:db8:aa:bb:ffff:1:2:3');
    expect(rotated.statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '2001:db8:aa:cc::1')).statusCode).toBe(200);
  });

  it('clears the counters of that account and IP on a successful sign-in', async () => {
    const u = await signUp(t.app, 'clear');
    await failFrom(u.email, ATTACKER, 4);
    expect((await login(u.email, u.password, ATTACKER)).statusCode).toBe(200);
    // Five free failures again, as if nothing had happened.
    for (let i = 0; i < 5; i += 1) expect((await login(u.email, 'wrong-guess', ATTACKER)).statusCode).toBe(401);
    const slowed = await login(u.email, 'wrong-guess', ATTACKER);
    expect(slowed.statusCode).toBe(429);
    expect(retryAfter(slowed)).toBe(1);
    t.clock.advance(1000);
    expect((await login(u.email, u.password, ATTACKER)).statusCode).toBe(200);
  });

  it('answers the same for an unknown email, so the throttle does not tell which accounts exist', async () => {
    const waits = await failFrom('nobody-here@example.com', ATTACKER, 7);
    expect(waits).toEqual([1, 2]);
  });

  it('past the per-account ceiling, slows new addresses but never the owner at an address they signed in from', async () => {
    const owner = await signUp(tLow.app, 'spread');
    const login = (email: string, password: string, ip: string) => loginTo(tLow, email, password, ip);
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(200);
    // Distributed guessing: eight addresses, one guess each, reach the ceiling of 8 an hour.
    for (let i = 1; i <= 8; i += 1) expect((await login(owner.email, 'wrong-guess', `192.0.2.${i}`)).statusCode).toBe(401);
    const slowed = await login(owner.email, 'wrong-guess', '192.0.2.100');
    expect(slowed.statusCode).toBe(429);
    expect(retryAfter(slowed)).toBeGreaterThan(0);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(5);
    expect(errorBody(slowed).code).toBe('RATE_LIMITED');

    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(200);

    // Slowed, not locked: once the pause is over a new address may try once more, then waits again.
    tLow.clock.advance(retryAfter(slowed) * 1000);
    expect((await login(owner.email, owner.password, '192.0.2.200')).statusCode).toBe(200);
    expect((await login(owner.email, 'wrong-guess', '192.0.2.201')).statusCode).toBe(429);

    // The hour passes: back to normal.
    tLow.clock.advance(3600_000);
    expect((await login(owner.email, 'wrong-guess', '192.0.2.202')).statusCode).toBe(401);
  });

  it('clears everything for the account on a password reset', async () => {
    const u = await signUp(t.app, 'reset');
    await failFrom(u.email, ATTACKER, 6);
    expect((await login(u.email, 'wrong-guess', ATTACKER)).statusCode).toBe(429);
    await clearLoginThrottle(t.database.db, u.email.toUpperCase());
    for (let i = 0; i < 5; i += 1) expect((await login(u.email, 'wrong-guess', ATTACKER)).statusCode).toBe(401);
  });

  it('refuses the throttle\'s own bad input like any login: 422, nothing counted', async () => {
    const u = await signUp(t.app, 'bad');
    for (const payload of [{ email: u.email }, { email: `${u.email}\u0000`, password: 'x' }, { email: 42, password: 'secret123' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ATTACKER });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (let i = 0; i < 5; i += 1) expect((await login(u.email, 'wrong-guess', ATTACKER)).statusCode).toBe(401);
  });
});
