import { adminApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as connections from './service';

/** /api/admin/connections: admins add, test and remove language-model providers at run time. */
export const connectionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, adminApi.connections, async () => connections.listConnections(ctx));
  route(app, adminApi.addConnection, async (request, reply) =>
    reply.status(201).send(await connections.createConnection(ctx, currentUser(request), request.body)),
  );
  route(app, adminApi.testConnection, async (request) =>
    connections.testConnection(ctx, request.params.id, request.body.model, languageOf(request.headers['accept-language'])),
  );
  route(app, adminApi.refreshConnection, async (request) => connections.refreshModels(ctx, request.params.id));
  route(app, adminApi.removeConnection, async (request, reply) => {
    await connections.removeConnection(ctx, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });
};
