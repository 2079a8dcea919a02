import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  // One-shot crypto.hash: no Hash object per call, and the session check hashes on every request.
  return hash('sha256', token, 'hex');
}

/** Tokens are exactly 43 base64url characters; anything else is rejected before touching the database. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
