import { generateSync } from 'otplib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const post = (url: string, payload: unknown, headers: Auth = {}) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
/** The code an authenticator app shows now (the TOTP itself is checked against RFC 6238 in totp.test.ts). */
const codeNow = (secret: string, offsetSteps = 0) => generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30 });
/** Moves to the next 30-second step, so a fresh code differs from the last accepted one. */
const nextStep = () => t.clock.advance(30_000);

async function withTwoStep() {
  const u = await signUp(t.app);
  const setup = await post('/api/account/two-step/setup', { password: u.password }, u.auth);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post('/api/account/two-step/enable', { code: codeNow(secret) }, u.auth);
  expect(enabled.statusCode).toBe(200);
  nextStep();
  return { ...u, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function passwordStep(email: string, password: string, language = 'en') {
  const res = await post('/api/auth/login', { email, password }, { 'accept-language': language });
  expect(res.statusCode).toBe(200);
  return res.json() as { success: boolean; twoStepRequired?: true; challenge: string; error: string; token?: string };
}

describe('turning two-step sign-in on', () => {
  it('offers a key with its QR code after the password, and turns on only with a code from it', async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/account/two-step', headers: u.auth })).json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const wrongPassword = await post('/api/account/two-step/setup', { password: 'not-the-password' }, u.auth);
    expect(wrongPassword.statusCode).toBe(400);
    expect(errorBody(wrongPassword).code).toBe('WRONG_PASSWORD');
    const noSetup = await post('/api/account/two-step/enable', { code: '123456' }, u.auth);
    expect(noSetup.statusCode).toBe(409);
    expect(errorBody(noSetup).code).toBe('TWO_STEP_NO_SETUP');

    const setup = await post('/api/account/two-step/setup', { password: u.password }, u.auth);
    const { secret, otpauthUri, qrSvg } = setup.json() as { secret: string; otpauthUri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(u.email));
    expect(qrSvg).toMatch(/^<svg/);
    // Still off, and a sign-in needs no code until it is confirmed.
    expect((await passwordStep(u.email, u.password)).success).toBe(true);

    const wrong = await post('/api/account/two-step/enable', { code: codeNow(secret, 3) }, { ...u.auth, 'accept-language': 'ja' });
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong)).toMatchObject({ code: 'TWO_STEP_INVALID', error: expect.stringContaining('コードが正しくありません') });

    const on = await post('/api/account/two-step/enable', { code: codeNow(secret) }, u.auth);
    expect(on.statusCode).toBe(200);
    const codes = (on.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    const status = (await t.app.inject({ url: '/api/account/two-step', headers: u.auth })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post('/api/account/two-step/setup', { password: u.password }, u.auth)).statusCode).toBe(409);

    // Stored: the key, and only hashes of the recovery codes.
    const rows = await t.database.db.execute(sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${u.user.id}`);
    const hashes = (rows as unknown as { rows: Array<{ code_hash: string }> }).rows.map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.join()).not.toContain(code.replace(/-/g, ''));
  });

  it('refuses bad input on every two-step endpoint', async () => {
    const u = await signUp(t.app);
    const cases: Array<[string, unknown]> = [
      ['/api/account/two-step/setup', {}],
      ['/api/account/two-step/setup', { password: '' }],
      ['/api/account/two-step/setup', { password: u.password, extra: 1 }],
      ['/api/account/two-step/enable', { code: '12345' }],
      ['/api/account/two-step/enable', { code: '1234567' }],
      ['/api/account/two-step/enable', { code: 'abcdef' }],
      ['/api/account/two-step/enable', { code: 123456 }],
      ['/api/account/two-step/disable', { password: u.password }],
      ['/api/account/two-step/disable', { password: u.password, code: 'x'.repeat(41) }],
      ['/api/account/two-step/recovery-codes', { code: '123456' }],
      ['/api/auth/login/two-step', { challenge: 'x' }],
      ['/api/auth/login/two-step', { challenge: 'x'.repeat(65), code: '123456' }],
      ['/api/auth/login/two-step', { code: '123456' }],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload, u.auth);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(422);
    }
    for (const url of ['/api/account/two-step/setup', '/api/account/two-step/enable', '/api/account/two-step/disable', '/api/account/two-step/recovery-codes']) {
      expect((await post(url, { password: 'x', code: '123456' })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/account/two-step' })).statusCode).toBe(401);
    // Turning off or renewing codes while it is off: a clear 409.
    const off = await post('/api/account/two-step/disable', { password: u.password, code: '123456' }, u.auth);
    expect(off.statusCode).toBe(409);
    expect(errorBody(off).code).toBe('TWO_STEP_OFF');
  });
});

describe('signing in with two-step on', () => {
  it('asks for the code after the password and gives no session before it', async () => {
    const u = await withTwoStep();
    const first = await passwordStep(u.email, u.password, 'ko');
    expect(first).toMatchObject({ success: false, twoStepRequired: true, code: 'TWO_STEP_REQUIRED', error: '인증 앱에 표시된 6자리 코드를 입력해 주세요.' });
    expect(first.token).toBeUndefined();
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const wrong = await post('/api/auth/login/two-step', { challenge: first.challenge, code: codeNow(u.secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, code: 'TWO_STEP_INVALID' });
    const ok = await post('/api/auth/login/two-step', { challenge: first.challenge, code: codeNow(u.secret) }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0' });
    expect(ok.statusCode).toBe(200);
    const { token, user } = ok.json() as { token: string; user: { id: string } };
    expect(user.id).toBe(u.user.id);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    // The challenge is spent, and the same code does not work twice.
    expect((await post('/api/auth/login/two-step', { challenge: first.challenge, code: codeNow(u.secret) })).statusCode).toBe(401);
    const again = await passwordStep(u.email, u.password);
    const replay = await post('/api/auth/login/two-step', { challenge: again.challenge, code: codeNow(u.secret) });
    expect(replay.statusCode).toBe(400);
    nextStep();
    expect((await post('/api/auth/login/two-step', { challenge: again.challenge, code: codeNow(u.secret) })).statusCode).toBe(200);
  });

  it('never says which of email and password was wrong, also with two-step on', async () => {
    const u = await withTwoStep();
    const wrongPassword = await post('/api/auth/login', { email: u.email, password: 'wrong-password' });
    const wrongEmail = await post('/api/auth/login', { email: `x${u.email}`, password: u.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
  });

  it('takes each recovery code once, in any case, with or without dashes', async () => {
    const u = await withTwoStep();
    const code = u.recoveryCodes[3]!;
    const first = await passwordStep(u.email, u.password);
    expect((await post('/api/auth/login/two-step', { challenge: first.challenge, code: code.toUpperCase().replace(/-/g, ' ') })).statusCode).toBe(200);
    const second = await passwordStep(u.email, u.password);
    const reused = await post('/api/auth/login/two-step', { challenge: second.challenge, code });
    expect(reused.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/account/two-step', headers: u.auth })).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('lets a sign-in wait five minutes and five codes, then starts over', async () => {
    const u = await withTwoStep();
    const slow = await passwordStep(u.email, u.password);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await post('/api/auth/login/two-step', { challenge: slow.challenge, code: codeNow(u.secret) }, { 'accept-language': 'zh' });
    expect(late.statusCode).toBe(401);
    expect(errorBody(late)).toMatchObject({ code: 'TWO_STEP_EXPIRED', error: '本次登录已过期，请重新输入邮箱和密码。' });

    const guessed = await passwordStep(u.email, u.password);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login/two-step', { challenge: guessed.challenge, code: String(100000 + i) })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/login/two-step', { challenge: guessed.challenge, code: codeNow(u.secret) })).statusCode).toBe(401);
    expect((await post('/api/auth/login/two-step', { challenge: 'A'.repeat(43), code: codeNow(u.secret) })).statusCode).toBe(401);
  });

  it('limits second-step attempts per user across sign-ins (429)', async () => {
    const u = await withTwoStep();
    let last;
    for (let i = 0; i < 3; i += 1) {
      const { challenge } = await passwordStep(u.email, u.password);
      for (let j = 0; j < 4; j += 1) last = await post('/api/auth/login/two-step', { challenge, code: String(200000 + i * 10 + j) });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('turning two-step sign-in off, new recovery codes', () => {
  it('needs the password and a code; sign-in then needs the password only', async () => {
    const u = await withTwoStep();
    const noCode = await post('/api/account/two-step/disable', { password: u.password, code: codeNow(u.secret, 4) }, u.auth);
    expect(noCode.statusCode).toBe(400);
    expect(errorBody(noCode).code).toBe('TWO_STEP_INVALID');
    const noPassword = await post('/api/account/two-step/disable', { password: 'wrong-password', code: codeNow(u.secret) }, u.auth);
    expect(noPassword.statusCode).toBe(400);
    expect(errorBody(noPassword).code).toBe('WRONG_PASSWORD');
    const off = await post('/api/account/two-step/disable', { password: u.password, code: u.recoveryCodes[0] }, u.auth);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await passwordStep(u.email, u.password)).success).toBe(true);
    const left = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${u.user.id}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const u = await withTwoStep();
    const res = await post('/api/account/two-step/recovery-codes', { password: u.password, code: codeNow(u.secret) }, u.auth);
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).not.toContain(u.recoveryCodes[1]);
    const a = await passwordStep(u.email, u.password);
    expect((await post('/api/auth/login/two-step', { challenge: a.challenge, code: u.recoveryCodes[1] })).statusCode).toBe(400);
    expect((await post('/api/auth/login/two-step', { challenge: a.challenge, code: fresh[1] })).statusCode).toBe(200);
  });
});

describe('authenticator keys at rest', () => {
  const storedKeys = async (userId: string) => {
    const rows = await t.database.db.execute(sql`SELECT totp_secret, totp_pending_secret FROM users WHERE id = ${userId}`);
    return (rows as unknown as { rows: Array<{ totp_secret: string | null; totp_pending_secret: string | null }> }).rows[0]!;
  };
  const signInWithCode = async (u: { email: string; password: string; secret: string }) => {
    const { challenge } = await passwordStep(u.email, u.password);
    return post('/api/auth/login/two-step', { challenge, code: codeNow(u.secret) });
  };

  it('stores the key sealed (AES-256-GCM), never the base32 secret, and sign-in with a code still works', async () => {
    const u = await withTwoStep();
    const { totp_secret: stored } = await storedKeys(u.user.id);
    expect(stored).toMatch(/^sb1\.[0-9a-f]{8}\./);
    expect(stored).not.toContain(u.secret);
    expect(Buffer.from(stored!.split('.')[2]!, 'base64url').toString('latin1')).not.toContain(u.secret);
    expect((await signInWithCode(u)).statusCode).toBe(200);
    // Moved to another account's row, the sealed key does not open: that sign-in fails instead of accepting it.
    const other = await withTwoStep();
    await t.database.db.execute(sql`UPDATE users SET totp_secret = ${stored} WHERE id = ${other.user.id}`);
    const { challenge } = await passwordStep(other.email, other.password);
    expect((await post('/api/auth/login/two-step', { challenge, code: codeNow(u.secret) })).statusCode).toBe(500);
  });

  it('seals keys stored in clear by older versions when the server starts', async () => {
    const u = await withTwoStep();
    const pendingUser = await signUp(t.app);
    const setup = await post('/api/account/two-step/setup', { password: pendingUser.password }, pendingUser.auth);
    const pendingSecret = (setup.json() as { secret: string }).secret;
    // As written before sealing existed.
    await t.database.db.execute(sql`UPDATE users SET totp_secret = ${u.secret} WHERE id = ${u.user.id}`);
    await t.database.db.execute(sql`UPDATE users SET totp_pending_secret = ${pendingSecret} WHERE id = ${pendingUser.user.id}`);

    const again = await buildApp(t.config, { database: t.database, clock: t.clock, serveWeb: false, blobs: t.blobStore });
    await again.close();
    const sealed = await storedKeys(u.user.id);
    expect(sealed.totp_secret).toMatch(/^sb1\./);
    expect((await storedKeys(pendingUser.user.id)).totp_pending_secret).toMatch(/^sb1\./);
    expect((await signInWithCode(u)).statusCode).toBe(200);
    const on = await post('/api/account/two-step/enable', { code: codeNow(pendingSecret) }, pendingUser.auth);
    expect(on.statusCode).toBe(200);
  });
});
