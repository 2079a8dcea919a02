import { apiErrorSchema, healthDetailsSchema, healthSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serverVersion } from '../../lib/paths';
import { configuredProviders } from '../../providers/configured';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public, and the web app's connectivity probe (HEAD, which Fastify answers from this GET without a
  // body): one database ping, no sign-in, and only up or down in the answer.
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Up (200 ok) or down (503 degraded: the database cannot be reached); nothing else',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const reachable = await ctx.database.ping();
      return reply.status(reachable ? 200 : 503).send({ status: reachable ? 'ok' : 'degraded' });
    },
  );

  app.get(
    '/health/details',
    {
      schema: {
        tags: ['system'],
        summary: 'Health for administrators: version, database kind and reachability, configured providers',
        security: [{ bearer: [] }],
        response: { 200: healthDetailsSchema, 401: apiErrorSchema, 403: apiErrorSchema, 503: healthDetailsSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (_request, reply) => {
      const reachable = await ctx.database.ping();
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        version: serverVersion,
        database: { kind: ctx.database.kind, reachable },
        providers: configuredProviders(ctx.config),
      });
    },
  );
};
