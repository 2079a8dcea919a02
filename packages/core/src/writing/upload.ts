/** Upload rules of the Writing Helper: which files, how many, how big, and safety checks before parsing. */
export const MAX_UPLOAD_FILES = 20;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Extracted text joins the document only up to this size (the document cap applies too). */
export const MAX_EXTRACTED_CHARS = 200_000;
/** A DOCX whose parts would inflate past this, or past 100x its size, is treated as a zip bomb. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const MAX_ZIP_RATIO = 100;
export const MAX_ZIP_ENTRIES = 2000;

export type UploadKind = 'image' | 'text' | 'pdf' | 'docx' | 'doc' | 'unsupported';

/** Size in KB with one decimal (§2 Upload Files). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const startsWith = (bytes: Uint8Array, sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);

/** The file's kind from its first bytes (magic numbers), with the name only for plain text. */
export function sniffUpload(name: string, head: Uint8Array): UploadKind {
  const lower = name.toLowerCase();
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'image';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return lower.endsWith('.docx') ? 'docx' : 'unsupported';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return lower.endsWith('.doc') ? 'doc' : 'unsupported';
  if (/\.(txt|md|markdown|text|csv|json|html?|rtf|tex)$/.test(lower) && looksLikeText(head)) return 'text';
  return 'unsupported';
}

/** No NUL bytes and mostly printable: good enough to call a file text before decoding it. */
export function looksLikeText(head: Uint8Array): boolean {
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 9 || (b > 13 && b < 32)) control += 1;
  }
  return control <= head.length * 0.02;
}

export interface ZipCheck {
  ok: boolean;
  reason?: 'notZip' | 'tooManyEntries' | 'tooLarge' | 'ratio';
  entries: number;
  uncompressed: number;
}

/**
 * Reads a zip's central directory (without inflating anything) and refuses archives that would
 * expand past the limits: the DOCX zip-bomb guard run before the parser sees the file.
 */
export function inspectZip(bytes: Uint8Array): ZipCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const minEocd = 22;
  let eocd = -1;
  for (let i = bytes.length - minEocd; i >= Math.max(0, bytes.length - minEocd - 65535); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: 'notZip', entries: 0, uncompressed: 0 };
  const entries = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || dirOffset === 0xffffffff) return { ok: false, reason: 'tooLarge', entries, uncompressed: 0 };
  if (entries > MAX_ZIP_ENTRIES) return { ok: false, reason: 'tooManyEntries', entries, uncompressed: 0 };
  let p = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) return { ok: false, reason: 'notZip', entries, uncompressed: total };
    const size = view.getUint32(p + 24, true);
    if (size === 0xffffffff) return { ok: false, reason: 'tooLarge', entries, uncompressed: total };
    total += size;
    if (total > MAX_UNZIPPED_BYTES) return { ok: false, reason: 'tooLarge', entries, uncompressed: total };
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  if (total > Math.max(1, bytes.length) * MAX_ZIP_RATIO) return { ok: false, reason: 'ratio', entries, uncompressed: total };
  return { ok: true, entries, uncompressed: total };
}
