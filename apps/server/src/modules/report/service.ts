import { FIGURE_IMAGE_MAX, FIGURE_MAX_SIDE, reportMetaSchema, type CitationStyle, type Language, type CslItem, type LatexTemplate, type PdfExportOptions, type ReportFigure, roleAllows, type ReportMeta, type User } from '@yumi/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reportMeta } from '../../db/schema';
import { documentOwner, documentRole } from '../documents';
import { HttpError, notFound } from '../../lib/http-error';
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

/** Anyone with a role reads a report's metadata; the owner and editors save it (kept under the owner's id). */
async function reportRole(ctx: AppContext, userId: string, documentId: string, needed: 'viewer' | 'editor'): Promise<string> {
  const role = await documentRole(ctx.db, userId, documentId);
  if (!role) throw notFound('Document');
  if (!roleAllows(role, needed)) throw new HttpError(403, 'READ_ONLY', READ_ONLY);
  return (await documentOwner(ctx.db, documentId))?.userId ?? userId;
}

const READ_ONLY = {
  en: "You can read this report but not change its references or figures: ask its owner to make you an editor.",
  ja: 'このレポートは閲覧のみ可能で、参考文献や図は変更できません。所有者に編集者にしてもらってください。',
  zh: '您只能查看此报告，不能修改其参考文献或图表。请让所有者将您设为编辑者。',
  ko: '이 보고서는 읽기만 가능하며 참고문헌이나 그림은 바꿀 수 없습니다. 소유자에게 편집자 권한을 요청해 주세요.',
};

export async function getMeta(ctx: AppContext, userId: string, documentId: string): Promise<ReportMeta> {
  await reportRole(ctx, userId, documentId, 'viewer');
  const [row] = await ctx.db.select({ meta: reportMeta.meta }).from(reportMeta).where(eq(reportMeta.documentId, documentId)).limit(1);
  return reportMetaSchema.parse(row?.meta ?? {});
}

export async function putMeta(ctx: AppContext, userId: string, documentId: string, meta: ReportMeta): Promise<ReportMeta> {
  const ownerId = await reportRole(ctx, userId, documentId, 'editor');
  await checkFigures(meta.figures ?? []);
  const now = ctx.clock.now();
  await ctx.db
    .insert(reportMeta)
    .values({ documentId, userId: ownerId, meta, updatedAt: now })
    .onConflictDoUpdate({ target: reportMeta.documentId, set: { meta: sql`excluded.meta`, updatedAt: now } });
  return meta;
}
