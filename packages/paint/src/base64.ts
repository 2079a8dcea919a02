const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** Byte array to base64, without Buffer or btoa string juggling (works the same in Node, browsers, workers). */
export function bytesToBase64(bytes: Uint8Array | Uint8ClampedArray): string {
  const parts: string[] = [];
  const chunk = 3 * 4096;
  for (let start = 0; start < bytes.length; start += chunk) {
    let s = '';
    const end = Math.min(bytes.length, start + chunk);
    for (let i = start; i < end; i += 3) {
      const a = bytes[i] as number;
      const b = i + 1 < end ? (bytes[i + 1] as number) : 0;
      const c = i + 2 < end ? (bytes[i + 2] as number) : 0;
      const n = (a << 16) | (b << 8) | c;
      s += ALPHABET[(n >> 18) & 63] as string;
      s += ALPHABET[(n >> 12) & 63] as string;
      s += i + 1 < end ? (ALPHABET[(n >> 6) & 63] as string) : '=';
      s += i + 2 < end ? (ALPHABET[n & 63] as string) : '=';
    }
    parts.push(s);
  }
  return parts.join('');
}

export function base64ToBytes(text: string): Uint8ClampedArray {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
  const out = new Uint8ClampedArray(Math.floor((clean.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const n =
      ((LOOKUP[clean.charCodeAt(i)] as number) << 18) |
      ((LOOKUP[clean.charCodeAt(i + 1)] as number) << 12) |
      ((LOOKUP[clean.charCodeAt(i + 2)] ?? 0) << 6) |
      (LOOKUP[clean.charCodeAt(i + 3)] ?? 0);
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
