import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpSetup, verifyTotp } from './totp';

// RFC 6238 Appendix B, SHA-1 rows: the key is the ASCII "12345678901234567890" (base32 below), 8 digits.
const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('accepts the RFC test vectors at their times, 8 digits', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(verifyTotp(RFC_KEY, code, seconds * 1000, null, 8), `T=${seconds}`).toBe(Math.floor(seconds / 30));
    }
  });

  it('accepts the 6-digit form (the same value mod 10^6) that authenticator apps show', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(verifyTotp(RFC_KEY, code.slice(2), seconds * 1000, null)).toBe(Math.floor(seconds / 30));
  });

  it('allows one step of clock drift, not two', () => {
    const [seconds, code] = RFC_VECTORS[3]!; // step 41152263, which starts at 1234567890 - 0
    const step = Math.floor(seconds / 30);
    const startOfStep = step * 30 * 1000;
    expect(verifyTotp(RFC_KEY, code.slice(2), startOfStep + 30_000 + 29_000, null)).toBe(step);
    expect(verifyTotp(RFC_KEY, code.slice(2), startOfStep - 30_000, null)).toBe(step);
    expect(verifyTotp(RFC_KEY, code.slice(2), startOfStep + 60_000 + 1000, null)).toBeNull();
    expect(verifyTotp(RFC_KEY, code.slice(2), startOfStep - 30_001, null)).toBeNull();
  });

  it('takes a code once: not at or before the last accepted step', () => {
    const [seconds, code] = RFC_VECTORS[1]!;
    const step = Math.floor(seconds / 30);
    expect(verifyTotp(RFC_KEY, code.slice(2), seconds * 1000, step)).toBeNull();
    expect(verifyTotp(RFC_KEY, code.slice(2), seconds * 1000, step - 1)).toBe(step);
  });

  it('refuses wrong codes and anything that is not six digits', () => {
    for (const code of ['000000', '287083', '28708', '2870822', 'abcdef', ' 287082', '']) {
      expect(verifyTotp(RFC_KEY, code, 59_000, null), code).toBeNull();
    }
  });

  it('makes 160-bit keys and an otpauth URI with its QR code', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const { otpauthUri, qrSvg } = await totpSetup(secret, 'ann@example.com');
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Yumi Studio:ann@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Yumi Studio');
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

describe('recovery codes', () => {
  it('makes ten distinct 80-bit codes; case, spaces and dashes do not matter', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toUpperCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(codes[1]!)).not.toBe(hashRecoveryCode(code));
  });
});
