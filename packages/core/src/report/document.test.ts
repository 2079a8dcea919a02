import { describe, expect, it } from 'vitest';
import { citeGroups, citeOccurrences, parseReport, placeNoteMarks, type Block } from './document';
import { buildLatex, escapeLatex, latexReadme } from './latex';

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
    const [p] = parseReport('a $b$ \\$c **d** *e* @fig:f').preamble as Array<Extract<Block, { t: 'paragraph' }>>;
    expect(p!.inlines).toEqual([
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
  it('reads GitHub Markdown: tables with alignment and citations in cells, strikethrough, task lists, links, code', () => {
    const r = parseReport(`# T

## Results
| Model | Accuracy | Source |
|:------|---------:|:------:|
| **A** | 0.91 | [@smith2020] |
| B | $\\alpha$ | ~~old~~ |

- [x] collect data
- [ ] write *discussion*
  - nested point

See [the site](https://example.org) and <https://doi.org/10.1/x>; not [this](javascript:alert(1)).

\`\`\`python
print("$5 [@notacite]")
\`\`\`

1. first
2. second
`);
    const [table, tasks, para, code, ordered] = r.sections[0]!.blocks;
    expect(table).toEqual({
      t: 'table',
      align: ['left', 'right', 'center'],
      header: [[{ t: 'text', text: 'Model' }], [{ t: 'text', text: 'Accuracy' }], [{ t: 'text', text: 'Source' }]],
      rows: [
        [[{ t: 'text', text: 'A', bold: true }], [{ t: 'text', text: '0.91' }], [{ t: 'cite', keys: ['smith2020'] }]],
        [[{ t: 'text', text: 'B' }], [{ t: 'math', tex: '\\alpha' }], [{ t: 'text', text: 'old', strike: true }]],
      ],
    });
    expect(tasks).toEqual({
      t: 'list',
      ordered: false,
      items: [[{ t: 'text', text: 'collect data' }], [{ t: 'text', text: 'write ' }, { t: 'text', text: 'discussion', italic: true }], [{ t: 'text', text: 'nested point' }]],
      checked: [true, false, null],
    });
    expect(para).toEqual({
      t: 'paragraph',
      inlines: [
        { t: 'text', text: 'See ' },
        { t: 'text', text: 'the site', href: 'https://example.org' },
        { t: 'text', text: ' and ' },
        { t: 'text', text: 'https://doi.org/10.1/x', href: 'https://doi.org/10.1/x' },
        // markdown-it refuses javascript: links: the source stays as text.
        { t: 'text', text: '; not [this](javascript:alert(1)).' },
      ],
    });
    expect(code).toEqual({ t: 'code', lang: 'python', text: 'print("$5 [@notacite]")' });
    expect(ordered).toMatchObject({ t: 'list', ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] });
    expect(r.citedKeys).toEqual(['smith2020']);
    expect(citeGroups(r)).toEqual([['smith2020']]);
  });
  it('keeps #### headings as bold lines and numbers sections only from levels 2 and 3', () => {
    const r = parseReport('# T\n\n## One\n\n#### Small\n\ntext');
    expect(r.sections.map((s) => s.number)).toEqual(['1']);
    expect(r.sections[0]!.blocks[0]).toEqual({ t: 'paragraph', inlines: [{ t: 'text', text: 'Small', bold: true }] });
  });
});

describe('note styles', () => {
  const md = '# T\n\n## One\nFirst [@a]. Then [@a; @b], and *so* [@b]\n\n| A |\n|---|\n| x [@c] |\n';

  it('lists every citation in reading order, a repeated one each time', () => {
    expect(citeOccurrences(parseReport(md)).map((c) => c.keys)).toEqual([['a'], ['a', 'b'], ['b'], ['c']]);
  });

  it('puts the note mark after the punctuation and drops the space before it, keeping each citation', () => {
    const r = parseReport(md);
    const para = r.sections[0]!.blocks[0]!;
    if (para.t !== 'paragraph') throw new Error('paragraph expected');
    const placed = placeNoteMarks(para.inlines);
    const shown = placed.map((i) => (i.t === 'text' ? i.text : i.t === 'cite' ? `^${i.keys.join('+')}` : '')).join('|');
    expect(shown).toBe('First|.|^a| Then|,|^a+b| and |so||^b');
    // The citations themselves are kept (their identity numbers the notes).
    expect(placed.filter((i) => i.t === 'cite')).toEqual(para.inlines.filter((i) => i.t === 'cite'));
    expect(placed.filter((i) => i.t === 'cite')[0]).toBe(para.inlines.find((i) => i.t === 'cite'));
  });

  it('sets notes as numbered LaTeX footnotes, a table’s after the table', () => {
    const note = (text: string) => [{ text }];
    const tex = buildLatex(md, { template: 'article', style: 'chicago-notes', hasBibliography: true, citations: { inText: new Map(), notes: [note('N1'), note('N2'), note('N3'), note('N4')], bibliography: [note('B')] } });
    expect(tex).toContain('First.\\footnote[1]{N1} Then,\\footnote[2]{N2} and \\emph{so}\\footnote[3]{N3}');
    expect(tex).toMatch(/x\\footnotemark\[4\] \\\\[\s\S]*\\end\{tabular\}\n\\end\{center\}\n\\footnotetext\[4\]\{N4\}/);
  });
});

describe('LaTeX templates', () => {
  it('wraps the report into a complete XeLaTeX source per template', () => {
    const article = buildLatex(MD, { template: 'article', style: 'apa', hasBibliography: true, figures: [{ id: 'c1', file: 'figures/fig-1.png' }] });
    expect(article).toContain('\\documentclass[11pt,a4paper]{article}');
    expect(article).toContain('\\title{My Title}');
    expect(article).toContain('\\begin{abstract}\nShort abstract with $x^2$.\n\\end{abstract}');
    expect(article).toContain('\\section{Introduction}');
    expect(article).toContain('\\subsection{Detail}');
    expect(article).toContain('~\\cite{a,b}');
    expect(article).toContain('\\figurename~\\ref{fig:c1}');
    expect(article).toContain('\\usepackage{fontspec}');
    expect(article).not.toContain('xeCJK');
    expect(article).toContain('\\$5');
    expect(article).toContain('\\begin{equation}\nE = mc^2\n\\end{equation}');
    expect(article).toContain('\\includegraphics[width=0.8\\linewidth]{figures/fig-1.png}');
    expect(article).toMatch(/\\appendix\s+\\section\{Data\}/);
    expect(article).toContain('\\bibliographystyle{apalike}\n\\bibliography{references}');
    expect(article.trim().endsWith('\\end{document}')).toBe(true);
    expect(buildLatex(MD, { template: 'thesis', style: 'ieee', hasBibliography: true })).toContain('\\chapter{Introduction}');
    expect(buildLatex(MD, { template: 'paper', style: 'ieee', hasBibliography: false })).toContain('twocolumn');
    // CJK through xeCJK with the Noto CJK family of the text's language; Korean keeps its word spaces.
    const ja = buildLatex('# 日本語\n\n## 序論\nテキスト', { template: 'report', style: 'mla', hasBibliography: false, language: 'ja' });
    expect(ja).toContain('\\usepackage{xeCJK}\n\\setCJKmainfont{Noto Serif CJK JP}');
    expect(ja).toContain('\\renewcommand{\\abstractname}{要旨}');
    const ko = buildLatex('# 한국어\n\n## 서론\n텍스트 입니다', { template: 'article', style: 'mla', hasBibliography: false });
    expect(ko).toContain('\\xeCJKsetup{CJKspace=true}\n\\setCJKmainfont{Noto Serif CJK KR}');
    expect(buildLatex('# 中文\n\n## 引言\n文本', { template: 'article', style: 'mla', hasBibliography: false })).toContain('{Noto Serif CJK SC}');
    // Greek and Cyrillic runs take a font that has them; Latin Extended stays in Latin Modern.
    const greek = buildLatex('# Łódź\n\n## A\nδοκιμή, Привет мир!', { template: 'article', style: 'apa', hasBibliography: false });
    expect(greek).toContain('\\yumiscript{δοκιμή, Привет мир}!');
    expect(greek).toContain('\\title{Łódź}');
  });
  it('sets tables, task lists, struck-out text, links and code in LaTeX', () => {
    const tex = buildLatex('# T\n\n## A\n| x | y |\n|---|:-:|\n| 1 | ~~2~~ |\n\n- [x] done\n- [ ] open\n\nA [link](https://e.org/a%20b#c).\n\n```\nraw \\end{verbatim}\n```\n', { template: 'article', style: 'apa', hasBibliography: false });
    expect(tex).toContain('\\begin{tabular}{lc}\n\\hline\nx & y \\\\\n\\hline\n1 & \\sout{2} \\\\\n\\hline\n\\end{tabular}');
    expect(tex).toContain('\\item[$\\boxtimes$] done\n  \\item[$\\square$] open');
    expect(tex).toContain('\\href{https://e.org/a\\%20b\\#c}{link}');
    expect(tex).toContain('\\begin{verbatim}\nraw \\end {verbatim}\n\\end{verbatim}');
  });
  it('sets citations and the reference list as the chosen style gives them, with the author and a README', () => {
    const citations = {
      inText: new Map([['a;b', [{ text: '(van den Berg, 2020; de la Cruz, 2019)' }]]]),
      bibliography: [[{ text: 'van den Berg, J. (2020). Title. ' }, { text: 'Nature & Co', italic: true }, { text: '. ' }, { text: 'https://doi.org/10.1/x_y', href: 'https://doi.org/10.1/x_y' }]],
    };
    const tex = buildLatex(MD, { template: 'article', style: 'apa', hasBibliography: true, author: 'Ada Lovelace', citations });
    expect(tex).toContain('See (van den Berg, 2020; de la Cruz, 2019) and');
    expect(tex).not.toContain('\\cite{');
    expect(tex).not.toContain('\\bibliography{references}');
    expect(tex).toContain('\\section*{References}');
    expect(tex).toContain('\\item{} van den Berg, J. (2020). Title. \\emph{Nature \\& Co}. \\href{https://doi.org/10.1/x_y}{https://doi.org/10.1/x\\_y}');
    expect(tex).toContain('\\author{Ada Lovelace}');
    expect(tex).toContain('Compile: latexmk -xelatex main.tex');
    expect(latexReadme({ template: 'article', style: 'apa', hasBibliography: true, citations })).toContain('```\nlatexmk -xelatex main.tex\n```');
    expect(latexReadme({ template: 'article', style: 'apa', hasBibliography: true })).toContain('latexmk -xelatex -bibtex main.tex');
  });
  it('marks right-to-left text for XeTeX (TeX--XeT) by the paragraph’s UAX #9 levels, in fonts that have Arabic and Hebrew', () => {
    const arabic = 'تستخدم الدراسة نموذج AlphaFold الإصدار 2 لعام 2024 في التحليل';
    const citations = { inText: new Map([['a;b', [{ text: '(van den Berg, 2020; de la Cruz, 2019)' }]]]), bibliography: [[{ text: 'كتاب عن ' }, { text: 'AI', italic: true }]] };
    const tex = buildLatex(`# عنوان\n\n## مقدمة\n${arabic}\n\nSee مرحبا بالعالم here.\n\nاقرأ [@a; @b] الآن\n\n- עברית\n`, { template: 'article', style: 'apa', hasBibliography: false, citations });
    expect(tex).toContain('\\TeXXeTstate=1');
    // A right-to-left paragraph: reversed as a whole, Latin words and numbers kept left to right inside, flush right.
    expect(tex).toContain(
      '{\\parfillskip=0pt\\noindent\\beginR{}\\yumiarabic{تستخدم الدراسة نموذج} \\beginL{}AlphaFold\\endL{} \\yumiarabic{الإصدار} \\beginL{}2\\endL{} \\yumiarabic{لعام} \\beginL{}2024\\endL{} \\yumiarabic{في التحليل}\\unskip\\nobreak\\hskip 0pt plus 1fil\\endR{}\\par}',
    );
    // An Arabic phrase in English text; an English citation in Arabic text keeps its own order.
    expect(tex).toContain('See \\beginR{}\\yumiarabic{مرحبا بالعالم}\\endR{} here.');
    expect(tex).toContain('\\yumiarabic{اقرأ} \\beginL{}(van den Berg, 2020; de la Cruz, 2019)\\endL{} \\yumiarabic{الآن}');
    expect(tex).toContain('\\item \\beginR{}\\yumihebrew{עברית}\\endR{}');
    expect(tex).toContain('\\item{} \\beginR{}\\yumiarabic{كتاب عن} \\emph{\\beginL{}AI}\\endL{}\\endR{}');
    expect(tex).toContain('\\section{\\texorpdfstring{\\beginR{}\\yumiarabic{مقدمة}\\endR{}}{\\yumiarabic{مقدمة}}}');
    expect(tex).toContain('\\title{\\beginR{}\\yumiarabic{عنوان}\\endR{}}');
    expect(tex).toContain('\\IfFontExistsTF{Noto Naskh Arabic}{\\newfontfamily\\yumiarabicfont{Noto Naskh Arabic}[Script=Arabic]}');
    expect(tex).toContain('{\\newfontfamily\\yumihebrewfont{DejaVu Sans}[Script=Hebrew]}}');
    // Left-to-right reports are set as before.
    expect(buildLatex(MD, { template: 'article', style: 'apa', hasBibliography: false })).not.toMatch(/TeXXeT|\\begin[LR]|yumiarabic/);
  });
  it('escapes LaTeX specials in text', () => {
    expect(escapeLatex('50% of $x & y_1 #2 {a} ~ ^ \\')).toBe('50\\% of \\$x \\& y\\_1 \\#2 \\{a\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
  });
});
