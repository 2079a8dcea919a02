import { apiErrorSchema, referenceSearchQuerySchema, referenceSearchResponseSchema, templatesResponseSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import * as refs from './service';

const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** Templates and reference search of Create mode, under /api/anime-chara. */
export const animeRefsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/templates',
    {
      onRequest: app.requireUser,
      schema: { tags: ['anime'], security: [{ bearer: [] }], summary: 'The 20 style templates in five categories', response: { 200: templatesResponseSchema, ...errors } },
    },
    async () => refs.listTemplates(),
  );

  app.get(
    '/reference-search',
    {
      onRequest: app.optionalUser,
      schema: { tags: ['anime'], summary: "Reference pictures: this server's library and Openverse (openly licensed)", querystring: referenceSearchQuerySchema, response: { 200: referenceSearchResponseSchema, ...errors } },
    },
    async (request) => refs.referenceSearch(ctx, request.query.q),
  );

  app.get(
    '/openverse/:id/thumb',
    { schema: { tags: ['anime'], summary: 'An Openverse thumbnail through this server (WebP)', params: z.object({ id: z.uuid() }), response: { 200: z.any(), 404: apiErrorSchema, 422: apiErrorSchema } } },
    async (request, reply) => {
      const data = await refs.openverseThumb(ctx, request.params.id);
      return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=86400').send(data);
    },
  );
};
