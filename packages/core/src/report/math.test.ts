import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MATH_EX_PER_EM, MathError, svgInEm, texToSvg } from './math';
import { MATH_FIXTURES } from './math-fixtures';

/**
 * The reference: XeLaTeX (TeX Live, amsmath) sets each of the fifty formulas in a box and writes its width,
 * height and depth to the log. The engine the preview and the PDF share must set the same formula at TeX's
 * size, in em of the text. Needs TeX Live (.ci/run installs it); without it this fails.
 */
async function texBoxes(): Promise<Array<{ w: number; hd: number }>> {
  const dir = mkdtempSync(join(tmpdir(), 'math-'));
  const body = MATH_FIXTURES.map(
    (f, i) => `\\sbox\\yumibox{$${f.display ? '\\displaystyle ' : ''}${f.tex}$}\\typeout{YUMI ${i} \\the\\wd\\yumibox\\space\\the\\ht\\yumibox\\space\\the\\dp\\yumibox}`,
  );
  // 10 pt type: 1 em is 10 pt.
  writeFileSync(join(dir, 'm.tex'), `\\documentclass[10pt]{article}\n\\usepackage{amsmath,amssymb}\n\\newsavebox\\yumibox\n\\begin{document}\n${body.join('\n')}\nx\n\\end{document}\n`);
  const { stdout } = await promisify(execFile)('xelatex', ['-interaction=nonstopmode', '-halt-on-error', 'm.tex'], { cwd: dir });
  const out: Array<{ w: number; hd: number }> = [];
  for (const m of stdout.matchAll(/YUMI (\d+) ([\d.]+)pt ([\d.]+)pt ([\d.]+)pt/g)) out[Number(m[1])] = { w: Number(m[2]) / 10, hd: (Number(m[3]) + Number(m[4])) / 10 };
  return out;
}

describe('the one math engine (MathJax SVG) for preview and PDF', () => {
  it('sets fifty formulas at the size XeLaTeX sets them', async () => {
    const tex = await texBoxes();
    expect(tex.filter(Boolean)).toHaveLength(MATH_FIXTURES.length);
    const widthErrors: number[] = [];
    MATH_FIXTURES.forEach((f, i) => {
      const m = texToSvg(f.tex, f.display);
      const w = m.widthEx * MATH_EX_PER_EM;
      const hd = m.heightEx * MATH_EX_PER_EM;
      const ref = tex[i]!;
      // TeX and MathJax space fractions and stacked rows a little differently; a wrong scale or a display
      // formula set inline is off by far more.
      expect(Math.abs(w - ref.w), `width of ${f.tex}: ${w} em, TeX ${ref.w} em`).toBeLessThanOrEqual(Math.max(0.12 * ref.w, 0.2));
      expect(Math.abs(hd - ref.hd), `height of ${f.tex}: ${hd} em, TeX ${ref.hd} em`).toBeLessThanOrEqual(Math.max(0.25 * ref.hd, 0.25));
      widthErrors.push(Math.abs(w / ref.w - 1));
    });
    // On the whole within a few percent of TeX.
    expect(widthErrors.reduce((a, b) => a + b, 0) / widthErrors.length).toBeLessThan(0.04);
  }, 120_000);

  it('sizes the SVG in em of the text, as the PDF does', () => {
    const m = texToSvg('x', false);
    const sized = svgInEm(m.svg);
    expect(sized).toContain(`width="${Number((m.widthEx * MATH_EX_PER_EM).toFixed(4))}em"`);
    expect(sized).toMatch(/vertical-align: -0\.\d+em/);
    expect(sized).not.toMatch(/\dex\b/);
  });

  it('takes no links, classes or styles from a formula and names its mistakes', () => {
    const linked = texToSvg('\\href{javascript:alert(1)}{x}', false);
    expect(linked.svg).not.toMatch(/href|javascript/);
    expect(linked.svg).toBe(texToSvg('x', false).svg);
    for (const bad of ['\\class{evil}{x}', '\\style{position:fixed}{x}', '\\cssId{a}{x}']) expect(() => texToSvg(bad, false)).toThrow(MathError);
    expect(() => texToSvg('\\text{<script>alert(1)</script>}', false)).not.toThrow();
    expect(texToSvg('\\text{<script>}', false).svg).not.toContain('<script');
    expect(() => texToSvg('\\foo', false)).toThrow('Undefined control sequence \\foo');
    expect(() => texToSvg('\\frac{1}{', true)).toThrow(MathError);
  });
});
