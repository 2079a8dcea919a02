import { appApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoint';
import { getTrends } from './service';

export const trendRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(
    app,
    appApi.trends,
    { schema: { description: "Never other users' hashtags. Anonymous callers without a public source get `source: none` and an empty list." } },
    async (request) => getTrends(ctx, request.user?.id ?? null, request.query.limit),
  );
};
