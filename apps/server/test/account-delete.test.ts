import { generateSync } from 'otplib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_GRACE_MS, Blobs } from '../src/providers/blob/registry';
import { fillAccount } from './account-fixtures';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: T[] };
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query)).rows[0]!.n);
const deleteAccount = (auth: Auth, payload: unknown, language = 'en') =>
  t.app.inject({ method: 'DELETE', url: '/api/account', headers: { ...auth, 'accept-language': language }, payload: payload as object });

/** A paid purchase with its ledger entry and balance, as fulfilment writes them. */
async function buyTimeshards(userId: string, tokens: number) {
  const [purchase] = (
    await rows<{ id: string }>(sql`INSERT INTO purchases (user_id, provider, method, kind, item_id, tokens, amount_cents, status, paid_at)
      VALUES (${userId}, 'test', 'stripe', 'package', 'starter', ${tokens}, 500, 'paid', now()) RETURNING id`)
  ).rows;
  await t.database.db.execute(sql`INSERT INTO credit_ledger (user_id, delta, reason, source_type, source_id) VALUES (${userId}, ${tokens}, 'Purchase', 'purchase', ${purchase!.id})`);
  await t.database.db.execute(sql`INSERT INTO credit_balances (user_id, balance) VALUES (${userId}, ${tokens})`);
  return purchase!.id;
}

describe('deleting an account', () => {
  it('deletes everything personal, keeps purchases and ledger anonymised, frees the email and the blobs', async () => {
    const u = await signUp(t.app, 'gone');
    const other = await signUp(t.app, 'stay');
    const mine = await fillAccount(t, u.auth);
    const theirs = await fillAccount(t, other.auth); // the same layer bytes: shared blobs must survive
    const purchaseId = await buyTimeshards(u.user.id, 300);
    const keys = (await rows<{ blob_key: string }>(sql`SELECT blob_key FROM blob_refs WHERE user_id = ${u.user.id}`)).rows.map((r) => r.blob_key);
    expect(keys.length).toBeGreaterThan(0);

    const wrong = await deleteAccount(u.auth, { password: 'not-my-password' }, 'ja');
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', error: '現在のパスワードが正しくありません。' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);

    const res = await deleteAccount(u.auth, { password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    // Signed out everywhere, and the sign-in answers as for any wrong password.
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `nobody-${u.email}`, password: u.password } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(unknown.json());

    // Personal rows are gone; the other user's are untouched.
    for (const table of ['documents', 'characters', 'chat_archives', 'sessions', 'report_meta']) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${u.user.id}`), table).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${other.user.id}`), table).toBeGreaterThan(0);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM character_versions WHERE character_id = ${mine.character.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM blob_refs WHERE user_id = ${u.user.id}`)).toBe(0);
    expect((await t.app.inject({ url: `/api/anime-helper/characters/${theirs.character.id}`, headers: other.auth })).statusCode).toBe(200);

    // The books: the purchase and its ledger entry stay, on a row with no email, name or password;
    // the remaining balance is forfeited by one more entry.
    const [user] = (await rows<{ email: string; username: string; password_hash: string; deleted_at: Date | null }>(sql`SELECT email, username, password_hash, deleted_at FROM users WHERE id = ${u.user.id}`)).rows;
    expect(user!.email).not.toContain(u.email);
    expect(user!.username).not.toContain(u.username);
    expect(user!.password_hash).toBe('!');
    expect(user!.deleted_at).not.toBeNull();
    expect(await count(sql`SELECT count(*)::int AS n FROM purchases WHERE id = ${purchaseId} AND user_id = ${u.user.id}`)).toBe(1);
    const ledger = (await rows<{ delta: string; source_type: string }>(sql`SELECT delta, source_type FROM credit_ledger WHERE user_id = ${u.user.id} ORDER BY delta DESC`)).rows;
    expect(ledger.map((r) => [Number(r.delta), r.source_type])).toEqual([
      [300, 'purchase'],
      [-300, 'account_deletion'],
    ]);
    expect(await count(sql`SELECT balance::int AS n FROM credit_balances WHERE user_id = ${u.user.id}`)).toBe(0);

    // The email signs up again, as a new account.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: u.email.toUpperCase(), username: u.username, password: 'another-secret' } });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(u.user.id);

    // Blobs only this account held are collected after the grace period; shared ones stay.
    const shared = new Set((await rows<{ blob_key: string }>(sql`SELECT blob_key FROM blob_refs WHERE user_id = ${other.user.id}`)).rows.map((r) => r.blob_key));
    const blobs = new Blobs(t.database.db, t.blobStore, t.clock);
    await blobs.sweep();
    t.clock.advance(BLOB_GRACE_MS + 60_000);
    const { deleted } = await blobs.sweep();
    for (const key of keys) {
      if (shared.has(key)) expect(deleted).not.toContain(key);
      else expect(deleted).toContain(key);
    }
    expect(keys.some((k) => shared.has(k))).toBe(true);
  });

  it('needs the second step when two-step sign-in is on', async () => {
    const u = await signUp(t.app);
    const setup = await t.app.inject({ method: 'POST', url: '/api/account/two-step/setup', headers: u.auth, payload: { password: u.password } });
    const { secret } = setup.json() as { secret: string };
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    const on = await t.app.inject({ method: 'POST', url: '/api/account/two-step/enable', headers: u.auth, payload: { code: generateSync({ secret, epoch: epoch() }) } });
    expect(on.statusCode).toBe(200);
    t.clock.advance(30_000);

    const noCode = await deleteAccount(u.auth, { password: u.password }, 'zh');
    expect(noCode.statusCode).toBe(400);
    expect(errorBody(noCode)).toMatchObject({ code: 'TWO_STEP_REQUIRED', error: expect.stringContaining('两步验证') });
    const wrongCode = await deleteAccount(u.auth, { password: u.password, code: generateSync({ secret, epoch: epoch() + 300 }) });
    expect(wrongCode.statusCode).toBe(400);
    expect(errorBody(wrongCode).code).toBe('TWO_STEP_INVALID');
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
    const ok = await deleteAccount(u.auth, { password: u.password, code: generateSync({ secret, epoch: epoch() }) });
    expect(ok.statusCode).toBe(200);
    expect(await count(sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${u.user.id}`)).toBe(0);
  });

  it('refuses bad input and anonymous callers, deleting nothing', async () => {
    const u = await signUp(t.app);
    for (const payload of [{}, { password: '' }, { password: 42 }, { password: u.password, extra: true }, { password: u.password, code: 'x'.repeat(41) }, []]) {
      const res = await deleteAccount(u.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const noBody = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: u.auth });
    expect([400, 415, 422]).toContain(noBody.statusCode);
    expect((await deleteAccount({}, { password: u.password })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
  });
});
