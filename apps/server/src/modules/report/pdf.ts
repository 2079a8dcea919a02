import { reportCitations } from '@yumi/core/report/csl';
import { citeOccurrences, parseReport, placeNoteMarks, PDF_LABELS, type RichText, type Language, type Block, type Inline, type PdfExportOptions, type CslItem, type CitationStyle, type ReportFigure, type Section } from '@yumi/core';
import PDFDocument from 'pdfkit';
import { FIGURE_IMAGE_MAX, FIGURE_MAX_SIDE } from '@yumi/core';
import { dataUrlBytes, readImageHeader } from '../../lib/image-intake';
import { cjkOrder, documentLanguage } from './fonts';
import { Layout, Region } from './pdf-layout';

export interface PdfInput {
  markdown: string;
  references: CslItem[];
  style: CitationStyle;
  figures: ReportFigure[];
  options: PdfExportOptions;
  author?: string;
  language?: Language;
  /** The export's date, from the app clock. */
  date: Date;
}

export interface PdfOutput {
  pdf: Buffer;
  pages: number;
  mathErrors: string[];
}

/** Figures print at this resolution or finer: a 960-pixel chart is at most 4.8 inches wide. */
const FIGURE_DPI = 200;

/**
 * Renders a report as a paper-like PDF: title block, abstract, numbered sections, vector equations,
 * numbered figures with captions, in-text citations and the bibliography in the chosen style, page
 * numbers. Academic Format sets it in two serif columns. Fonts are embedded subsets (Noto, see fonts.ts);
 * the PDF is tagged (structure tree, language, title shown), headings are bookmarks, links are clickable.
 */
export async function renderReportPdf(input: PdfInput): Promise<PdfOutput> {
  const report = parseReport(input.markdown);
  const { options } = input;
  const academic = options.academicFormat;
  const labels = PDF_LABELS[input.language ?? 'en'];
  const margin = academic ? 54 : 64;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin + 14, left: margin, right: margin },
    bufferPages: true,
    autoFirstPage: true,
    pdfVersion: '1.7',
    tagged: true,
    displayTitle: true,
    lang: documentLanguage(input.markdown),
    info: { Title: report.title || labels.untitled, Author: input.author ?? '', Creator: 'Yumi Studio Report Helper' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const root = doc.struct('Document');
  doc.addStructure(root);
  const layout = new Layout(doc, academic ? 'serif' : 'sans', root);
  layout.cjkOrder = cjkOrder(input.markdown);
  const body = academic ? 10 : 11;
  const pageW = doc.page.width;
  const contentW = pageW - margin * 2;
  const gap = 18;

  // Citations by citeproc-js with the official CSL style (numbering follows first use); on a PDF worker thread.
  const { ordered, inText: groups, notes, bibliography } = reportCitations(report, input.references, input.style, input.language);
  // A note style: each citation is a raised note number, its note set under Notes before the references.
  const noteOf = new Map(citeOccurrences(report).map((c, k) => [c, k + 1]));

  const figures = new Map(input.figures.map((f) => [f.id, f]));
  let equation = 0;

  const rich = (text: RichText, size: number, base: { italic?: boolean } = {}) => {
    for (const run of text) layout.text(run.text, { size, italic: run.italic || base.italic, bold: run.bold, link: run.href });
  };
  const inlines = (list: readonly Inline[], size: number, base: { italic?: boolean; bold?: boolean } = {}) => {
    for (const i of notes ? placeNoteMarks(list) : list) {
      if (i.t === 'text') layout.text(i.text, { size, bold: i.bold || base.bold, italic: i.italic || base.italic, mono: i.code, link: i.href });
      else if (i.t === 'math') layout.math(i.tex, size);
      else if (i.t === 'cite' && notes) layout.text(String(noteOf.get(i)), { size: size * 0.7, rise: size * 0.35 });
      else if (i.t === 'cite') {
        if (input.style !== 'ieee') layout.space();
        rich(groups.get(i.keys.join(';')) ?? [], size, base);
      } else layout.text(`${labels.figure} ${report.figures.get(i.id) ?? '?'}`, { size, italic: base.italic });
    }
  };

  // A table: equal columns, rules above and below the header and at the end, cells wrapped in place.
  const table = (region: Region, t: Extract<Block, { t: 'table' }>, size: number) => {
    const pad = 4;
    const colW = region.width / t.align.length;
    const rule = () => artifact(() => doc.moveTo(region.x, region.y).lineTo(region.x + region.width, region.y).lineWidth(0.6).strokeColor('#4b5563').stroke());
    const tableElem = doc.struct('Table');
    layout.structParent.add(tableElem);
    const row = (cells: readonly (readonly Inline[])[], header: boolean) => {
      region.ensure(size * 3);
      const top = region.y;
      let bottom = top;
      const tr = doc.struct('TR');
      tableElem.add(tr);
      t.align.forEach((align, k) => {
        const x = region.x + k * colW + pad;
        const cell = new Region(doc, x, colW - pad * 2, top + pad, region.bottom, { count: 1, gap: 0, left: x, fullWidth: colW - pad * 2 });
        inlines(cells[k] ?? [], size, { bold: header });
        layout.flushParagraph(cell, { align: align === 'right' ? 'right' : align === 'center' ? 'center' : 'left', lineGap: 2, tag: header ? 'TH' : 'TD', parent: tr });
        bottom = Math.max(bottom, cell.y);
      });
      tr.end();
      region.y = bottom + pad;
    };
    region.ensure(size * 4);
    rule();
    row(t.header, true);
    rule();
    t.rows.forEach((r) => row(r, false));
    rule();
    tableElem.end();
  };

  /** Drawing that is not content (rules, page numbers): marked so assistive technology skips it. */
  const artifact = (draw: () => void, type?: 'Pagination' | 'Layout') => {
    doc.markContent('Artifact', type ? { type } : {});
    draw();
    doc.endMarkedContent();
  };

  const blocks = async (region: Region, list: readonly Block[], size = body) => {
    for (const b of list) {
      switch (b.t) {
        case 'paragraph':
          inlines(b.inlines, size);
          layout.flushParagraph(region, { align: 'justify' });
          region.y += size * 0.5;
          break;
        case 'quote':
          inlines(b.inlines, size, { italic: true });
          layout.flushParagraph(region, { indent: 18, align: 'left', tag: 'BlockQuote' });
          region.y += size * 0.5;
          break;
        case 'list': {
          const list = doc.struct('L');
          layout.structParent.add(list);
          b.items.forEach((item, n) => {
            const task = b.checked?.[n];
            const li = doc.struct('LI');
            list.add(li);
            layout.text(task === true ? '[x]' : task === false ? '[ ]' : b.ordered ? `${n + 1}.` : '•', { size, mono: typeof task === 'boolean' });
            layout.space();
            inlines(item, size);
            layout.flushParagraph(region, { indent: 8, hanging: 12, tag: 'LBody', parent: li });
            li.end();
          });
          list.end();
          region.y += size * 0.5;
          break;
        }
        case 'table':
          table(region, b, size - 1);
          region.y += size * 0.5;
          break;
        case 'code':
          for (const line of b.text.split('\n')) {
            layout.text(line || ' ', { size: size - 1.5, mono: true });
            layout.flushParagraph(region, { indent: 8, align: 'left', lineGap: 1, tag: 'Code', direction: 'ltr' });
          }
          region.y += size * 0.5;
          break;
        case 'math':
          equation += 1;
          layout.displayMath(region, b.tex, equation, size);
          break;
        case 'figure': {
          if (!options.includeFigures) break;
          const fig = figures.get(b.id);
          if (!fig) {
            layout.text(`[${labels.figure} ${b.number}]`, { size, italic: true, colour: '#6b7280' });
            layout.flushParagraph(region, { align: 'center' });
            break;
          }
          const bytes = dataUrlBytes(fig.image, FIGURE_IMAGE_MAX);
          const image = await readImageHeader(bytes, { maxBytes: FIGURE_IMAGE_MAX, maxSide: FIGURE_MAX_SIDE, formats: ['png', 'jpeg'] });
          // Never printed coarser than FIGURE_DPI: a small image stays small rather than blurred.
          const maxW = region.width * (academic ? 1 : 0.8);
          const maxH = 260;
          const scale = Math.min(maxW / image.width, maxH / image.height, 72 / FIGURE_DPI);
          const w = image.width * scale;
          const h = image.height * scale;
          region.ensure(h + 40);
          const caption = b.caption || fig.caption;
          const content = doc.markStructureContent('Figure');
          doc.image(bytes, region.x + (region.width - w) / 2, region.y + 4, { width: w, height: h });
          doc.endMarkedContent();
          layout.structParent.add(doc.struct('Figure', { alt: caption || `${labels.figure} ${b.number}` }, [content]));
          region.y += h + 10;
          layout.text(`${labels.figure} ${b.number}.`, { size: size - 1, bold: true });
          layout.space();
          layout.text(caption, { size: size - 1 });
          layout.flushParagraph(region, { align: 'center', tag: 'Caption' });
          region.y += size * 0.6;
          break;
        }
      }
    }
  };

  // Bookmarks: sections at the top level, subsections under their section.
  let outlineSection: PDFKit.PDFOutline | null = null;
  const heading = (region: Region, section: Section) => {
    const size = section.level === 2 ? body + 3 : body + 1;
    region.ensure(size * 4);
    region.y += section.level === 2 ? size * 0.6 : size * 0.3;
    const label = section.number ? `${section.number} ${section.title}` : section.title;
    if (section.level === 2 || !outlineSection) outlineSection = doc.outline.addItem(label);
    else outlineSection.addItem(label);
    if (section.number) {
      layout.text(section.number, { size, bold: true });
      layout.space();
    }
    layout.text(section.title, { size, bold: true });
    layout.flushParagraph(region, { tag: section.level === 2 ? 'H2' : 'H3' });
    region.y += 3;
  };

  // ---- Title block (full width) ----
  const full = new Region(doc, margin, contentW, margin, doc.page.height - doc.page.margins.bottom, { count: 1, gap: 0, left: margin, fullWidth: contentW });
  layout.text(report.title || labels.untitled, { size: academic ? 18 : 22, bold: true });
  layout.flushParagraph(full, { align: academic ? 'center' : 'left', lineGap: 4, tag: 'H1' });
  full.y += 4;
  const byline = [input.author, input.date.toISOString().slice(0, 10)].filter(Boolean).join(' · ');
  layout.text(byline, { size: body, colour: '#4b5563' });
  layout.flushParagraph(full, { align: academic ? 'center' : 'left' });
  full.y += 10;
  if (report.abstract.length) {
    const indent = academic ? 36 : 0;
    layout.text(labels.abstract, { size: body, bold: true });
    layout.flushParagraph(full, { indent, align: academic ? 'center' : 'left', tag: 'H2' });
    doc.outline.addItem(labels.abstract);
    full.y += 2;
    for (const b of report.abstract) {
      if (b.t === 'paragraph') {
        inlines(b.inlines, body - 0.5, { italic: academic });
        full.x += indent;
        full.width -= indent * 2;
        layout.flushParagraph(full, { align: 'justify' });
        full.x -= indent;
        full.width += indent * 2;
      } else await blocks(full, [b], body - 0.5);
    }
    full.y += 8;
  }
  artifact(() => doc.moveTo(margin, full.y).lineTo(pageW - margin, full.y).lineWidth(0.6).strokeColor('#9ca3af').stroke());
  full.y += 12;

  // ---- Body (one or two columns) ----
  const columns = academic ? 2 : 1;
  const colW = academic ? (contentW - gap) / 2 : contentW;
  const region = new Region(doc, margin, colW, full.y, doc.page.height - doc.page.margins.bottom, { count: columns, gap, left: margin, fullWidth: contentW });
  // After the first page, columns start at the top margin.
  const bodyBlocks = async () => {
    await blocks(region, report.preamble);
    for (const s of report.sections) {
      heading(region, s);
      await blocks(region, s.blocks);
    }
    if (options.includeAppendices) {
      for (const s of report.appendices) {
        heading(region, s);
        await blocks(region, s.blocks);
      }
    }
    // Notes and references: a bookmarked heading, then hanging-indented entries.
    const list = (label: string, entries: readonly RichText[], tag: string, numbered: boolean) => {
      region.ensure(body * 5);
      region.y += body;
      layout.text(label, { size: body + 3, bold: true });
      layout.flushParagraph(region, { tag: 'H2' });
      doc.outline.addItem(label);
      region.y += 4;
      entries.forEach((entry, k) => {
        if (numbered) {
          layout.text(`${k + 1}.`, { size: body - 1 });
          layout.space();
        }
        rich(entry, body - 1);
        layout.flushParagraph(region, { hanging: 18, align: 'left', tag });
        region.y += 3;
      });
    };
    if (notes?.length) list(labels.notes, notes, 'Note', true);
    if (options.includeReferences && ordered.length) list(labels.references, bibliography, 'BibEntry', false);
  };
  await bodyBlocks();

  // ---- Page numbers ----
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p += 1) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    artifact(() => doc.font(layout.latinFont()).fontSize(9).fillColor('#6b7280').text(`${p + 1} / ${range.count}`, 0, doc.page.height - margin / 2 - 8, { width: pageW, align: 'center', lineBreak: false }), 'Pagination');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), pages: range.count, mathErrors: layout.mathErrors };
}
