import { historyApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as history from './service';

/**
 * Document history (issue 32), registered under /api beside comments: its paths are under /api/documents/:id.
 * A restore reaches the live document through `live.replaceText`, and naming or restoring first stores what is
 * typed but not stored yet through `live.flush`; app.ts gives both (collab is not a dependency of history).
 */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; live: history.LiveText }> = async (app, { ctx, live }) => {
  route(app, historyApi.list, async (request) => ({ versions: await history.list(ctx, currentUser(request).id, request.params.id) }));
  route(app, historyApi.get, async (request) => history.get(ctx, currentUser(request).id, request.params.id, request.params.versionId));
  route(app, historyApi.create, async (request, reply) =>
    reply.status(201).send(await history.create(ctx, currentUser(request).id, request.params.id, request.body.name, live)),
  );
  route(app, historyApi.restore, async (request, reply) => {
    const { id, versionId } = request.params;
    return reply.status(201).send(await history.restore(ctx, currentUser(request).id, id, versionId, live));
  });
};
