import { reportMetaSchema, type Language, type CslItem, type PdfExportOptions, type ReportFigure, type ReportMeta, type User } from '@yumi/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { documents, reportMeta } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { renderPdfOffThread } from './pdf-pool';

export async function exportPdf(
  ctx: AppContext,
  user: User,
  body: { markdown: string; references: CslItem[]; style: 'apa' | 'mla' | 'ieee' | 'chicago'; figures: ReportFigure[]; options: PdfExportOptions; author?: string; language?: Language },
) {
  const now = ctx.clock.now();
  const out = await renderPdfOffThread({ ...body, author: body.author ?? user.username, date: now });
  const stamp = now.toISOString().slice(0, 10);
  return { ...out, fileName: `report-${stamp}.pdf` };
}

async function ownReport(ctx: AppContext, userId: string, documentId: string) {
  const [doc] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
    .limit(1);
  if (!doc) throw notFound('Document');
}

export async function getMeta(ctx: AppContext, userId: string, documentId: string): Promise<ReportMeta> {
  await ownReport(ctx, userId, documentId);
  const [row] = await ctx.db.select({ meta: reportMeta.meta }).from(reportMeta).where(eq(reportMeta.documentId, documentId)).limit(1);
  return reportMetaSchema.parse(row?.meta ?? {});
}

export async function putMeta(ctx: AppContext, userId: string, documentId: string, meta: ReportMeta): Promise<ReportMeta> {
  await ownReport(ctx, userId, documentId);
  const now = ctx.clock.now();
  await ctx.db
    .insert(reportMeta)
    .values({ documentId, userId, meta, updatedAt: now })
    .onConflictDoUpdate({ target: reportMeta.documentId, set: { meta: sql`excluded.meta`, updatedAt: now } });
  return meta;
}
