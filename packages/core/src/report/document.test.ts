import { describe, expect, it } from 'vitest';
import { parseInlines, parseReport } from './document';
import { buildLatex, escapeLatex } from './latex';

const MD = `# My Title

## Abstract
Short abstract with $x^2$.

## Introduction
See [@a; @b] and @fig:c1. Price is \\$5.

$$
E = mc^2
$$

![Growth curve](figure:c1)

### Detail
- one
- two

## Appendix A: Data
Values.
`;

describe('report structure', () => {
  it('parses title, abstract, numbered sections, appendices, figures and citations', () => {
    const r = parseReport(MD);
    expect(r.title).toBe('My Title');
    expect(r.abstract).toHaveLength(1);
    expect(r.sections.map((s) => `${s.number} ${s.title}`)).toEqual(['1 Introduction', '1.1 Detail']);
    expect(r.appendices.map((s) => s.number)).toEqual(['']);
    expect(parseReport('# T\n\n## Appendix\nx\n\n## Tables\ny').appendices.map((s) => s.number)).toEqual(['A', 'B']);
    expect(parseReport('# T\n\n## 序論\nx\n\n## 부록 A\ny').appendices.map((s) => s.title)).toEqual(['부록 A']);
    expect(parseReport('# T\n\n## Appendicitis\nx').appendices).toHaveLength(0);
    expect(r.figures.get('c1')).toBe(1);
    expect(r.citedKeys).toEqual(['a', 'b']);
    expect(r.sections[0]!.blocks.map((b) => b.t)).toEqual(['paragraph', 'math', 'figure']);
    expect(r.sections[1]!.blocks[0]).toMatchObject({ t: 'list', items: [[{ t: 'text', text: 'one' }], [{ t: 'text', text: 'two' }]] });
  });
  it('parses inline math, escaped dollars, emphasis and figure references', () => {
    expect(parseInlines('a $b$ \\$c **d** *e* @fig:f')).toEqual([
      { t: 'text', text: 'a ' },
      { t: 'math', tex: 'b' },
      { t: 'text', text: ' $c ' },
      { t: 'text', text: 'd', bold: true },
      { t: 'text', text: ' ' },
      { t: 'text', text: 'e', italic: true },
      { t: 'text', text: ' ' },
      { t: 'figref', id: 'f' },
    ]);
  });
});

describe('LaTeX templates', () => {
  it('wraps the report into a complete pdflatex source per template', () => {
    const article = buildLatex(MD, { template: 'article', style: 'apa', hasBibliography: true, figures: [{ id: 'c1', file: 'figures/fig-1.png' }] });
    expect(article).toContain('\\documentclass[11pt,a4paper]{article}');
    expect(article).toContain('\\title{My Title}');
    expect(article).toContain('\\begin{abstract}\nShort abstract with $x^2$.\n\\end{abstract}');
    expect(article).toContain('\\section{Introduction}');
    expect(article).toContain('\\subsection{Detail}');
    expect(article).toContain('~\\cite{a,b}');
    expect(article).toContain('Figure~\\ref{fig:c1}');
    expect(article).toContain('\\$5');
    expect(article).toContain('\\begin{equation}\nE = mc^2\n\\end{equation}');
    expect(article).toContain('\\includegraphics[width=0.8\\linewidth]{figures/fig-1.png}');
    expect(article).toMatch(/\\appendix\s+\\section\{Data\}/);
    expect(article).toContain('\\bibliographystyle{apalike}\n\\bibliography{references}');
    expect(article.trim().endsWith('\\end{document}')).toBe(true);
    expect(buildLatex(MD, { template: 'thesis', style: 'ieee', hasBibliography: true })).toContain('\\chapter{Introduction}');
    expect(buildLatex(MD, { template: 'paper', style: 'ieee', hasBibliography: false })).toContain('twocolumn');
    expect(buildLatex('# 日本語\n\n## 序論\nテキスト', { template: 'report', style: 'mla', hasBibliography: false })).toContain('\\begin{CJK*}{UTF8}{gbsn}');
  });
  it('escapes LaTeX specials in text', () => {
    expect(escapeLatex('50% of $x & y_1 #2 {a} ~ ^ \\')).toBe('50\\% of \\$x \\& y\\_1 \\#2 \\{a\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
  });
});
