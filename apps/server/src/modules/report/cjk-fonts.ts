import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * CJK glyphs for the PDF come from the Noto Sans JP/SC/KR packages (@fontsource), which ship as
 * unicode-range subsets. We read each package's CSS once, map code points to subset files, and embed
 * only the subsets a document uses (pdfkit subsets them again to the glyphs used). No system fonts and
 * no network are needed, so the export works on a fresh install.
 */
const require = createRequire(import.meta.url);

export type CjkFamily = 'jp' | 'sc' | 'kr';
const PACKAGES: Record<CjkFamily, string> = { jp: '@fontsource/noto-sans-jp', sc: '@fontsource/noto-sans-sc', kr: '@fontsource/noto-sans-kr' };

interface Subset {
  file: string;
  ranges: Array<[number, number]>;
}

const tables = new Map<string, Subset[]>();

function subsets(family: CjkFamily, weight: 400 | 700): Subset[] {
  const key = `${family}-${weight}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const dir = dirname(require.resolve(`${PACKAGES[family]}/package.json`));
  const css = readFileSync(join(dir, `${weight}.css`), 'utf8');
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

/** The subset font file (path) that has a glyph for the code point, preferring families in order. */
export function cjkFontFor(cp: number, order: readonly CjkFamily[], bold: boolean): string | null {
  for (const family of order) {
    for (const s of subsets(family, bold ? 700 : 400)) {
      if (s.ranges.some(([a, b]) => cp >= a && cp <= b)) return s.file;
    }
  }
  return null;
}

/** Japanese text prefers JP glyph shapes for Han characters, Korean KR, everything else SC. */
export function cjkOrder(text: string): CjkFamily[] {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return ['jp', 'sc', 'kr'];
  if (/\p{Script=Hangul}/u.test(text) && !/\p{Script=Han}/u.test(text)) return ['kr', 'jp', 'sc'];
  return ['sc', 'jp', 'kr'];
}
