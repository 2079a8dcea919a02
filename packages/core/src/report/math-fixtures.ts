/**
 * Fifty formulas a report sets, inline (`$…$`) or displayed (`$$…$$`), for the tests that check the one
 * math engine: the preview and the PDF set each alike, at the sizes TeX gives it.
 */
export const MATH_FIXTURES: ReadonlyArray<{ tex: string; display: boolean }> = [
  { tex: 'E = mc^2', display: false },
  { tex: 'a^2 + b^2 = c^2', display: false },
  { tex: '\\alpha + \\beta = \\gamma', display: false },
  { tex: 'x_{i,j}^{2}', display: false },
  { tex: 'e^{i\\pi} + 1 = 0', display: false },
  { tex: 'f(x) = \\sin x + \\cos 2x', display: false },
  { tex: '\\sqrt{2}', display: false },
  { tex: '\\sqrt[3]{x+1}', display: false },
  { tex: '\\frac{a}{b}', display: false },
  { tex: '\\tfrac{1}{2}\\,mv^2', display: false },
  { tex: 'p < 0.05', display: false },
  { tex: 'n \\geq 1', display: false },
  { tex: '\\mathbb{R}^n', display: false },
  { tex: '\\mathcal{O}(n \\log n)', display: false },
  { tex: '\\mathbf{v} \\cdot \\mathbf{w}', display: false },
  { tex: '\\hat{\\theta} \\pm 1.96\\,\\sigma', display: false },
  { tex: '\\vec{F} = m\\vec{a}', display: false },
  { tex: '\\bar{x} = \\tfrac{1}{n}\\sum x_i', display: false },
  { tex: "f'(x) \\neq f''(x)", display: false },
  { tex: 'A \\subseteq B \\cup C', display: false },
  { tex: '\\forall x \\in X,\\ \\exists y', display: false },
  { tex: '\\lim_{n\\to\\infty} a_n = L', display: false },
  { tex: '\\{1, 2, \\dots, n\\}', display: false },
  { tex: '\\lfloor x \\rfloor + \\lceil y \\rceil', display: false },
  { tex: '\\langle u, v \\rangle', display: false },
  { tex: '\\|x\\|_2', display: false },
  { tex: 'a \\equiv b \\pmod{m}', display: false },
  { tex: '\\operatorname{argmax}_x g(x)', display: false },
  { tex: 'H_2O', display: false },
  { tex: '\\Delta G = \\Delta H - T\\Delta S', display: false },
  { tex: '\\int_0^1 x^2\\,dx = \\frac{1}{3}', display: true },
  { tex: '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', display: true },
  { tex: '\\prod_{k=1}^{n} k = n!', display: true },
  { tex: 'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}', display: true },
  { tex: '\\binom{n}{k} = \\frac{n!}{k!\\,(n-k)!}', display: true },
  { tex: '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}', display: true },
  { tex: '\\det\\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix} = -2', display: true },
  { tex: '|x| = \\begin{cases} x & x \\geq 0 \\\\ -x & x < 0 \\end{cases}', display: true },
  { tex: '\\left( \\frac{a}{b} \\right)^{2}', display: true },
  { tex: '\\oint_C \\mathbf{F} \\cdot d\\mathbf{r} = \\iint_S (\\nabla \\times \\mathbf{F}) \\cdot d\\mathbf{S}', display: true },
  { tex: '\\frac{\\partial u}{\\partial t} = \\alpha \\nabla^2 u', display: true },
  { tex: '\\mathbb{E}[X] = \\int_{-\\infty}^{\\infty} x\\, p(x)\\, dx', display: true },
  { tex: 'P(A \\mid B) = \\frac{P(B \\mid A)\\,P(A)}{P(B)}', display: true },
  { tex: '\\hat{\\beta} = (X^{\\top} X)^{-1} X^{\\top} y', display: true },
  { tex: 'e^x = \\sum_{k=0}^{\\infty} \\frac{x^k}{k!}', display: true },
  { tex: '\\begin{aligned} a &= b + c \\\\ &= d \\end{aligned}', display: true },
  { tex: '\\underbrace{1 + 1 + \\cdots + 1}_{n} = n', display: true },
  { tex: '\\overline{z_1 z_2} = \\overline{z_1}\\,\\overline{z_2}', display: true },
  { tex: 'A \\xrightarrow{f} B \\xrightarrow{g} C', display: true },
  { tex: '1 + \\cfrac{1}{1 + \\cfrac{1}{1 + x}}', display: true },
];

/** A report holding every fixture: the inline ones in sentences, the displayed ones as equations. */
export function mathFixtureReport(): string {
  const lines = MATH_FIXTURES.map((f, i) => (f.display ? `$$${f.tex}$$` : `Formula ${i + 1} is $${f.tex}$ in a sentence.`));
  return `# Fifty formulas\n\n## Formulas\n${lines.join('\n\n')}\n`;
}
