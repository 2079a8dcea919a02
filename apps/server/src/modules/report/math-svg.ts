import { LRUCache } from 'lru-cache';
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

/** TeX to vector SVG paths with MathJax (no fonts: every glyph is a path, so PDFs need no math font). */
const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const tex = new TeX({
  packages: AllPackages.filter((p: string) => !['bussproofs', 'require', 'autoload'].includes(p)),
  formatError: (_jax: unknown, err: Error) => {
    throw err;
  },
});
const svg = new SVG({ fontCache: 'none' });
const html = mathjax.document('', { InputJax: tex, OutputJax: svg });

export interface MathSvg {
  svg: string;
  /** Sizes in ex (MathJax's unit); the caller scales by its font's ex height. */
  widthEx: number;
  heightEx: number;
  /** How far the box reaches below the baseline. */
  depthEx: number;
}

export class MathError extends Error {}

/** Formulas are user text: the most recently used ones are kept, each PDF thread holding at most this many. */
const cache = new LRUCache<string, MathSvg>({ max: 2_000 });

export function texToSvg(source: string, display: boolean): MathSvg {
  const key = `${display ? 'D' : 'I'}${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let node;
  try {
    node = html.convert(source, { display });
  } catch (err) {
    throw new MathError((err as Error).message);
  }
  const markup = adaptor.innerHTML(node).replace(/currentColor/g, '#000000');
  const width = Number(/width="([\d.]+)ex"/.exec(markup)?.[1] ?? 0);
  const height = Number(/height="([\d.]+)ex"/.exec(markup)?.[1] ?? 0);
  const align = Number(/vertical-align:\s*(-?[\d.]+)ex/.exec(markup)?.[1] ?? 0);
  if (/data-mjx-error|merror/.test(markup)) throw new MathError(/title="([^"]+)"/.exec(markup)?.[1] ?? 'Invalid math');
  const out = { svg: markup, widthEx: width, heightEx: height, depthEx: -align };
  if (cache.size > 2000) cache.clear();
  cache.set(key, out);
  return out;
}
