import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latexProjectFiles, parseReport } from '@yumi/core';
import { reportCitations } from '@yumi/core/report/csl';
import { MATH_FIXTURES, mathFixtureReport } from '@yumi/core/report/math-fixtures';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_FAMILIES, fontFileFor, joinsPrevious } from '../src/modules/report/fonts';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REFS = [
  { id: 'smith2020', type: 'article-journal', title: 'Deep learning for protein folding', author: [{ family: 'Smith', given: 'Anna' }, { family: 'Jones', given: 'Bob' }], issued: { 'date-parts': [[2020]] }, 'container-title': 'Nature', volume: '577', page: '706-710', DOI: '10.1038/s41586-019-1923-7' },
  { id: 'doe2019', type: 'book', title: 'Statistics for Scientists', author: [{ family: 'Doe', given: 'Jane' }], issued: { 'date-parts': [[2019]] }, publisher: 'Academic Press' },
];
const MARKDOWN = `# Folding Proteins at Scale

## Abstract
We predict structures with deep networks [@smith2020].

## Introduction
Energy is $E = mc^2$; see @fig:chart1 and [@doe2019].

$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$

![Monthly results](figure:chart1)

本研究では深層学習を用いてタンパク質の構造を予測する。

| Model | Score |
|:--|--:|
| Baseline | 0.71 |
| Ours [@smith2020] | 0.93 |

## Appendix A: Raw data
Appendix values are listed here.
`;

/** Emoji (with a skin tone and a joiner), symbols and scripts beyond Latin, Greek, Cyrillic and CJK. */
const SCRIPTS = 'Emoji 😀 👍🏽 ❤️ 👩‍💻, symbols ✓ ★ → ∑ ∀ ⊕ ♠, Arabic مرحبا, Hebrew שלום, Hindi नमस्ते, Thai สวัสดี.';

async function figure() {
  const png = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#ec4899' } }).png().toBuffer();
  return { id: 'chart1', caption: 'Monthly results', image: `data:image/png;base64,${png.toString('base64')}` };
}

async function exportPdf(auth: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/report/export/pdf', headers: auth, payload });
}

/** Runs a poppler tool on the PDF; what it says on stderr (syntax warnings) fails the test. */
function poppler(tool: string, args: string[], pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  writeFileSync(join(dir, 'r.pdf'), pdf);
  const out = spawnSync(tool, [...args, join(dir, 'r.pdf'), ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  expect(out.stderr, `${tool} warnings`).toBe('');
  return out.stdout;
}
const pdfText = (pdf: Buffer) => poppler('pdftotext', ['-layout'], pdf);
const pdfFonts = (pdf: Buffer) => poppler('pdffonts', [], pdf);

describe('PDF export', () => {
  it('renders title, citations, bibliography, figures, CJK text and page numbers; pages render to PNG', async () => {
    const u = await signUp(t.app);
    const res = await exportPdf(u.auth, { markdown: MARKDOWN, references: REFS, style: 'apa', figures: [await figure()] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('report-2026-03-01.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Folding Proteins at Scale');
    expect(text).toContain('(Smith & Jones, 2020)');
    // The Markdown table is set as a table: header and cells on their rows.
    expect(text).toMatch(/Model\s+Score/);
    expect(text).toMatch(/Ours \(Smith & Jones, 2020\)\s+0\.93/);
    expect(text).toContain('Smith, A., & Jones, B. (2020). Deep learning for protein folding.');
    expect(text).toContain('本研究では深層学習を用いてタンパク質の構造を予測する');
    expect(text).toContain('Figure 1. Monthly results');
    expect(text).toContain('1 Introduction');
    expect(text).toContain('Appendix A: Raw data');
    expect(text).not.toContain('A Appendix A');
    expect(text).toMatch(/1\s*\/\s*1/);
    // Rendered pages (looked at during development; here: they exist and are not blank).
    const dir = mkdtempSync(join(tmpdir(), 'pdfpng-'));
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '40', '-png', join(dir, 'r.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const stats = await sharp(join(dir, pages[0]!)).stats();
    expect(stats.channels[0]!.min).toBeLessThan(50);
  });

  it('honours the options: no references, no figures, no appendices; academic format in two serif columns', async () => {
    const u = await signUp(t.app);
    const res = await exportPdf(u.auth, {
      markdown: MARKDOWN,
      references: REFS,
      style: 'ieee',
      figures: [await figure()],
      options: { includeReferences: false, includeFigures: false, includeAppendices: false, academicFormat: true },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('[1]');
    expect(text).not.toContain('References');
    expect(text).not.toContain('Figure 1. Monthly results');
    expect(text).not.toContain('Appendix values');
    expect(pdfFonts(res.rawPayload)).toContain('NotoSerif-Regular');
    // A chapter with editors, a name particle and a date with a day, in the official MLA style.
    const chapter = { id: 'berg2021', type: 'chapter', title: 'Reading in two languages', author: [{ family: 'Berg', given: 'Jan', 'non-dropping-particle': 'van den' }], editor: [{ family: 'Okafor', given: 'Chidi' }], 'container-title': 'Handbook of Literacy', publisher: 'Oxford University Press', issued: { 'date-parts': [[2021, 5, 14]] } };
    const plain = await exportPdf(u.auth, { markdown: MARKDOWN, references: [...REFS, chapter], style: 'mla' });
    expect(plain.statusCode).toBe(200);
    expect(pdfFonts(plain.rawPayload)).toContain('NotoSans-Regular');
    // The book's title is italic in MLA.
    expect(pdfFonts(plain.rawPayload)).toContain('NotoSans-Italic');
    const mla = pdfText(plain.rawPayload).replace(/\s+/g, ' ');
    expect(mla).toContain('Smith, Anna, and Bob Jones.');
    expect(mla).toContain('van den Berg, Jan. “Reading in Two Languages.” Handbook of Literacy, edited by Chidi Okafor, Oxford University Press, 2021.');
  });

  it('typesets with embedded subset fonts, links, bookmarks, tags, document language and figures at 200 dpi or finer', async () => {
    const u = await signUp(t.app);
    const chart = await sharp({ create: { width: 960, height: 660, channels: 3, background: '#3b82f6' } }).png().toBuffer();
    const markdown = `# Łódź, Şişli and ř: Folding Proteins\n\n## Introduction\nGreek δοκιμή and Cyrillic Привет sit beside **bold**, *italic* and [a page](https://example.org/page) [@smith2020].\n\n${SCRIPTS}\n\n$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$\n\n![Chart](figure:c1)\n\n### Detail\n| A | B |\n|---|---|\n| 1 | 2 |\n\n## Results\nDone.\n`;
    const res = await exportPdf(u.auth, { markdown, references: REFS, style: 'apa', figures: [{ id: 'c1', caption: 'Chart', image: `data:image/png;base64,${chart.toString('base64')}` }] });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    // Every font embedded and subset; regular, bold and italic faces.
    const fonts = pdfFonts(pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    for (const line of fonts) expect(line, line).toMatch(/\byes\s+yes\s+yes\s+\d+\s+0$/);
    const names = fonts.join('\n');
    for (const face of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSans-Italic', 'NotoEmoji', 'NotoSansSymbols2', 'NotoSansArabic', 'NotoSansHebrew', 'NotoSansThai']) expect(names).toContain(face);
    // Emoji, symbols and other scripts: a font with a real glyph for every character (its own character
    // map, not only its declared range), so none prints as a box.
    const order = ['sans', 'jp', 'sc', 'kr', ...FALLBACK_FAMILIES] as const;
    for (const ch of [...SCRIPTS].filter((c) => !/\s/.test(c) && !joinsPrevious(c.codePointAt(0)!))) expect(fontFileFor(ch.codePointAt(0)!, order, false, false), ch).not.toBeNull();
    // The CJK subsets declare Arabic letters and ❤ in their ranges without glyphs for them.
    expect(fontFileFor('ر'.codePointAt(0)!, order, false, false)).toContain('noto-sans-arabic');
    expect(fontFileFor('❤'.codePointAt(0)!, order, false, false)).toContain('noto-sans-symbols-2');
    // Latin Extended, Greek and Cyrillic come from fonts that have them (no boxes), and read back as text.
    for (const ch of 'ŁřŞşδοκιμήПривет') expect(fontFileFor(ch.codePointAt(0)!, ['sans'], false, false), ch).not.toBeNull();
    const text = pdfText(pdf);
    for (const s of ['Łódź, Şişli and ř', 'δοκιμή', 'Привет', '(Smith & Jones, 2020)', '😀', '👍', '✓', '→', '∑', 'مرحبا', 'שלום', 'नमस्ते', 'สวัสดี']) expect(text).toContain(s);
    // Math is vector paths with its TeX in the text layer.
    expect(text).toContain('\\int_0^1 x^2\\,dx = \\frac{1}{3}');
    // Clickable links: the Markdown link and the reference's DOI.
    const urls = poppler('pdfinfo', ['-url'], pdf);
    expect(urls).toContain('https://example.org/page');
    expect(urls).toContain('https://doi.org/10.1038/s41586-019-1923-7');
    // Tagged, with the structure a reader follows; title and language in the document.
    const info = poppler('pdfinfo', [], pdf);
    expect(info).toMatch(/Title:\s+Łódź, Şişli and ř: Folding Proteins/);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(pdf.toString('latin1')).toContain('/Lang (en)');
    const tree = poppler('pdfinfo', ['-struct'], pdf);
    for (const tag of ['H1', 'H2', 'H3', 'P', 'Link', 'Formula', 'Figure', 'Caption', 'Table', 'TH', 'TD', 'BibEntry']) expect(tree).toMatch(new RegExp(`^\\s*${tag}\\b`, 'm'));
    // A Link element holds its annotation and its words (the marked text), not the annotation alone.
    expect(poppler('pdfinfo', ['-struct-text'], pdf)).toMatch(/^\s*Link \(inline\)\n(?:\s*Object \d+ 0\n)+\s*"apage"$/m);
    // Bookmarks from the headings, subsections under their section.
    expect(pdf.toString('latin1')).toMatch(/\/Outlines \d+ 0 R/);
    for (const title of ['1 Introduction', '1.1 Detail', '2 Results', 'References']) expect(pdf.toString('latin1')).toContain(`/Title (${title})`);
    // The 960-pixel chart is printed at 200 dpi or finer.
    const images = poppler('pdfimages', ['-list'], pdf).split('\n').slice(2).filter(Boolean);
    expect(images.length).toBeGreaterThanOrEqual(1);
    for (const line of images) {
      const [xppi, yppi] = line.trim().split(/\s+/).slice(12, 14).map(Number);
      expect(Math.min(xppi!, yppi!), line).toBeGreaterThanOrEqual(200);
    }
    // A Japanese report is tagged as Japanese.
    const ja = await exportPdf(u.auth, { markdown: '# 研究\n\n## 序論\n本研究では深層学習を用いる。' });
    expect(ja.rawPayload.toString('latin1')).toContain('/Lang (ja)');
    expect(pdfFonts(ja.rawPayload)).toContain('NotoSansJP');
  });

  it('labels the PDF in the interface language', async () => {
    const u = await signUp(t.app);
    const res = await exportPdf(u.auth, { markdown: MARKDOWN, references: REFS, figures: [await figure()], language: 'ja' });
    const text = pdfText(res.rawPayload);
    expect(text).toContain('要旨');
    expect(text).toContain('図 1. Monthly results');
    expect(text).toContain('参考文献');
    expect((await exportPdf(u.auth, { markdown: 'x', language: 'fr' })).statusCode).toBe(422);
  });

  it('sets the fifty formulas of the math check (the preview’s engine): none refused, each one’s TeX in the text layer', async () => {
    const u = await signUp(t.app);
    const res = await exportPdf(u.auth, { markdown: mathFixtureReport() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-report-math-errors']).toBe('0');
    const text = poppler('pdftotext', ['-raw'], res.rawPayload);
    for (const f of MATH_FIXTURES) expect(text, f.tex).toContain(f.tex);
  });

  it('sets Chicago notes: raised numbers after the punctuation, a work’s first note in full and later ones short, Notes before References', async () => {
    const u = await signUp(t.app);
    const markdown = '# Notes\n\n## One\nFolding is hard [@smith2020]. Statistics help [@doe2019; @smith2020].\n';
    const res = await exportPdf(u.auth, { markdown, references: REFS, style: 'chicago-notes' });
    expect(res.statusCode).toBe(200);
    const text = poppler('pdftotext', ['-raw'], res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Folding is hard.1 Statistics help.2');
    expect(text).toContain('Notes 1. Anna Smith and Bob Jones, “Deep Learning for Protein Folding,” Nature 577 (2020): 706–10, https://doi.org/10.1038/s41586-019-1923-7.');
    expect(text).toContain('2. Jane Doe, Statistics for Scientists (Academic Press, 2019); Smith and Jones, “Deep Learning for Protein Folding.”');
    expect(text.indexOf('Notes 1.')).toBeLessThan(text.indexOf('References Doe, Jane.'));
    const tree = poppler('pdfinfo', ['-struct'], res.rawPayload);
    expect(tree.match(/^\s*Note\b/gm)).toHaveLength(2);
  });

  it('keeps going on math it cannot parse and reports how many', async () => {
    const u = await signUp(t.app);
    const res = await exportPdf(u.auth, { markdown: '# T\n\n## One\nBad $\\frac{1}{$ here.\n\n$$\\begin{x}$$\n' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-report-math-errors']).toBe('2');
    expect(pdfText(res.rawPayload)).toContain('\\frac{1}{');
  });

  it('rejects bad input', async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/report/export/pdf', payload: { markdown: 'x' } })).statusCode).toBe(401);
    for (const payload of [
      {},
      { markdown: 5 },
      { markdown: 'x', style: 'harvard' },
      { markdown: 'x', figures: [{ id: 'a b', caption: '', image: 'data:image/png;base64,AAAA' }] },
      { markdown: 'x', figures: [{ id: 'a', caption: '', image: 'data:text/html;base64,AAAA' }] },
      { markdown: 'x', references: [{ title: 'no id' }] },
      { markdown: 'x', options: { academicFormat: 'yes' } },
    ]) {
      const res = await exportPdf(u.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      errorBody(res);
    }
  });
});

describe('LaTeX export', () => {
  it('answers the project zip the browser builds (same core code): XeLaTeX main.tex with the style\'s citations, README, .bib, figures', async () => {
    const u = await signUp(t.app);
    const fig = await figure();
    const res = await t.app.inject({ method: 'POST', url: '/api/report/export/latex', headers: u.auth, payload: { markdown: MARKDOWN, references: REFS, style: 'ieee', figures: [fig], template: 'thesis', language: 'ja' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('report-thesis-2026-03-01.zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['README.md', 'figures/fig-1.png', 'main.tex', 'references.bib']);
    const tex = strFromU8(files['main.tex']!);
    // What the LaTeX editor builds offline from the same report, to the byte.
    const report = parseReport(MARKDOWN);
    const cites = reportCitations(report, REFS as never, 'ieee', 'ja');
    const offline = latexProjectFiles({ report, template: 'thesis', style: 'ieee', hasBibliography: true, author: u.username, language: 'ja', date: '2026-03-01', citations: { inText: cites.inText, bibliography: cites.bibliography }, figureImages: [fig] });
    expect(tex).toBe(strFromU8(offline['main.tex']!));
    expect(tex).toContain('\\usepackage{xeCJK}');
    expect(tex).toContain('\\chapter{Introduction}');
    expect(tex).toContain(`\\author{${u.username}}`);
    expect(tex).toContain('[1]');
    expect(tex).toContain('\\chapter*{参考文献}');
    expect(strFromU8(files['README.md']!)).toContain('latexmk -xelatex main.tex');
    expect(strFromU8(files['references.bib']!)).toContain('smith2020');
    expect(Buffer.from(files['figures/fig-1.png']!).equals(Buffer.from(fig.image.split(',')[1]!, 'base64'))).toBe(true);
  });

  it('rejects bad input', async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/report/export/latex', payload: { markdown: 'x' } })).statusCode).toBe(401);
    const huge = await sharp({ create: { width: 5000, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    for (const [payload, status] of [
      [{}, 422],
      [{ markdown: 'x', template: 'beamer' }, 422],
      [{ markdown: 'x', style: 'harvard' }, 422],
      [{ markdown: 'x', figures: [{ id: 'a', caption: '', image: 'data:text/html;base64,AAAA' }] }, 422],
      [{ markdown: 'x', figures: [{ id: 'a', caption: '', image: `data:image/png;base64,${huge.toString('base64')}` }] }, 422],
      [{ markdown: 'x', extra: true }, 422],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/report/export/latex', headers: u.auth, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      errorBody(res);
    }
  });
});

describe('report meta', () => {
  it('keeps references, style and figures with the owner’s report document', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const doc = (await t.app.inject({ method: 'POST', url: '/api/documents', headers: u.auth, payload: { kind: 'report', title: 'R', content: '# R' } })).json();
    const empty = await t.app.inject({ url: `/api/report/meta/${doc.id}`, headers: u.auth });
    expect(empty.json()).toEqual({ references: [], style: 'apa', figures: [] });
    const meta = { references: REFS, style: 'chicago', figures: [await figure()] };
    const put = await t.app.inject({ method: 'PUT', url: `/api/report/meta/${doc.id}`, headers: u.auth, payload: meta });
    expect(put.statusCode).toBe(200);
    const got = (await t.app.inject({ url: `/api/report/meta/${doc.id}`, headers: u.auth })).json();
    expect(got.style).toBe('chicago');
    expect(got.references[0].id).toBe('smith2020');
    expect(got.figures[0].id).toBe('chart1');
    // A hand-edited main.tex from the LaTeX editor is kept with the report.
    const latex = { template: 'paper', source: '\\documentclass{article}\n% edited by hand\n' };
    expect((await t.app.inject({ method: 'PUT', url: `/api/report/meta/${doc.id}`, headers: u.auth, payload: { ...meta, latex } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/report/meta/${doc.id}`, headers: u.auth })).json().latex).toEqual(latex);
    expect((await t.app.inject({ method: 'PUT', url: `/api/report/meta/${doc.id}`, headers: u.auth, payload: { ...meta, latex: { template: 'beamer', source: '' } } })).statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/report/meta/${doc.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/report/meta/${doc.id}`, headers: other.auth, payload: meta })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/report/meta/${doc.id}`, headers: u.auth, payload: { style: 'nope' } })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/report/meta/not-a-uuid', headers: u.auth })).statusCode).toBe(422);
  });
});
