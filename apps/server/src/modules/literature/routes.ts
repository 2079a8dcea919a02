import { apiErrorSchema, literatureSearchQuerySchema, literatureSearchResponseSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as literature from './service';

export const literatureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['literature'],
        summary: 'Scientific Search in your own references and documents, and across PubMed, arXiv, Nature and Science (Crossref) and IEEE (with a key)',
        security: [{ bearer: [] }],
        querystring: literatureSearchQuerySchema,
        response: { 200: literatureSearchResponseSchema, 401: apiErrorSchema, 422: apiErrorSchema },
      },
      // Signed-in only: the server is not an open proxy to the literature APIs.
      onRequest: app.requireUser,
    },
    async (request) => literature.search(ctx, currentUser(request).id, request.query),
  );
};
