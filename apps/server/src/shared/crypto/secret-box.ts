import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the server must read back (TOTP keys, provider API keys) sealed at rest with AES-256-GCM.
 *
 * Sealed form: `sb1.<key id>.<base64url(iv | ciphertext | tag)>`. The key id (8 hex digits of a hash of the
 * key) says which key sealed a value, so a changed ENCRYPTION_KEY is reported as such instead of as a
 * forgery, and older keys can still open what they sealed. `context` names where the value lives (for
 * example `totp:<user id>`) and is authenticated with it: a sealed value copied to another row or column
 * does not open there.
 */
export interface SecretBox {
  /** Id of the key that seals now: values starting `sb1.<keyId>.` need no re-sealing. */
  readonly keyId: string;
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
  /** True when `sealed` was sealed with an older key (re-seal it with the current one). */
  isStale(sealed: string): boolean;
}

export class SecretBoxError extends Error {}

const VERSION = 'sb1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const SEALED = /^sb1\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)$/;

export const isSealed = (value: string): boolean => SEALED.test(value);

const keyId = (key: Buffer) =>
  createHash('sha256').update('yumi secret-box key id\0').update(key).digest('hex').slice(0, 8);
const aad = (context: string) => Buffer.from(`${VERSION}\0${context}`, 'utf8');

/** A box sealing with `keys[0]` and opening with any of `keys` (older ones after a key change). */
export function createSecretBox(keys: Buffer[]): SecretBox {
  if (!keys.length || keys.some((k) => k.length !== KEY_BYTES))
    throw new SecretBoxError(`secret-box keys must be ${KEY_BYTES} bytes`);
  const [current] = keys as [Buffer, ...Buffer[]];
  const currentId = keyId(current);
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  return {
    keyId: currentId,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(context));
      const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${currentId}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const m = SEALED.exec(sealed);
      if (!m) throw new SecretBoxError('not a sealed value');
      const key = byId.get(m[1]!);
      if (!key) throw new SecretBoxError(`sealed with another key (id ${m[1]}): was ENCRYPTION_KEY changed?`);
      const body = Buffer.from(m[2]!, 'base64url');
      if (body.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(aad(context));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('sealed value does not open here (altered, or moved from another place)');
      }
    },
    isStale(sealed) {
      return SEALED.exec(sealed)?.[1] !== currentId;
    },
  };
}

/** 32 bytes written as 64 hex digits or as base64 (`openssl rand -base64 32`); null when it is neither. */
export function parseKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const key = Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  return null;
}

/**
 * The server's keys: ENCRYPTION_KEY (then ENCRYPTION_KEY_PREVIOUS, still opened) when set; otherwise a key
 * made once and kept in DATA_DIR/encryption.key (mode 0600), so a fresh `npm start` seals without setup.
 * Processes that share a database must share the key: set ENCRYPTION_KEY on each of them.
 */
export function loadServerKeys(config: {
  ENCRYPTION_KEY?: string;
  ENCRYPTION_KEY_PREVIOUS?: string;
  DATA_DIR: string;
}): {
  keys: Buffer[];
  source: 'config' | 'file';
} {
  const previous = config.ENCRYPTION_KEY_PREVIOUS ? [parseKey(config.ENCRYPTION_KEY_PREVIOUS)!] : [];
  if (config.ENCRYPTION_KEY)
    return { keys: [parseKey(config.ENCRYPTION_KEY)!, ...previous], source: 'config' };
  const file = join(config.DATA_DIR, 'encryption.key');
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Written aside, then linked into place: of two processes starting on one DATA_DIR, exactly one key wins
  // and nobody reads a half-written file.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(draft);
  }
  const key = parseKey(readFileSync(file, 'utf8'));
  if (!key) throw new SecretBoxError(`${file} does not hold a 32-byte key (base64 or hex)`);
  return { keys: [key, ...previous], source: 'file' };
}
