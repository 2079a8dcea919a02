import { commentsApi, suggestionsApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as comments from './service';
import * as suggestions from './suggestions';

/**
 * Comment threads and suggestions (issue 32), registered under /api beside sharing: their paths are under
 * /api/documents/:id. An accepted suggestion reaches the live document through `live.edit`, which app.ts gives
 * (collab is not a dependency of comments).
 */
export const commentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; live: suggestions.LiveEdit }> = async (app, { ctx, live }) => {
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

  route(app, suggestionsApi.create, async (request, reply) =>
    reply.status(201).send(await suggestions.create(ctx, currentUser(request).id, request.params.id, request.body)),
  );
  route(app, suggestionsApi.revise, async (request) =>
    suggestions.revise(ctx, currentUser(request).id, request.params.id, request.params.threadId, request.body),
  );
  route(app, suggestionsApi.accept, async (request) =>
    suggestions.accept(ctx, live, currentUser(request).id, request.params.id, request.params.threadId),
  );
  route(app, suggestionsApi.reject, async (request) => suggestions.reject(ctx, currentUser(request).id, request.params.id, request.params.threadId));
  route(app, suggestionsApi.acceptAll, async (request) => suggestions.acceptAll(ctx, live, currentUser(request).id, request.params.id));
  route(app, suggestionsApi.rejectAll, async (request) => suggestions.rejectAll(ctx, currentUser(request).id, request.params.id));
};
