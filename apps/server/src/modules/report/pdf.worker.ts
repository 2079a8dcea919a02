import { renderReportPdf, type PdfInput, type PdfOutput } from './pdf';

/** A worker thread's task: one PDF export, off the server's event loop (see pdf-pool.ts). */
export default function renderInWorker(input: PdfInput): Promise<PdfOutput> {
  return renderReportPdf(input);
}
