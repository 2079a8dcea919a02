import type * as MathEngine from '@yumi/core/report/math';
import { memo, useEffect, useState, type ReactNode } from 'react';
import './math.css';

/**
 * Formulas in the browser, set by the same MathJax engine as the PDF export (`@yumi/core/report/math`),
 * loaded as its own chunk the first time a formula is shown, so screens without math never load it.
 */
type Engine = typeof MathEngine;
let engine: Engine | null = null;
let loading: Promise<Engine> | null = null;

export function loadMathEngine(): Promise<Engine> {
  loading ??= import('@yumi/core/report/math').then((m) => (engine = m));
  return loading;
}

/** The engine once loaded (null until then); starts loading on first use. */
function useMathEngine(): Engine | null {
  const [ready, setReady] = useState(engine);
  useEffect(() => {
    if (!ready) void loadMathEngine().then(setReady);
  }, [ready]);
  return ready;
}

export type Typeset = { svg: string } | { error: string };

/** The formula's SVG sized in em as in the PDF, or the engine's message naming the problem (never throws). */
function typeset(e: Engine, tex: string, display: boolean): Typeset {
  try {
    return { svg: e.svgInEm(e.texToSvg(tex, display).svg) };
  } catch (err) {
    if (err instanceof e.MathError) return { error: err.message };
    throw err;
  }
}

interface Props {
  tex: string;
  display: boolean;
  className?: string;
  /** Shown instead of the formula when it does not parse. */
  renderError(message: string): ReactNode;
}

/** One formula as vector SVG; its TeX is the accessible name. The source shows while the engine loads. */
export const TexMath = memo(function TexMath({ tex, display, className, renderError }: Props) {
  const e = useMathEngine();
  if (!e) return <span className={`tex-math tex-loading ${className ?? ''}`} aria-busy="true">{tex}</span>;
  const out = typeset(e, tex, display);
  if ('error' in out) return <>{renderError(out.error)}</>;
  // The engine leaves out \class, \style and \href's link, and escapes text: its markup is safe to insert.
  return <span className={`tex-math ${display ? 'tex-display' : ''} ${className ?? ''}`} role="img" aria-label={tex} dangerouslySetInnerHTML={{ __html: out.svg }} />;
}, (a, b) => a.tex === b.tex && a.display === b.display && a.className === b.className);
