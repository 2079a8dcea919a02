import { FIGURE_IMAGE_MAX, FIGURE_MAX_SIDE, reportMetaSchema, type CitationStyle, type Language, type CslItem, type LatexTemplate, type PdfExportOptions, type ReportFigure, type ReportMeta, type User } from '@yumi/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reportMeta } from '../../db/schema';
import { ownsDocument } from '../documents';
import { notFound } from '../../lib/http-error';
import { dataUrlBytes, readImageHeader } from '../../lib/image-intake';
import { asBuffer } from '../../workers/pool';

export async function exportPdf(
  ctx: AppContext,
  user: User,
  body: { markdown: string; references: CslItem[]; style: CitationStyle; figures: ReportFigure[]; options: PdfExportOptions; author?: string; language?: Language },
) {
  await checkFigures(body.figures);
  const now = ctx.clock.now();
  // PDF layout is CPU work: a worker thread does it (503 with Retry-After when the pool's queue is full).
  const out = await ctx.cpu.run('pdf', { ...body, author: body.author ?? user.username, date: now });
  const stamp = now.toISOString().slice(0, 10);
  return { ...out, pdf: asBuffer(out.pdf), fileName: `report-${stamp}.pdf` };
}

export async function exportLatex(
  ctx: AppContext,
  user: User,
  body: { markdown: string; references: CslItem[]; style: CitationStyle; figures: ReportFigure[]; template: LatexTemplate; author?: string; language?: Language },
) {
  await checkFigures(body.figures);
  const stamp = ctx.clock.now().toISOString().slice(0, 10);
  const { markdown, references, style, figures, template, author, language } = body;
  // citeproc-js and zipping are CPU work too: the same worker threads as the PDF.
  const zip = await ctx.cpu.run('latex', { markdown, references, style, figures, template, author: author ?? user.username, language, date: stamp });
  return { zip: asBuffer(zip), fileName: `report-${template}-${stamp}.zip` };
}

/**
 * Figures are decoded by the PDF renderer: their headers go through the image intake first (PNG or JPEG,
 * at most FIGURE_MAX_SIDE on a side), so a small file claiming 16000x16000 never reaches a decoder.
 */
async function checkFigures(figures: ReadonlyArray<{ image: string }>): Promise<void> {
  const caps = { maxBytes: FIGURE_IMAGE_MAX, maxSide: FIGURE_MAX_SIDE, formats: ['png', 'jpeg'] as const };
  for (const figure of figures) await readImageHeader(dataUrlBytes(figure.image, caps.maxBytes), caps);
}

async function ownReport(ctx: AppContext, userId: string, documentId: string) {
  if (!(await ownsDocument(ctx.db, userId, documentId))) throw notFound('Document');
}

export async function getMeta(ctx: AppContext, userId: string, documentId: string): Promise<ReportMeta> {
  await ownReport(ctx, userId, documentId);
  const [row] = await ctx.db.select({ meta: reportMeta.meta }).from(reportMeta).where(eq(reportMeta.documentId, documentId)).limit(1);
  return reportMetaSchema.parse(row?.meta ?? {});
}

export async function putMeta(ctx: AppContext, userId: string, documentId: string, meta: ReportMeta): Promise<ReportMeta> {
  await ownReport(ctx, userId, documentId);
  await checkFigures(meta.figures ?? []);
  const now = ctx.clock.now();
  await ctx.db
    .insert(reportMeta)
    .values({ documentId, userId, meta, updatedAt: now })
    .onConflictDoUpdate({ target: reportMeta.documentId, set: { meta: sql`excluded.meta`, updatedAt: now } });
  return meta;
}
