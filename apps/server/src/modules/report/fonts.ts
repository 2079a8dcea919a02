import { cjkRegion } from '@yumi/core';
import { hasRtl } from '@yumi/core/report/bidi';
import { create, type Font, type Glyph, type GlyphRun } from 'fontkit';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * Every glyph in the PDF comes from an embedded font: Noto Sans, Noto Serif and Noto Sans Mono for Latin
 * (with Latin Extended), Greek and Cyrillic, Noto Sans JP/SC/KR for CJK, then fallbacks for what those
 * lack (symbols, math, monochrome Noto Emoji, Arabic, Hebrew, Thai; Noto Sans has Devanagari), all from @fontsource packages,
 * which ship as unicode-range subsets. Each package's CSS is read once to map code points to subset
 * files; only the subsets a document uses are embedded, and pdfkit subsets those again to the glyphs
 * used. No system fonts and no network are needed, so the export works on a fresh install.
 */
const require = createRequire(import.meta.url);

export type CjkFamily = 'jp' | 'sc' | 'kr';
export type LatinFamily = 'sans' | 'serif' | 'mono';
type FallbackFamily = 'symbols' | 'math' | 'emoji' | 'arabic' | 'hebrew' | 'thai';
type Family = LatinFamily | CjkFamily | FallbackFamily;
const PACKAGES: Record<Family, string> = {
  sans: '@fontsource/noto-sans',
  serif: '@fontsource/noto-serif',
  mono: '@fontsource/noto-sans-mono',
  jp: '@fontsource/noto-sans-jp',
  sc: '@fontsource/noto-sans-sc',
  kr: '@fontsource/noto-sans-kr',
  symbols: '@fontsource/noto-sans-symbols-2',
  math: '@fontsource/noto-sans-math',
  // The monochrome Noto Emoji: outlines pdfkit embeds (Noto Color Emoji's bitmaps it cannot).
  emoji: '@fontsource/noto-emoji',
  arabic: '@fontsource/noto-sans-arabic',
  hebrew: '@fontsource/noto-sans-hebrew',
  thai: '@fontsource/noto-sans-thai',
};
/** Tried after the text and CJK families, for characters those have no glyph for. */
export const FALLBACK_FAMILIES: readonly FallbackFamily[] = ['symbols', 'math', 'emoji', 'arabic', 'hebrew', 'thai'];
/** Only the text families have italics; the others stay upright. */
const HAS_ITALIC = (family: Family) => family === 'sans' || family === 'serif';

interface Subset {
  file: string;
  ranges: Array<[number, number]>;
}

const tables = new Map<string, Subset[]>();

function subsets(family: Family, bold: boolean, italic: boolean): Subset[] {
  const slant = italic && HAS_ITALIC(family) ? '-italic' : '';
  const key = `${family}-${bold}-${slant}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const dir = dirname(require.resolve(`${PACKAGES[family]}/package.json`));
  // Symbols and math come in one weight only.
  const weighted = join(dir, `${bold ? 700 : 400}${slant}.css`);
  const css = readFileSync(existsSync(weighted) ? weighted : join(dir, '400.css'), 'utf8');
  const list: Subset[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((r): [number, number] => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(a!, 16), parseInt(b ?? a!, 16)];
    });
    list.push({ file: join(dir, file), ranges });
  }
  tables.set(key, list);
  return list;
}

/**
 * The subset font file (path) that has a glyph for the code point, trying families in order. A subset's
 * unicode-range is not enough: the CJK subsets list Arabic letters and emoji they have no glyph for, so
 * the font's own character map decides.
 */
export function fontFileFor(cp: number, order: readonly Family[], bold: boolean, italic: boolean): string | null {
  for (const family of order) {
    for (const s of subsets(family, bold, italic)) {
      if (s.ranges.some(([a, b]) => cp >= a && cp <= b) && hasGlyph(s.file, cp)) return s.file;
    }
  }
  return null;
}

/** Joiners, variation selectors, the keycap mark, skin tones and tags: parts of the emoji before them. */
export function joinsPrevious(cp: number): boolean {
  return cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0x20e3 || (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f);
}

/** Shaped words kept per thread, over all fonts (an English word's run is well under 1 kB). */
const RUNS_MAX = 20_000;
const runs = new Map<string, GlyphRun>();

/**
 * Each subset file as one fontkit font per thread, shared by every export (pdfkit takes a font object as
 * well as bytes): its character map, its layout tables (GSUB/GPOS, decoded lazily as they are used) and
 * its glyphs are read once, not once per document. Its layout() answers from the thread's shaped-word
 * cache: pdfkit shapes every word to measure and to draw it, and its own cache lives one document. pdfkit
 * scales the positions it gets in place, so each answer is a copy.
 */
const fonts = new Map<string, Font>();
export function pdfFont(file: string): Font {
  let font = fonts.get(file);
  if (font) return font;
  font = create(fontProgram(file)) as Font;
  const shape = toUnicodePerOccurrence(font);
  font.layout = (text: string, features?: string[] | Record<string, boolean>) => {
    const run = features ? shape(text, features) : shapedWord(file, text, shape);
    const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
    return Object.assign(copy, run, { positions: run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })) });
  };
  fonts.set(file, font);
  return font;
}

function shapedWord(file: string, text: string, shape: (text: string) => GlyphRun): GlyphRun {
  // pdfkit measures and draws a line word by word, each with the space after it ("word "): that is the
  // word's run and the space's, so a word is shaped once however it is measured (left-to-right runs).
  if (text.length > 1 && text.endsWith(' ') && !text.endsWith('  ')) {
    const word = shapedWord(file, text.slice(0, -1), shape);
    if (word.direction === 'ltr') {
      const space = shapedWord(file, ' ', shape);
      return Object.assign(Object.create(Object.getPrototypeOf(word) as object) as GlyphRun, word, { glyphs: [...word.glyphs, ...space.glyphs], positions: [...word.positions, ...space.positions] });
    }
  }
  const key = `${file}\u0000${text}`;
  let run = runs.get(key);
  if (run) {
    runs.delete(key);
  } else {
    run = shape(text);
    if (runs.size >= RUNS_MAX) runs.delete(runs.keys().next().value!);
  }
  runs.set(key, run);
  return run;
}

/** Glyph ids pdfkit is given for a glyph that draws other characters than at its first use: above any real id. */
const ALIAS_BASE = 0x10000;
const ALIASES_MAX = 4096;

/**
 * pdfkit writes one ToUnicode entry per embedded glyph, the characters fontkit's shared Glyph object got at
 * its first use. Noto Sans Arabic draws ب ت ث ن ي from one dotless shape plus dots, so every teh and yeh read
 * back as whichever came first. fontkit passes each shaped glyph's characters to getGlyph (its documented use
 * of codePoints): a shaped glyph drawing other characters than the shared object's is handed to pdfkit under
 * an alias id, which the subset embeds as one more copy of the glyph with its own ToUnicode entry. A
 * cluster's first glyph stands for its text (a ligature for all its letters), the dots it added for nothing.
 * Returns the font's own layout with the aliases in place.
 */
function toUnicodePerOccurrence(font: Font): (text: string, features?: string[] | Record<string, boolean>) => GlyphRun {
  const shared = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = shared(id, codePoints);
    if (!codePoints || !glyph || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph;
  };
  const aliases = new Map<string, Glyph>();
  const realId = new Map<number, number>();
  const alias = (glyph: Glyph): Glyph => {
    const first = shared(glyph.id);
    if (sameCodePoints(first.codePoints, glyph.codePoints)) return first;
    const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
    let copy = aliases.get(key);
    if (!copy) {
      if (aliases.size >= ALIASES_MAX) return first;
      const id = ALIAS_BASE + aliases.size;
      copy = Object.create(first, { id: { value: id }, codePoints: { value: glyph.codePoints } }) as Glyph;
      aliases.set(key, copy);
      realId.set(id, glyph.id);
    }
    return copy;
  };
  const subsetOf = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = subsetOf() as unknown as { glyphs: number[]; includeGlyph(id: number): number };
    const include = subset.includeGlyph.bind(subset);
    const copies = new Map<number, number>();
    subset.includeGlyph = (id: number) => {
      const real = realId.get(id);
      if (real === undefined) return include(id);
      let index = copies.get(id);
      if (index === undefined) copies.set(id, (index = subset.glyphs.push(real) - 1));
      return index;
    };
    return subset as unknown as ReturnType<Font['createSubset']>;
  };
  const layout = font.layout.bind(font);
  return (text, features) => {
    const run = layout(text, features);
    run.glyphs = run.glyphs.map(alias);
    return run;
  };
}

const sameCodePoints = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((c, k) => c === b[k]);

export function hasGlyph(file: string, cp: number): boolean {
  return pdfFont(file).hasGlyphForCodePoint(cp);
}

/**
 * The font program (TTF) inside a subset's WOFF file, unwrapped with zlib: fontkit would inflate the WOFF
 * tables in JavaScript. WOFF 1.0 is the sfnt's table directory with each table zlib-compressed (W3C WOFF §3-5).
 */
function fontProgram(file: string): Buffer {
  const woff = readFileSync(file);
  const count = woff.readUInt16BE(12);
  let pow = 1;
  while (pow * 2 <= count) pow *= 2;
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(pow * 16, 6);
  head.writeUInt16BE(Math.log2(pow), 8);
  head.writeUInt16BE(count * 16 - pow * 16, 10);
  const tables: Buffer[] = [];
  let offset = head.length;
  for (let i = 0; i < count; i += 1) {
    const entry = 44 + i * 20;
    const [at, compressed, length] = [woff.readUInt32BE(entry + 4), woff.readUInt32BE(entry + 8), woff.readUInt32BE(entry + 12)];
    const stored = woff.subarray(at, at + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    head.writeUInt32BE(woff.readUInt32BE(entry), 12 + i * 16); // tag (WOFF keeps the sfnt's sorted order)
    head.writeUInt32BE(woff.readUInt32BE(entry + 16), 16 + i * 16); // checksum
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(length, 24 + i * 16);
    const padded = Buffer.alloc((length + 3) & ~3);
    data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([head, ...tables]);
}

/** Japanese text prefers JP glyph shapes for Han characters, Korean KR, everything else SC. */
export function cjkOrder(text: string): CjkFamily[] {
  const first = cjkRegion(text);
  return [first, ...(['jp', 'sc', 'kr'] as const).filter((f) => f !== first)];
}

/**
 * BCP 47 language of the text by its script: CJK, or Arabic or Hebrew when their letters outnumber Latin
 * ones (a right-to-left report with English terms in it); Latin-script text is taken as English.
 */
export function documentLanguage(text: string): string {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh';
  if (hasRtl(text)) {
    const count = (re: RegExp) => text.match(re)?.length ?? 0;
    const latin = count(/\p{Script=Latin}/gu);
    if (count(/\p{Script=Arabic}/gu) > latin) return 'ar';
    if (count(/\p{Script=Hebrew}/gu) > latin) return 'he';
  }
  return 'en';
}
