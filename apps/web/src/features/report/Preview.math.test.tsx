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
