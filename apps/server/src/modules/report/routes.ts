import { apiErrorSchema, latexExportRequestSchema, pdfExportRequestSchema, reportMetaSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as report from './service';

const security = [{ bearer: [] }];

export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/export/pdf',
    {
      // Figures travel as data URLs inside the request.
      bodyLimit: 40_000_000,
      schema: {
        tags: ['report'],
        summary: 'Render a report (Markdown with math, citations and figures) as a PDF',
        security,
        body: pdfExportRequestSchema,
        response: { 401: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const out = await report.exportPdf(ctx, currentUser(request), request.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${out.fileName}"`)
        .header('x-report-pages', String(out.pages))
        .header('x-report-math-errors', String(out.mathErrors.length))
        // A Buffer is sent as is (Fastify skips serialisation); the schema only describes JSON errors.
        .send(out.pdf as never);
    },
  );

  app.post(
    '/export/latex',
    {
      bodyLimit: 40_000_000,
      schema: {
        tags: ['report'],
        summary: 'A report as a LaTeX project (.zip): main.tex for XeLaTeX with the style\'s citations, README.md, references.bib, figures',
        security,
        body: latexExportRequestSchema,
        response: { 401: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const out = await report.exportLatex(ctx, currentUser(request), request.body);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${out.fileName}"`)
        .send(out.zip as never);
    },
  );

  const params = z.object({ documentId: z.uuid() });
  app.get(
    '/meta/:documentId',
    {
      schema: { tags: ['report'], summary: 'References, citation style and figures of a report document', security, params, response: { 200: reportMetaSchema, 401: apiErrorSchema, 404: apiErrorSchema } },
      onRequest: app.requireUser,
    },
    async (request) => report.getMeta(ctx, currentUser(request).id, request.params.documentId),
  );
  app.put(
    '/meta/:documentId',
    {
      bodyLimit: 40_000_000,
      schema: { tags: ['report'], summary: 'Save references, citation style and figures of a report document', security, params, body: reportMetaSchema, response: { 200: reportMetaSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema } },
      onRequest: app.requireUser,
    },
    async (request) => report.putMeta(ctx, currentUser(request).id, request.params.documentId, request.body),
  );
};
