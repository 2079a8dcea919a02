import { PLAGIARISM_MAX_CHARS, reportApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as plagiarism from './service';

export const plagiarismRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Large enough to read a too-long report and answer with its word count instead of a bare 413.
  route(app, reportApi.plagiarismCheck, { bodyLimit: PLAGIARISM_MAX_CHARS * 8 }, async (request) =>
    plagiarism.check(ctx, currentUser(request).id, request.body),
  );

  route(app, reportApi.plagiarismSources, async (request) => ({ sources: await plagiarism.listUploads(ctx, currentUser(request).id) }));

  route(app, reportApi.addPlagiarismSource, { bodyLimit: 8_000_000 }, async (request, reply) => {
    const { source, created } = await plagiarism.addUpload(ctx, currentUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send(source);
  });

  route(app, reportApi.removePlagiarismSource, async (request, reply) => {
    await plagiarism.removeUpload(ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
};
