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
        summary: 'Trending hashtags and topics: Mastodon public trends, else the signed-in caller\'s own hashtags of the last 7 days, else none',
        description: 'Never other users\' hashtags. Anonymous callers without a public source get `source: none` and an empty list.',
        // Optional sign-in: anonymous callers are answered too (an invalid token counts as anonymous).
        security: [{}, { bearer: [] }],
        querystring: trendsQuerySchema,
        response: { 200: trendsSchema, 422: apiErrorSchema },
      },
      onRequest: app.optionalUser,
    },
    async (request) => getTrends(ctx, request.user?.id ?? null, request.query.limit),
  );
};
