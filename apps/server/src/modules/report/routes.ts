import { reportApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { sendDownload } from '../../lib/send-download';
import * as report from './service';

// Figures travel as data URLs inside the request.
const withFigures = { bodyLimit: 40_000_000 };

export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, reportApi.exportPdf, withFigures, async (request, reply) => {
    const out = await report.exportPdf(ctx, currentUser(request), request.body);
    return sendDownload(reply, {
      type: 'application/pdf',
      name: out.fileName,
      body: out.pdf,
      headers: { 'x-report-pages': String(out.pages), 'x-report-math-errors': String(out.mathErrors.length) },
    });
  });

  route(app, reportApi.exportLatex, withFigures, async (request, reply) => {
    const out = await report.exportLatex(ctx, currentUser(request), request.body);
    return sendDownload(reply, { type: 'application/zip', name: out.fileName, body: out.zip });
  });

  route(app, reportApi.meta, async (request) => report.getMeta(ctx, currentUser(request).id, request.params.documentId));
  route(app, reportApi.saveMeta, withFigures, async (request) =>
    report.putMeta(ctx, currentUser(request).id, request.params.documentId, request.body),
  );
};
