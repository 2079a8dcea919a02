import { parseReport } from '@yumi/core';
import { MATH_FIXTURES, mathFixtureReport } from '@yumi/core/report/math-fixtures';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadMathEngine } from '../../shared/math';
import { Preview } from './Preview';

describe('the preview sets math with the PDF’s engine', () => {
  it('draws each of fifty formulas exactly as the PDF export’s engine sets it, sized in em as in the PDF', async () => {
    const engine = await loadMathEngine();
    const markup = renderToStaticMarkup(<Preview report={parseReport(mathFixtureReport())} inText={new Map()} bibliography={[]} figureImages={new Map()} />);
    const drawn = [...markup.matchAll(/<span class="tex-math[^"]*" role="img" aria-label="([^"]*)">(<svg[\s\S]*?<\/svg>)<\/span>/g)];
    expect(drawn).toHaveLength(MATH_FIXTURES.length);
    const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
    MATH_FIXTURES.forEach((f, i) => {
      expect(unescape(drawn[i]![1]!)).toBe(f.tex);
      expect(drawn[i]![2]).toBe(engine.svgInEm(engine.texToSvg(f.tex, f.display).svg));
    });
    expect(markup).not.toContain('katex');
    expect(markup).not.toContain('rp-math-error');
  });
});

describe('the preview with a note style', () => {
  it('numbers each citation as a raised note after the punctuation and lists the notes before the references', () => {
    const report = parseReport('# T\n\n## One\nFirst [@a]. Again [@a; @b].\n\n- item [@b]\n');
    const note = (text: string) => [{ text }];
    const markup = renderToStaticMarkup(<Preview report={report} inText={new Map()} notes={[note('Note one'), note('Note two'), note('Note three')]} bibliography={[note('Entry')]} figureImages={new Map()} />);
    expect(markup).toContain('First.<sup class="rp-noteref"><a href="#rp-note-1">1</a></sup> Again.<sup class="rp-noteref"><a href="#rp-note-2">2</a></sup>');
    expect(markup).toContain('item<sup class="rp-noteref"><a href="#rp-note-3">3</a></sup>');
    expect(markup).toMatch(/<section class="rp-notes">.*<li id="rp-note-1" dir="auto">Note one<\/li><li id="rp-note-2" dir="auto">Note two<\/li><li id="rp-note-3" dir="auto">Note three<\/li>.*<section class="rp-bibliography">/);
  });
});

describe('the preview with right-to-left text', () => {
  it('gives every block of text dir="auto", so an Arabic or Hebrew one runs right to left in the browser', () => {
    const report = parseReport('# تقرير\n\n## مقدمة\nهذا نص عربي 2024.\n\nEnglish text.\n\n- עברית\n\n| א | b |\n|---|---|\n| ب | c |\n\n> اقتباس\n');
    const markup = renderToStaticMarkup(<Preview report={report} inText={new Map()} bibliography={[[{ text: 'مرجع' }]]} figureImages={new Map()} />);
    for (const tag of ['<h1 dir="auto">تقرير', '<p dir="auto">هذا نص عربي 2024.', '<p dir="auto">English text.', '<li dir="auto">עברית', '<th dir="auto">א', '<td dir="auto">ب', '<blockquote dir="auto">اقتباس', '<li dir="auto">مرجع']) expect(markup).toContain(tag);
    expect(markup).toMatch(/<h2 dir="auto"><span class="rp-num">1<\/span> مقدمة<\/h2>/);
  });
});
