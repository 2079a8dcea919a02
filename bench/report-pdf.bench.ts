// Report Helper: the PDF export of a 25-page report (10 equations, 4 charts, citations), again and with
// words no export has shaped before, beside the same text set by pdfkit alone.
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { renderReportPdf, type PdfInput } from '../apps/server/src/modules/report/pdf';
import { median, text } from './prose';
import type { BenchResult } from './types';

const EQUATIONS = ['E = mc^2', '\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}', '\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}', '\\nabla \\cdot \\mathbf{E} = \\frac{\\rho}{\\varepsilon_0}', 'f(x) = \\frac{1}{\\sigma\\sqrt{2\\pi}} e^{-\\frac{(x-\\mu)^2}{2\\sigma^2}}', 'a^2 + b^2 = c^2', '\\frac{\\partial u}{\\partial t} = \\alpha \\nabla^2 u', 'P(A|B) = \\frac{P(B|A)P(A)}{P(B)}', '\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1', 'i\\hbar\\frac{\\partial}{\\partial t}\\Psi = \\hat{H}\\Psi'];

/** The bench's report; `mark` is added to every generated word: a report none of whose words was shaped before. */
export async function benchReport(mark = ''): Promise<PdfInput> {
  const chart = (hue: string) =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#fff"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 70}" y="${340 - (i + 2) * 30}" width="50" height="${(i + 2) * 30}" fill="${hue}"/>`).join('')}</svg>`))
      .png()
      .toBuffer();
  const figures = await Promise.all(['#8b5cf6', '#ec4899', '#3b82f6', '#10b981'].map(async (c, i) => ({ id: `fig${i}`, caption: `Measurement series ${i + 1}`, image: `data:image/png;base64,${(await chart(c)).toString('base64')}` })));
  const para = (i: number) => `${text(i, 120).replace(/\w+/g, (w) => w + mark)} as shown in [@ref${i % 8}] and @fig:fig${i % 4}.`;
  const sections = Array.from({ length: 10 }, (_, s) => [`## Section ${s + 1}`, para(s * 10), `$$${EQUATIONS[s]}$$`, para(s * 10 + 1), ...(s % 3 === 0 && s / 3 < 4 ? [`![Measurement series ${s / 3 + 1}](figure:fig${s / 3})`] : []), ...Array.from({ length: 6 }, (_, p) => para(s * 10 + 2 + p))].join('\n\n'));
  const markdown = `# A Twenty Page Benchmark Report\n\n## Abstract\n${para(999)}\n\n${sections.join('\n\n')}`;
  const references = Array.from({ length: 8 }, (_, i) => ({ id: `ref${i}`, type: 'article-journal', title: `Study number ${i}`, author: [{ family: `Author${i}`, given: 'A.' }], issued: { 'date-parts': [[2000 + i]] }, 'container-title': 'Journal of Benchmarks' }));
  const options = { includeReferences: true, includeFigures: true, includeAppendices: true, academicFormat: false };
  return { markdown, references, style: 'apa', figures, options, date: new Date() };
}

export default async function run(): Promise<BenchResult[]> {
  const input = await benchReport();
  await renderReportPdf({ ...input, markdown: '# warm up\n\n$$x$$', references: [], figures: [] });
  const times: number[] = [];
  const unseen: number[] = [];
  const plain: number[] = [];
  let pages = 0;
  for (let run = 0; run < 3; run += 1) {
    let t = performance.now();
    pages = (await renderReportPdf(input)).pages;
    times.push(performance.now() - t);
    const fresh = await benchReport(`q${'x'.repeat(run)}`);
    t = performance.now();
    await renderReportPdf(fresh);
    unseen.push(performance.now() - t);
    t = performance.now();
    await pdfkitAlone(input.markdown);
    plain.push(performance.now() - t);
  }
  console.log(`  PDF: ${pages} pages, 10 equations, 4 charts`);
  const baseline = { name: 'its text in pdfkit alone (built-in Helvetica, untagged, pdfkit line breaks)', value: median(plain) };
  return [
    { name: `PDF export, ${pages}-page report (embedded fonts, tags, links)`, value: median(times), unit: 'ms', baseline, budget: { max: 500 } },
    { name: `PDF export, ${pages}-page report, every word new to the worker`, value: median(unseen), unit: 'ms', baseline },
  ];
}

/** The report's Markdown set by pdfkit with a built-in font, one call per paragraph: what pdfkit alone costs. */
async function pdfkitAlone(markdown: string): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margins: { top: 64, bottom: 78, left: 64, right: 64 } });
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.on('data', () => {});
  for (const paragraph of markdown.split('\n\n')) doc.font('Helvetica').fontSize(11).text(paragraph, { align: 'justify', paragraphGap: 5 });
  doc.end();
  await done;
}
