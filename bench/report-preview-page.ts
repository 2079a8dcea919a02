// Runs in headless Chromium (bundled by report-preview.bench.ts): the Report Helper's live preview of a
// 10-page report, one keystroke at a time, as the screen does it: parse the Markdown, render the
// Preview component (React, KaTeX) and lay the page out.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
// The web app's Preview component, aliased by the bench's bundler (the web sources are not in this TS project).
import { Preview } from 'yumi-report-preview';
import { parseReport, type RichText } from '../packages/core/src';

/** About 5,000 words in 10 sections: prose with citations and inline math, a display equation and a table each. */
export function tenPageReport(): string {
  const prose =
    'Seagrass meadows store carbon in their sediments and shelter juvenile fish, yet their extent has declined along most temperate coasts over the last decades. ';
  const parts = ['# Seagrass carbon along temperate coasts', '', '## Abstract', prose.repeat(4), ''];
  for (let s = 1; s <= 10; s += 1) {
    parts.push(`## Section ${s}`, '');
    for (let p = 0; p < 6; p += 1) {
      parts.push(`${prose.repeat(2)}The stock grows as $C_${s}(t) = C_0 e^{-k t} + \\sum_{i=1}^{${p + 2}} a_i t^i$ [@okafor2021; @lee2019]. ${prose}`, '');
    }
    parts.push(`$$\\int_0^{${s}} \\frac{\\partial C}{\\partial t}\\,dt = \\sum_{n=0}^{\\infty} \\frac{(-1)^n x^{2n+1}}{(2n+1)!}$$`, '');
    parts.push('| Site | Area (ha) | Carbon (Mg) |', '|:--|--:|--:|', ...Array.from({ length: 6 }, (_, r) => `| Site ${r} | ${10 + r * 3} | $${r}.5 \\times 10^3$ |`), '');
    parts.push('- first finding', '- second finding with $\\alpha = 0.05$', '');
  }
  return parts.join('\n');
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  return { p50: at(50), p95: at(95), max: s[s.length - 1] ?? NaN };
};

async function inPage() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const inText = new Map<string, RichText>([['okafor2021;lee2019', [{ text: '(Okafor & Lindqvist, 2021; Lee, 2019)' }]]]);
  const figureImages = new Map<string, string>();
  const bibliography: RichText[] = [];
  let text = tenPageReport();
  const update = (t: string) => {
    const report = parseReport(t);
    flushSync(() => root.render(createElement(Preview, { report, inText, bibliography, figureImages })));
    void host.offsetHeight; // layout included
  };
  update(text);
  // Baseline in the same page: the same text set into one <pre> and laid out (the cheapest possible view).
  const pre = document.createElement('pre');
  document.body.append(pre);
  let at = text.indexOf('## Section 5') + 200;
  const keystrokes: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 80; i += 1) {
    text = `${text.slice(0, at)}x${text.slice(at)}`;
    at += 1;
    let t0 = performance.now();
    update(text);
    if (i >= 10) keystrokes.push(performance.now() - t0);
    t0 = performance.now();
    pre.textContent = text;
    void pre.offsetHeight;
    if (i >= 10) bare.push(performance.now() - t0);
  }
  return { words: text.split(/\s+/).length, keystroke: stats(keystrokes), bare: stats(bare) };
}

(window as unknown as { __bench: () => Promise<unknown> }).__bench = inPage;
