import { historyApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as history from './service';

/**
 * Document history (issue 32), registered under /api beside comments: its paths are under /api/documents/:id.
 * A restore reaches the live document through `replaceText`, given by app.ts (collab is not a dependency of history).
 */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; replaceText: history.ReplaceText }> = async (app, { ctx, replaceText }) => {
  route(app, historyApi.list, async (request) => ({ versions: await history.list(ctx, currentUser(request).id, request.params.id) }));
  route(app, historyApi.get, async (request) => history.get(ctx, currentUser(request).id, request.params.id, request.params.versionId));
  route(app, historyApi.create, async (request, reply) =>
    reply.status(201).send(await history.create(ctx, currentUser(request).id, request.params.id, request.body.name)),
  );
  route(app, historyApi.restore, async (request, reply) => {
    const { id, versionId } = request.params;
    return reply.status(201).send(await history.restore(ctx, currentUser(request).id, id, versionId, replaceText));
  });
};
