import { healthSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serverVersion } from '../../lib/paths';
import { configuredProviders } from '../../providers/configured';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness, database and configured providers', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const reachable = await ctx.database.ping();
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        version: serverVersion,
        database: { kind: ctx.database.kind, reachable },
        providers: configuredProviders(ctx.config),
      };
      return reply.status(reachable ? 200 : 503).send(body);
    },
  );
};
