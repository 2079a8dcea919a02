import { simpleParser, type ParsedMail } from 'mailparser';
import { generateSync } from 'otplib';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, errorBody, linkToken, outboxMails, signUp, waitForLink, waitForMail, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can ask from its own address (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const post = (url: string, payload?: unknown, headers: Auth = {}) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const me = (auth: Auth) => t.app.inject({ url: '/api/auth/me', headers: auth });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let ipCounter = 0;
/** Each test asks from its own address, so per-IP limits of one test never spill into another. */
const freshIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipCounter}` });

describe('delivery through SMTP', () => {
  it('sends through the SMTP_URL server, with its credentials, from MAIL_FROM, in the reader\'s language', async () => {
    const received: ParsedMail[] = [];
    const envelopes: Array<{ from: string; to: string[]; user?: string }> = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, done) {
        if (auth.username === 'mailer' && auth.password === 's3cret') return done(null, { user: auth.username });
        return done(new Error('bad credentials'));
      },
      onData(stream, session, done) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          envelopes.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), user: session.user as string });
          done();
        }, done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const app = await createTestApp({ SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`, MAIL_FROM: 'Yumi Studio <no-reply@yumi.test>', PUBLIC_URL: 'https://yumi.test' });
    try {
      const res = await app.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, payload: { email: 'li@example.com', username: 'li_wei', password: 'secret123' } });
      expect(res.statusCode).toBe(201);
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000, interval: 20 });
      const mail = received[0]!;
      expect(envelopes[0]).toEqual({ from: 'no-reply@yumi.test', to: ['li@example.com'], user: 'mailer' });
      expect(mail.from?.value).toEqual([{ name: 'Yumi Studio', address: 'no-reply@yumi.test' }]);
      expect(mail.subject).toBe('请确认您在 Yumi Studio 的邮箱地址');
      expect(mail.text).toMatch(/^li_wei，欢迎来到 Yumi Studio！/);
      expect(mail.text).toMatch(/https:\/\/yumi\.test\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
      expect(mail.html).toContain('lang="zh-CN"');
      expect(mail.html).toContain('linear-gradient(135deg,#a855f7,#ec4899)');
      // Nothing went to the outbox: SMTP is the way when configured.
      expect(await outboxMails(app, 'li@example.com')).toEqual([]);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});

describe('password reset', () => {
  it('answers the same 202 for known and unknown addresses and mails only the known one', async () => {
    const u = await signUp(t.app, 'known');
    const known = await post('/api/auth/password-reset/request', { email: u.email.toUpperCase() }, freshIp());
    const unknown = await post('/api/auth/password-reset/request', { email: 'nobody-here@example.com' }, freshIp());
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ accepted: true });
    // Headers too, apart from the ones every answer has its own of.
    const headers = (res: typeof known) => Object.entries(res.headers).filter(([name]) => !['date', 'x-request-id'].includes(name));
    expect(headers(known)).toEqual(headers(unknown));
    await waitForLink(t, u.email, '/reset-password');
    const mail = (await outboxMails(t, u.email)).find((m) => m.text?.includes('/reset-password?token='))!;
    expect(mail.subject).toBe('Reset your Yumi Studio password');
    expect(mail.text).toContain('30 minutes');
    expect(await outboxMails(t, 'nobody-here@example.com')).toEqual([]);
  });

  it('sets the new password, ends every session, clears sign-in slow-downs, proves the address and signs in; the link works once', async () => {
    const u = await signUp(t.app, 'reset');
    const other = (await post('/api/auth/login', { email: u.email, password: u.password })).json().token as string;
    // Six wrong passwords: this address is now slowed down for the account.
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await post('/api/auth/login', { email: u.email, password: 'wrong-password' }, ip);
    expect((await post('/api/auth/login', { email: u.email, password: u.password }, ip)).statusCode).toBe(429);

    await post('/api/auth/password-reset/request', { email: u.email }, freshIp());
    const token = await waitForLink(t, u.email, '/reset-password');
    const weak = await post('/api/auth/password-reset/confirm', { token, password: '123' });
    expect(weak.statusCode).toBe(422);
    const done = await post('/api/auth/password-reset/confirm', { token, password: 'brand-new-pass' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, user: { email: u.email, emailVerified: true } });
    expect((await me(bearer(done.json().token))).statusCode).toBe(200);
    for (const old of [u.token, other]) expect((await me(bearer(old))).statusCode).toBe(401);

    expect((await post('/api/auth/login', { email: u.email, password: u.password }, ip)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: 'brand-new-pass' }, ip)).statusCode).toBe(200);
    const again = await post('/api/auth/password-reset/confirm', { token, password: 'another-pass' }, { 'accept-language': 'zh' });
    expect(again.statusCode).toBe(400);
    expect(errorBody(again)).toMatchObject({ code: 'LINK_USED', error: '此链接已被使用，请重新申请一个新链接。' });
  });

  it('links expire after 30 minutes; a newer request replaces the older link', async () => {
    const u = await signUp(t.app, 'expiry');
    expect((await post('/api/auth/password-reset/request', { email: u.email }, freshIp())).statusCode).toBe(202);
    const first = await waitForLink(t, u.email, '/reset-password');
    expect((await post('/api/auth/password-reset/request', { email: u.email }, freshIp())).statusCode).toBe(202);
    const second = await waitForLink(t, u.email, '/reset-password', 2);
    expect(errorBody(await post('/api/auth/password-reset/confirm', { token: first, password: 'newpass123' })).code).toBe('LINK_USED');
    t.clock.advance(30 * 60_000 + 1);
    const expired = await post('/api/auth/password-reset/confirm', { token: second, password: 'newpass123' });
    expect(expired.statusCode).toBe(400);
    expect(errorBody(expired).code).toBe('LINK_EXPIRED');
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('needs the second step when two-step sign-in is on, without using up the link on a missing or wrong code', async () => {
    const u = await signUp(t.app, 'twostep');
    const { secret } = (await post('/api/account/two-step/setup', { password: u.password }, u.auth)).json() as { secret: string };
    const code = () => generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await post('/api/account/two-step/enable', { code: code() }, u.auth)).statusCode).toBe(200);
    t.clock.advance(30_000);

    await post('/api/auth/password-reset/request', { email: u.email }, freshIp());
    const token = await waitForLink(t, u.email, '/reset-password');
    const missing = await post('/api/auth/password-reset/confirm', { token, password: 'newpass123' });
    expect(missing.statusCode).toBe(400);
    expect(errorBody(missing).code).toBe('TWO_STEP_REQUIRED');
    const wrong = await post('/api/auth/password-reset/confirm', { token, password: 'newpass123', code: '000000' });
    expect(errorBody(wrong).code).toBe('TWO_STEP_INVALID');
    expect((await post('/api/auth/login', { email: u.email, password: 'newpass123' })).statusCode).toBe(401);
    const ok = await post('/api/auth/password-reset/confirm', { token, password: 'newpass123', code: code() });
    expect(ok.statusCode).toBe(200);
    // Two-step stays on: signing in with the new password still asks for the code.
    expect((await post('/api/auth/login', { email: u.email, password: 'newpass123' })).json()).toMatchObject({ twoStepRequired: true });
  });

  it('refuses bad input and limits requests per address and per IP', async () => {
    for (const payload of [{}, { email: '' }, { email: 'not-an-email' }, { email: 'a@b.co', extra: 1 }, { email: 'x'.repeat(250) + '@example.com' }, { email: 7 }]) {
      const res = await post('/api/auth/password-reset/request', payload, freshIp());
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      errorBody(res);
    }
    const token = 'A'.repeat(43);
    for (const payload of [{}, { token }, { password: 'newpass123' }, { token: 'short', password: 'newpass123' }, { token, password: 'x'.repeat(129) }, { token, password: 'newpass123', code: '1' }, { token, password: 'newpass123', more: true }]) {
      const res = await post('/api/auth/password-reset/confirm', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      errorBody(res);
    }
    expect(errorBody(await post('/api/auth/password-reset/confirm', { token, password: 'newpass123' })).code).toBe('LINK_INVALID');

    const ip = freshIp();
    const perAddress = [];
    for (let i = 0; i < 6; i++) perAddress.push((await post('/api/auth/password-reset/request', { email: 'flood@example.com' }, ip)).statusCode);
    expect(perAddress).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await post('/api/auth/password-reset/request', { email: 'FLOOD@example.com' }, freshIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const ipCodes = [];
    const busy = freshIp();
    for (let i = 0; i < 31; i++) ipCodes.push((await post('/api/auth/password-reset/request', { email: `probe${i}@example.com` }, busy)).statusCode);
    expect(ipCodes.slice(0, 30).every((c) => c === 202)).toBe(true);
    expect(ipCodes[30]).toBe(429);
  });
});

describe('change of email address', () => {
  it('mails a link to the new address and a notice to the old; opening it moves the account', async () => {
    const u = await signUp(t.app, 'mover');
    const other = await signUp(t.app, 'taken');
    const wrong = await post('/api/auth/change-email', { email: 'moved@example.com', password: 'not-it' }, u.auth);
    expect(errorBody(wrong).code).toBe('WRONG_PASSWORD');
    const same = await post('/api/auth/change-email', { email: u.email.toUpperCase(), password: u.password }, { ...u.auth, 'accept-language': 'ja' });
    expect(errorBody(same)).toMatchObject({ code: 'SAME_EMAIL', error: 'これはすでにあなたのメールアドレスです。' });
    const taken = await post('/api/auth/change-email', { email: other.email, password: u.password }, u.auth);
    expect(taken.statusCode).toBe(409);
    expect(errorBody(taken).code).toBe('EMAIL_TAKEN');

    const asked = await post('/api/auth/change-email', { email: 'moved@example.com', password: u.password }, { ...u.auth, 'accept-language': 'ko' });
    expect(asked.statusCode).toBe(202);
    await waitForMail(t, u.email, 2); // the sign-up verification and the notice, in either order
    const notice = (await outboxMails(t, u.email)).find((m) => m.subject === 'Yumi Studio 이메일 주소 변경이 요청되었습니다')!;
    expect(notice).toBeDefined();
    expect(notice.text).toContain('moved@example.com');
    expect(notice.text).not.toMatch(/token=/);
    const token = linkToken(await waitForMail(t, 'moved@example.com'), '/verify-email');
    // Until the link is opened nothing changes.
    expect((await me(u.auth)).json().email).toBe(u.email);

    const opened = await post('/api/auth/verify-email', { token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ emailVerified: true, email: 'moved@example.com', changed: true });
    expect((await me(u.auth)).json()).toMatchObject({ email: 'moved@example.com', emailVerified: true });
    expect((await post('/api/auth/login', { email: 'moved@example.com', password: u.password })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect(errorBody(await post('/api/auth/verify-email', { token })).code).toBe('LINK_USED');
  });

  it('old links end when the address changes; someone else taking the address first wins', async () => {
    const u = await signUp(t.app, 'racer');
    const verifyOld = linkToken(await waitForMail(t, u.email), '/verify-email');
    await post('/api/auth/change-email', { email: 'contested@example.com', password: u.password }, u.auth);
    const change = linkToken(await waitForMail(t, 'contested@example.com'), '/verify-email');
    await signUp(t.app, 'x').then(() => post('/api/auth/signup', { email: 'contested@example.com', username: 'quickest', password: 'secret123' }));
    const lost = await post('/api/auth/verify-email', { token: change });
    expect(lost.statusCode).toBe(409);
    expect(errorBody(lost).code).toBe('EMAIL_TAKEN');

    await post('/api/auth/change-email', { email: 'elsewhere@example.com', password: u.password }, u.auth);
    const move = linkToken(await waitForMail(t, 'elsewhere@example.com'), '/verify-email');
    expect((await post('/api/auth/verify-email', { token: move })).statusCode).toBe(200);
    // The sign-up link was for the old address: it proves nothing now.
    expect(errorBody(await post('/api/auth/verify-email', { token: verifyOld })).code).toBe('LINK_USED');
  });

  it('refuses bad input and anonymous callers, and limits requests', async () => {
    const u = await signUp(t.app, 'badinput');
    expect((await post('/api/auth/change-email', { email: 'a@example.com', password: 'x' })).statusCode).toBe(401);
    for (const payload of [{}, { email: 'a@example.com' }, { password: u.password }, { email: 'bad', password: u.password }, { email: 'a@example.com', password: '' }, { email: 'a@example.com', password: u.password, x: 1 }]) {
      const res = await post('/api/auth/change-email', payload, u.auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      errorBody(res);
    }
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await post('/api/auth/change-email', { email: `n${i}@example.com`, password: u.password }, u.auth)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('security notices', () => {
  /** Waits for a mail to `to` with exactly this subject (mails are written in the background, in any order). */
  const noticeTo = (to: string, subject: string) =>
    vi.waitFor(
      async () => {
        const mail = (await outboxMails(t, to)).find((m) => m.subject === subject);
        if (!mail) throw new Error(`no "${subject}" to ${to} yet`);
        return mail;
      },
      { timeout: 10_000, interval: 20 },
    );

  it('mails the owner, in their language, when the password, two-step sign-in, an export or the account itself changes', async () => {
    const u = await signUp(t.app, 'notice');
    const ja = { ...u.auth, 'accept-language': 'ja' };
    expect((await post('/api/account/password', { currentPassword: u.password, newPassword: 'changed-pass-1' }, ja)).statusCode).toBe(200);
    const changed = await noticeTo(u.email, 'Yumi Studio のパスワードが変更されました');
    expect(changed.text).toContain('パスワードをお忘れですか？');
    expect(changed.text).toContain('/account');

    const { secret } = (await post('/api/account/two-step/setup', { password: 'changed-pass-1' }, u.auth)).json() as { secret: string };
    const code = (offset = 0) => generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offset });
    expect((await post('/api/account/two-step/enable', { code: code() }, u.auth)).statusCode).toBe(200);
    expect((await noticeTo(u.email, 'Two-step sign-in is now on for Yumi Studio')).html).toContain('Open my account');
    t.clock.advance(30_000);
    expect((await post('/api/account/two-step/disable', { password: 'changed-pass-1', code: code() }, { ...u.auth, 'accept-language': 'zh' })).statusCode).toBe(200);
    await noticeTo(u.email, 'Yumi Studio 的两步登录已关闭');

    const exported = await t.app.inject({ url: '/api/account/export', headers: { ...u.auth, 'accept-language': 'ko' } });
    expect(exported.statusCode).toBe(200);
    await noticeTo(u.email, 'Yumi Studio 데이터 사본이 다운로드되었습니다');

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: u.auth, payload: { password: 'changed-pass-1' } });
    expect(deleted.statusCode).toBe(200);
    const bye = await noticeTo(u.email, 'Your Yumi Studio account was deleted');
    expect(bye.text).toContain(u.email);
    expect(bye.text).not.toContain('~deleted');
  });
});
