import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// The API tests share one hash per password within a file (apps/server/test/password-memo.ts); the fresh
// salt and the stored parameters they no longer see are checked here.
describe('password hashing (scrypt)', () => {
  it('stores scrypt at the OWASP cost with a fresh salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('secret123'), hashPassword('secret123')]);
    const [alg, logN, r, p, salt, key] = a.split('$');
    expect([alg, logN, r, p]).toEqual(['scrypt', '17', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(b.split('$')[4]).not.toBe(salt);
    expect(await verifyPassword('secret123', a)).toBe(true);
    expect(await verifyPassword('secret124', a)).toBe(false);
  });

  it('verifies with the parameters written in the hash (NFKC-normalized), as Node computes scrypt', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('pass word', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const stored = ['scrypt', 10, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    // Full-width letters and an ideographic space are the same password after NFKC.
    expect(await verifyPassword('ｐａｓｓ\u3000ｗｏｒｄ', stored)).toBe(true);
    expect(await verifyPassword('pass-word', stored)).toBe(false);
    expect(await verifyPassword('pass word', stored.replace(/^scrypt/, 'bcrypt'))).toBe(false);
    expect(await verifyPassword('pass word', 'scrypt$10$8')).toBe(false);
  });
});
