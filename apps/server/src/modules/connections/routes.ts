import { apiErrorSchema, connectionListSchema, connectionSchema, connectionTestRequestSchema, connectionTestResultSchema, createConnectionSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import * as connections from './service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });

/** /api/admin/connections: admins add, test and remove language-model providers at run time. */
export const connectionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = { onRequest: app.requireAdmin };
  const doc = (summary: string) => ({ tags: ['admin'], summary, security: [{ bearer: [] }] });

  app.get('/', { ...admin, schema: { ...doc('Admins: the connected language-model providers (keys are never returned)'), response: { 200: connectionListSchema, ...errors } } }, async () =>
    connections.listConnections(ctx),
  );
  app.post(
    '/',
    { ...admin, schema: { ...doc('Admins: add a provider; a self-hosted server must list its models first'), body: createConnectionSchema, response: { 201: connectionSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await connections.createConnection(ctx, currentUser(request), request.body)),
  );
  app.post(
    '/:id/test',
    { ...admin, schema: { ...doc('Admins: send one short prompt and report the latency or the provider’s error'), params: idParams, body: connectionTestRequestSchema, response: { 200: connectionTestResultSchema, ...errors } } },
    async (request) => connections.testConnection(ctx, request.params.id, request.body.model, languageOf(request.headers['accept-language'])),
  );
  app.post(
    '/:id/refresh',
    { ...admin, schema: { ...doc('Admins: ask a self-hosted server again for its models'), params: idParams, response: { 200: connectionSchema, ...errors } } },
    async (request) => connections.refreshModels(ctx, request.params.id),
  );
  app.delete(
    '/:id',
    { ...admin, schema: { ...doc('Admins: remove a provider'), params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await connections.removeConnection(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
