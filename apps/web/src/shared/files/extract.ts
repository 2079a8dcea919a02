import { inspectZip, MAX_EXTRACTED_CHARS, MAX_UPLOAD_BYTES, sniffUpload, type UploadKind } from '@yumi/core';
import { zipSync } from 'fflate';
import { ArchiveError, unzipBounded } from './unzip';

export type ExtractError = 'tooLarge' | 'unsupported' | 'badPdf' | 'zipBomb' | 'badDocx' | 'legacyDoc' | 'timeout' | 'empty';
export interface Extracted {
  kind: UploadKind;
  text?: string;
  truncated?: boolean;
  error?: ExtractError;
}

const EXTRACT_TIMEOUT_MS = 30_000;
const MAX_PDF_PAGES = 500;

function clip(text: string): { text: string; truncated: boolean } {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replaceAll(String.fromCharCode(0), '');
  return clean.length > MAX_EXTRACTED_CHARS ? { text: clean.slice(0, MAX_EXTRACTED_CHARS), truncated: true } : { text: clean, truncated: false };
}

async function pdfText(data: ArrayBuffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No eval, no embedded fonts, no scripting: only the text layer is read.
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, disableFontFace: true, enableXfa: false, stopAtErrors: true }).promise;
  try {
    const parts: string[] = [];
    let length = 0;
    for (let i = 1; i <= Math.min(doc.numPages, MAX_PDF_PAGES) && length < MAX_EXTRACTED_CHARS; i += 1) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      const line = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      parts.push(line);
      length += line.length;
    }
    return parts.join('\n\n');
  } finally {
    void doc.destroy();
  }
}

async function docxText(data: ArrayBuffer): Promise<string> {
  const mammoth = (await import('mammoth/mammoth.browser.min.js')).default;
  const result = await mammoth.extractRawText({ arrayBuffer: data });
  return result.value;
}

/**
 * The DOCX's parts, inflated with a count of the real bytes (a bomb stops at the cap whatever its headers
 * say), packed again without compression: the parser only ever sees bytes that were counted.
 */
async function countedDocx(data: ArrayBuffer): Promise<ArrayBuffer> {
  const parts = await unzipBounded(new Uint8Array(data));
  const packed = zipSync(parts, { level: 0 });
  return packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength) as ArrayBuffer;
}

/** Reads a file by its magic bytes: text, PDF and DOCX become text; images and old .doc files become attachments. */
export async function extractFile(file: File): Promise<Extracted> {
  if (file.size > MAX_UPLOAD_BYTES) return { kind: 'unsupported', error: 'tooLarge' };
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const kind = sniffUpload(file.name, head);
  if (kind === 'image') return { kind };
  if (kind === 'doc') return { kind, error: 'legacyDoc' };
  if (kind === 'unsupported') {
    // A file named .pdf/.docx that is not one gets a precise message.
    if (/\.pdf$/i.test(file.name)) return { kind, error: 'badPdf' };
    if (/\.docx$/i.test(file.name)) return { kind, error: 'badDocx' };
    return { kind, error: 'unsupported' };
  }
  const work = (async (): Promise<Extracted> => {
    if (kind === 'text') return { kind, ...clip(await file.text()) };
    const data = await file.arrayBuffer();
    if (kind === 'pdf') {
      try {
        return { kind, ...clip(await pdfText(data)) };
      } catch {
        return { kind, error: 'badPdf' };
      }
    }
    // Declared sizes first (cheap, refuses honest giants), then the real count while inflating.
    const zip = inspectZip(new Uint8Array(data));
    if (!zip.ok) return { kind, error: zip.reason === 'notZip' ? 'badDocx' : 'zipBomb' };
    let counted: ArrayBuffer;
    try {
      counted = await countedDocx(data);
    } catch (err) {
      return { kind, error: err instanceof ArchiveError && err.problem !== 'invalid' ? 'zipBomb' : 'badDocx' };
    }
    try {
      return { kind, ...clip(await docxText(counted)) };
    } catch {
      return { kind, error: 'badDocx' };
    }
  })();
  const timeout = new Promise<Extracted>((resolve) => setTimeout(() => resolve({ kind, error: 'timeout' }), EXTRACT_TIMEOUT_MS));
  const result = await Promise.race([work, timeout]);
  if (!result.error && !result.text?.trim()) return { kind, error: 'empty' };
  return result;
}
