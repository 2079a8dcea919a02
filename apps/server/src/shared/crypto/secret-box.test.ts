import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, loadServerKeys, parseKey, SecretBoxError } from './secret-box';

const key = () => randomBytes(32);

describe('secret box', () => {
  it('seals to a tagged, random-looking value that opens only in its own place', () => {
    const box = createSecretBox([key()]);
    const a = box.seal('JBSWY3DPEHPK3PXP', 'totp:user-1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'totp:user-1');
    expect(a).toMatch(/^sb1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b); // a fresh IV every time
    expect(a).not.toContain('JBSWY3DP');
    expect(box.open(a, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(a, 'totp:user-2')).toThrow(SecretBoxError);
  });

  it('refuses altered values, other keys and plain text', () => {
    const box = createSecretBox([key()]);
    const sealed = box.seal('sk-live-123', 'provider:openai');
    const body = Buffer.from(sealed.split('.')[2]!, 'base64url');
    body[14]! ^= 1;
    const altered = `${sealed.split('.').slice(0, 2).join('.')}.${body.toString('base64url')}`;
    expect(() => box.open(altered, 'provider:openai')).toThrow(/does not open/);
    expect(() => createSecretBox([key()]).open(sealed, 'provider:openai')).toThrow(/another key/);
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'provider:openai')).toThrow(/not a sealed value/);
  });

  it('opens what an older key sealed and says it is stale', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealed = createSecretBox([oldKey]).seal('secret', 'x');
    const box = createSecretBox([newKey, oldKey]);
    expect(box.open(sealed, 'x')).toBe('secret');
    expect(box.isStale(sealed)).toBe(true);
    expect(box.isStale(box.seal('secret', 'x'))).toBe(false);
  });

  it('reads keys as hex or base64 and nothing shorter', () => {
    const k = key();
    expect(parseKey(k.toString('hex'))).toEqual(k);
    expect(parseKey(k.toString('base64'))).toEqual(k);
    expect(parseKey(`${k.toString('base64url')}\n`)).toEqual(k);
    expect(parseKey('too-short')).toBeNull();
    expect(parseKey(randomBytes(16).toString('hex'))).toBeNull();
  });

  it('without ENCRYPTION_KEY makes one key in DATA_DIR and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yumi-keys-'));
    try {
      const first = loadServerKeys({ DATA_DIR: dir });
      expect(first.source).toBe('file');
      expect(statSync(join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
      expect(loadServerKeys({ DATA_DIR: dir }).keys[0]).toEqual(first.keys[0]);
      expect(parseKey(readFileSync(join(dir, 'encryption.key'), 'utf8'))).toEqual(first.keys[0]);
      const configured = key().toString('hex');
      expect(loadServerKeys({ DATA_DIR: dir, ENCRYPTION_KEY: configured }).keys[0]!.toString('hex')).toBe(
        configured,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
