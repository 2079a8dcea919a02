import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRoleGrant } from '../src/modules/auth/role-grants';
import { createTestApp, errorBody, linkToken, signUp, signUpVerified, waitForMail, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com,chief@example.com' });
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = async (auth: Record<string, string>) => (await t.app.inject({ url: '/api/auth/me', headers: auth })).json();
const audit = (auth: Record<string, string>, query = '') => t.app.inject({ url: `/api/admin/audit${query}`, headers: auth });

describe('the admin role needs a verified address', () => {
  it('a stranger signing up with an ADMIN_EMAILS address in another letter case is no admin until the link is opened', async () => {
    const signup = await post('/api/auth/signup', { email: 'BOSS@Example.COM', username: 'notboss', password: 'secret123' });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user).toMatchObject({ role: 'user', emailVerified: false });
    const auth = { authorization: `Bearer ${signup.json().token as string}` };
    expect((await t.app.inject({ url: '/api/art/review', headers: auth })).statusCode).toBe(403);
    expect((await audit(auth)).statusCode).toBe(403);
    // Signing in again does not promote an unverified address either.
    const login = await post('/api/auth/login', { email: 'boss@example.com', password: 'secret123' });
    expect(login.json().user).toMatchObject({ role: 'user', emailVerified: false });
    expect((await t.app.inject({ url: '/api/art/review', headers: { authorization: `Bearer ${login.json().token as string}` } })).statusCode).toBe(403);

    // Whoever reads the mailbox proves it: the link makes the account an admin, also on the live session.
    const mail = await waitForMail(t, 'BOSS@Example.COM');
    const verified = await post('/api/auth/verify-email', { token: linkToken(mail, '/verify-email') });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ emailVerified: true, email: 'BOSS@Example.COM', changed: false });
    expect(await me(auth)).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await t.app.inject({ url: '/api/art/review', headers: auth })).statusCode).toBe(200);
    const entries = (await audit(auth)).json().entries;
    expect(entries[0]).toMatchObject({ actor: 'ADMIN_EMAILS', action: 'role.grant', targetType: 'user', targetLabel: 'BOSS@Example.COM' });
  });

  it('an address not in ADMIN_EMAILS stays a user after verification', async () => {
    const u = await signUpVerified(t, 'someone@example.com');
    expect(await me(u.auth)).toMatchObject({ role: 'user', emailVerified: true });
  });

  it('verification links are single use, expire after 24 hours, and a new one replaces the old', async () => {
    const u = await signUp(t.app, 'links');
    const first = linkToken(await waitForMail(t, u.email), '/verify-email');
    // "Send again" replaces the link: the first stops working.
    expect((await post('/api/auth/verify-email/resend', undefined, u.auth)).statusCode).toBe(202);
    const second = linkToken(await waitForMail(t, u.email, 2), '/verify-email');
    expect(second).not.toBe(first);
    const replaced = await post('/api/auth/verify-email', { token: first });
    expect(replaced.statusCode).toBe(400);
    expect(errorBody(replaced).code).toBe('LINK_USED');

    t.clock.advance(24 * 3_600_000 + 1000);
    const expired = await post('/api/auth/verify-email', { token: second }, { 'accept-language': 'ja' });
    expect(expired.statusCode).toBe(400);
    expect(errorBody(expired)).toMatchObject({ code: 'LINK_EXPIRED', error: 'このリンクの有効期限が切れています。新しいリンクをリクエストしてください。' });

    expect((await post('/api/auth/verify-email/resend', undefined, u.auth)).statusCode).toBe(202);
    const third = linkToken(await waitForMail(t, u.email, 3), '/verify-email');
    expect((await post('/api/auth/verify-email', { token: third })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token: third });
    expect(errorBody(again).code).toBe('LINK_USED');
    const resendVerified = await post('/api/auth/verify-email/resend', undefined, u.auth);
    expect(resendVerified.statusCode).toBe(409);
    expect(errorBody(resendVerified).code).toBe('ALREADY_VERIFIED');
  });

  it('refuses bad verification input and limits "send again"', async () => {
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(42) }, { token: 'x'.repeat(44) }, { token: 'a b'.repeat(15) }, { token: 42 }, { token: 'A'.repeat(43), extra: 1 }]) {
      const res = await post('/api/auth/verify-email', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      errorBody(res);
    }
    const unknown = await post('/api/auth/verify-email', { token: 'A'.repeat(43) }, { 'accept-language': 'ko' });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown)).toMatchObject({ code: 'LINK_INVALID', error: '유효하지 않은 링크입니다. 새 링크를 요청해 주세요.' });
    expect((await post('/api/auth/verify-email/resend')).statusCode).toBe(401);

    const u = await signUp(t.app, 'resend');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/auth/verify-email/resend', undefined, u.auth)).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
  });

  it('the verification mail is in the reader\'s language, as text and HTML with the link', async () => {
    const res = await post('/api/auth/signup', { email: 'hanako@example.com', username: 'hanako_01', password: 'secret123' }, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail(t, 'hanako@example.com');
    expect(mail.subject).toBe('Yumi Studio のメールアドレスを確認してください');
    expect(mail.text).toContain('hanako_01 さん');
    const token = linkToken(mail, '/verify-email');
    expect(mail.html).toContain(`/verify-email?token=${token}`);
    expect(mail.html).toContain('hanako_01 さん');
    expect(mail.html).toContain('lang="ja"');
  });
});

describe('role grants from the command line', () => {
  it('grant makes an admin without ADMIN_EMAILS, revoke wins over ADMIN_EMAILS; both audited', async () => {
    const u = await signUp(t.app, 'granted');
    const granted = await setRoleGrant(t.database, t.config, { email: u.email.toUpperCase(), grant: 'granted', now: t.clock.now() });
    expect(granted).toMatchObject({ status: 'done', role: 'admin', changed: true });
    const login = await post('/api/auth/login', { email: u.email, password: u.password });
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    expect(login.json().user.role).toBe('admin');

    const chief = await signUpVerified(t, 'chief@example.com');
    expect((await me(chief.auth)).role).toBe('admin');
    expect(await setRoleGrant(t.database, t.config, { email: 'chief@example.com', grant: 'revoked', now: t.clock.now() })).toMatchObject({ role: 'user', changed: true });
    const relogin = await post('/api/auth/login', { email: 'chief@example.com', password: 'secret123' });
    expect(relogin.json().user.role).toBe('user');

    expect(await setRoleGrant(t.database, t.config, { email: 'nobody@example.com', grant: 'granted', now: t.clock.now() })).toEqual({ status: 'no-such-account' });
    const entries = (await audit(auth)).json().entries as Array<{ actor: string; action: string; targetLabel: string }>;
    expect(entries.slice(0, 3).map((e) => [e.actor, e.action, e.targetLabel])).toEqual([
      ['command line', 'role.revoke', 'chief@example.com'],
      ['ADMIN_EMAILS', 'role.grant', 'chief@example.com'],
      ['command line', 'role.grant', u.email],
    ]);
  });

  it('npm run admin answers its usage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yumi-admin-cli-'));
    const run = promisify(execFile);
    const cli = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/src/modules/auth/role-cli.ts', ...args], {
        cwd: join(import.meta.dirname, '../../..'),
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    try {
      const usage = await cli(['promote', 'x@example.com']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('npm run admin -- grant <email>');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('audit log', () => {
  it('pages newest first; admins only; bad queries refused', async () => {
    const admin = await signUpVerified(t, 'boss@example.com').catch(async () => {
      const login = await post('/api/auth/login', { email: 'boss@example.com', password: 'secret123' });
      return { auth: { authorization: `Bearer ${login.json().token as string}` } };
    });
    const page1 = await audit(admin.auth, '?limit=1');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().entries).toHaveLength(1);
    const next = page1.json().nextBefore as number;
    expect(next).toBe(page1.json().entries[0].id);
    const page2 = (await audit(admin.auth, `?limit=1&before=${next}`)).json();
    expect(page2.entries[0].id).toBeLessThan(next);

    for (const q of ['?limit=0', '?limit=201', '?limit=abc', '?before=-1', '?before=1.5']) {
      const res = await audit(admin.auth, q);
      expect(res.statusCode, q).toBe(422);
      errorBody(res);
    }
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    const u = await signUp(t.app);
    expect((await audit(u.auth)).statusCode).toBe(403);
  });
});
