/**
 * The one math engine of the Report Helper: TeX to vector SVG with MathJax, used as is by the live preview
 * (a lazy chunk in the browser), the equation builder and the PDF export, so all three set a formula
 * alike. Every glyph is a path (no font cache, no fonts), so the PDF embeds no math font.
 *
 * Formulas are untrusted text shown as markup: the `html` package (\class, \style, \cssId) is left out and
 * \href keeps only its text, so a formula can neither link out nor style the page. Errors throw (no
 * `noerrors`/`noundefined`), so a mistake is named rather than set in red.
 */
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

const LEFT_OUT = ['bussproofs', 'require', 'autoload', 'html', 'noerrors', 'noundefined'];

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const tex = new TeX({
  packages: AllPackages.filter((p: string) => !LEFT_OUT.includes(p)),
  macros: { href: ['#2', 2] },
  formatError: (_jax: unknown, err: Error) => {
    throw err;
  },
});
const html = mathjax.document('', { InputJax: tex, OutputJax: new SVG({ fontCache: 'none' }) });

/** MathJax's TeX fonts: 1 ex is this many em (the sizes below are in ex). */
export const MATH_EX_PER_EM = 0.442;

export interface MathSvg {
  /** The `<svg>` element; paths are filled with `currentColor`. */
  svg: string;
  /** Sizes in ex; the caller scales by its font's ex height. */
  widthEx: number;
  /** Height above the baseline plus depth. */
  heightEx: number;
  /** How far the box reaches below the baseline. */
  depthEx: number;
}

export class MathError extends Error {}

/** Most recently used formulas; a keystroke elsewhere must not typeset every formula again. Bounded. */
const CACHE_MAX = 2000;
const cache = new Map<string, MathSvg | MathError>();

/** The formula as SVG, or a MathError naming the problem ("Undefined control sequence \foo"). */
export function texToSvg(source: string, display: boolean): MathSvg {
  const key = `${display ? 'D' : 'I'}${source}`;
  let hit = cache.get(key);
  if (hit) {
    // Move to the back: most recently used.
    cache.delete(key);
    cache.set(key, hit);
  } else {
    hit = convert(source, display);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  if (hit instanceof MathError) throw hit;
  return hit;
}

/**
 * The SVG sized in em of the surrounding text, as the PDF sizes it (MathJax's ex is its TeX fonts' ex,
 * not the page font's, whose x-height differs): a formula keeps its proportion to the text everywhere.
 */
export function svgInEm(svg: string): string {
  return svg.replace(/(width|height)="([\d.]+)ex"|(vertical-align:\s*)(-?[\d.]+)ex/g, (_m, attr: string | undefined, size: string, align: string, by: string) =>
    attr ? `${attr}="${em(size)}"` : `${align}${em(by)}`,
  );
}
const em = (ex: string) => `${Number((Number(ex) * MATH_EX_PER_EM).toFixed(4))}em`;

function convert(source: string, display: boolean): MathSvg | MathError {
  let markup: string;
  try {
    markup = adaptor.innerHTML(html.convert(source, { display }));
  } catch (err) {
    return new MathError((err as Error).message);
  }
  if (/data-mjx-error|data-mml-node="merror"/.test(markup)) return new MathError(/title="([^"]+)"/.exec(markup)?.[1] ?? 'Invalid math');
  return {
    svg: markup,
    widthEx: Number(/width="([\d.]+)ex"/.exec(markup)?.[1] ?? 0),
    heightEx: Number(/height="([\d.]+)ex"/.exec(markup)?.[1] ?? 0),
    depthEx: -Number(/vertical-align:\s*(-?[\d.]+)ex/.exec(markup)?.[1] ?? 0),
  };
}
