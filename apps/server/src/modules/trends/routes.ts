import { apiErrorSchema, trendsQuerySchema, trendsSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { getTrends } from './service';

export const trendRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['writing'],
        summary: 'Trending hashtags and topics (Mastodon public trends, or this server\'s hashtags of the last 7 days)',
        querystring: trendsQuerySchema,
        response: { 200: trendsSchema, 422: apiErrorSchema },
      },
    },
    async (request) => getTrends(ctx, request.query.limit),
  );
};
