import { commentsApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as comments from './service';

/** Comment threads (issue 32), registered under /api beside sharing: their paths are under /api/documents/:id. */
export const commentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, commentsApi.list, async (request) => ({ threads: await comments.list(ctx, currentUser(request).id, request.params.id) }));
  route(app, commentsApi.create, async (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    return reply.status(201).send(await comments.create(ctx, currentUser(request), request.params.id, request.body, language));
  });
  route(app, commentsApi.reply, async (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const { id, threadId } = request.params;
    return reply.status(201).send(await comments.reply(ctx, currentUser(request), id, threadId, request.body.body, language));
  });
  route(app, commentsApi.resolve, async (request) =>
    comments.resolve(ctx, currentUser(request).id, request.params.id, request.params.threadId, request.body.resolved),
  );
  route(app, commentsApi.removeThread, async (request, reply) => {
    await comments.removeThread(ctx, currentUser(request).id, request.params.id, request.params.threadId);
    return reply.status(204).send(null);
  });
  route(app, commentsApi.removeReply, async (request, reply) => {
    const { id, threadId, commentId } = request.params;
    await comments.removeReply(ctx, currentUser(request).id, id, threadId, commentId);
    return reply.status(204).send(null);
  });
};
