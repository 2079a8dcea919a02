/** The equation builder's palette (20 symbols) and templates (8). */
export const EQUATION_SYMBOLS = [
  { label: 'α', code: '\\alpha' },
  { label: 'β', code: '\\beta' },
  { label: 'γ', code: '\\gamma' },
  { label: 'δ', code: '\\delta' },
  { label: 'θ', code: '\\theta' },
  { label: 'λ', code: '\\lambda' },
  { label: 'μ', code: '\\mu' },
  { label: 'π', code: '\\pi' },
  { label: 'σ', code: '\\sigma' },
  { label: 'Ω', code: '\\Omega' },
  { label: '∑', code: '\\sum' },
  { label: '∏', code: '\\prod' },
  { label: '∫', code: '\\int' },
  { label: '∂', code: '\\partial' },
  { label: '∞', code: '\\infty' },
  { label: '√', code: '\\sqrt{x}' },
  { label: '±', code: '\\pm' },
  { label: '≠', code: '\\neq' },
  { label: '≤', code: '\\leq' },
  { label: '→', code: '\\rightarrow' },
] as const;

export const EQUATION_TEMPLATES = [
  { id: 'fraction', code: '\\frac{a}{b}' },
  { id: 'quadratic', code: 'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}' },
  { id: 'sum', code: '\\sum_{i=1}^{n} x_i' },
  { id: 'integral', code: '\\int_{a}^{b} f(x)\\,dx' },
  { id: 'limit', code: '\\lim_{x \\to \\infty} f(x)' },
  { id: 'matrix', code: '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}' },
  { id: 'derivative', code: '\\frac{d}{dx} f(x)' },
  { id: 'euler', code: 'e^{i\\pi} + 1 = 0' },
] as const;

export const MAX_EQUATION_LENGTH = 2000;

/** Commands that could link out or inject markup; the math engine sets none of them anyway, but the user is told why.
 * A bare `<` is the less-than sign (`a<b`): it is set as a relation and escaped, so it is never refused. */
const UNSAFE = /\\(href|url|html[a-zA-Z]*|includegraphics)\b/i;

export function equationProblem(code: string): 'tooLong' | 'unsafe' | null {
  if (code.length > MAX_EQUATION_LENGTH) return 'tooLong';
  if (UNSAFE.test(code)) return 'unsafe';
  return null;
}
