import { inspectZip, MAX_UNZIPPED_BYTES } from '@yumi/core';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArchiveError, unzipBounded } from './unzip';

/** Rewrites every declared uncompressed size (local headers and central directory) to `size`: lying headers. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i += 1) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

/** A DOCX-shaped bomb: document.xml is 80 MB of one repeated byte, deflated to well under 1 MB.
 * Level 1 deflates a run as well as level 9 does, at a fraction of the CPU (the test must hold on a busy machine). */
function bomb(): Uint8Array {
  const huge = new Uint8Array(MAX_UNZIPPED_BYTES + 30 * 1024 * 1024).fill(0x41);
  return lieAboutSizes(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': huge }, { level: 1 }), 1200);
}

/** Building and inflating tens of megabytes is real CPU work: room for a loaded 2-core machine. */
const HEAVY = 60_000;

const problem = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (err) {
    return err instanceof ArchiveError ? err.problem : String(err);
  }
};

describe('unzipBounded', () => {
  it('reads entries, inflated and stored, and skips those the filter leaves out', async () => {
    const zip = zipSync({ 'word/document.xml': strToU8('<w:p>hello</w:p>'.repeat(100)), 'a.txt': [strToU8('stored'), { level: 0 }], 'skip.bin': new Uint8Array(10), 'empty.txt': new Uint8Array(0) });
    const all = await unzipBounded(zip);
    expect(Object.keys(all).sort()).toEqual(['a.txt', 'empty.txt', 'skip.bin', 'word/document.xml']);
    expect(strFromU8(all['a.txt']!)).toBe('stored');
    expect(all['word/document.xml']!.length).toBe(1600);
    expect(all['empty.txt']!.length).toBe(0);
    const some = await unzipBounded(zip, { filter: (n) => n === 'word/document.xml' });
    expect(Object.keys(some)).toEqual(['word/document.xml']);
  });

  it('refuses a bomb whose headers declare small sizes, by the bytes it really inflates', async () => {
    const zip = bomb();
    expect(zip.length).toBeLessThan(1024 * 1024);
    // The declared-size check is fooled: every header claims 1200 bytes.
    expect(inspectZip(zip).ok).toBe(true);
    expect(await problem(unzipBounded(zip))).toBe('tooLarge');
    expect(await problem(unzipBounded(zip, { filter: (n) => n === 'word/document.xml' }))).toBe('tooLarge');
    // Honest headers make no difference: the count is of real bytes.
    expect(await problem(unzipBounded(lieAboutSizes(zip, 0xfffffffe)))).toBe('tooLarge');
  }, HEAVY);

  it('counts across entries: many small parts together past the cap are refused', async () => {
    const part = new Uint8Array(1024 * 1024).fill(0x42);
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}.xml`, part]));
    const zip = lieAboutSizes(zipSync(files, { level: 9 }), 10);
    expect(await problem(unzipBounded(zip, { maxBytes: 5 * 1024 * 1024 }))).toBe('tooLarge');
    expect(Object.keys(await unzipBounded(zip, { maxBytes: 6 * 1024 * 1024 }))).toHaveLength(6);
  });

  it('refuses too many entries, truncated archives and non-zips', async () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, strToU8('x')])));
    expect(await problem(unzipBounded(many, { maxEntries: 20 }))).toBe('tooManyEntries');
    const whole = zipSync({ 'word/document.xml': strToU8('<w:p>text</w:p>'.repeat(5000)) });
    expect(await problem(unzipBounded(whole.subarray(0, Math.floor(whole.length / 2))))).toBe('invalid');
    expect(await problem(unzipBounded(strToU8('just some text, not a zip')))).toBe('invalid');
    expect(await problem(unzipBounded(new Uint8Array(0)))).toBe('invalid');
  });
});
