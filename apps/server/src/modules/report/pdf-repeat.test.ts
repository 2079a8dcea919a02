import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReportPdf, type PdfInput } from './pdf';

/**
 * A worker thread keeps each font, each shaped word and each formula's drawing for the exports after the
 * first (fonts.ts, pdf-layout.ts): an export drawn from those must look and read exactly as the first one.
 */
const INPUT: PdfInput = {
  markdown: [
    '# Kept between exports',
    '## Method',
    'Energy is $E = mc^2$ and the [project page](https://example.org/p) says so, justified over several lines of ordinary words that wrap at the margin and again.',
    '$$\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}$$',
    '$$\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}$$',
    'Łódź, Şişli, δοκιμή, Привет and 深層学習 sit beside تستخدم الدراسة in one paragraph with **bold** and *italic* words.',
  ].join('\n\n'),
  references: [],
  style: 'apa',
  figures: [],
  options: { includeReferences: true, includeFigures: true, includeAppendices: true, academicFormat: false },
  date: new Date('2026-03-01T00:00:00Z'),
};

/** The PDF's words with their boxes (not its creation time), and its pages as PNG bytes at 72 dpi. */
function read(pdf: Buffer): { text: string; pages: Buffer[] } {
  const dir = mkdtempSync(join(tmpdir(), 'repeat-'));
  const file = join(dir, 'r.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '72', '-png', file, join(dir, 'page')]);
  const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort().map((f) => readFileSync(join(dir, f)));
  const text = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return { text: text.slice(text.indexOf('<doc>')), pages };
}

describe('a report exported again', () => {
  it('reads and renders exactly as its first export', async () => {
    const first = read((await renderReportPdf(INPUT)).pdf);
    const again = read((await renderReportPdf(INPUT)).pdf);
    expect(first.text).toContain('Energy');
    expect(first.text).toContain('\\frac{\\sqrt{\\pi}}{2}');
    expect(again.text).toBe(first.text);
    expect(again.pages.length).toBe(first.pages.length);
    again.pages.forEach((page, k) => expect(page.equals(first.pages[k]!), `page ${k + 1}`).toBe(true));
  });
});
