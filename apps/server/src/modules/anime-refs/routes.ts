import { animeRefsApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoint';
import * as refs from './service';

/** Templates and reference search of Create mode, under /api/anime-chara. */
export const animeRefsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, animeRefsApi.templates, async () => refs.listTemplates());
  route(app, animeRefsApi.referenceSearch, async (request) => refs.referenceSearch(ctx, request.query.q));
  route(app, animeRefsApi.openverseThumb, async (request, reply) => {
    const data = await refs.openverseThumb(ctx, request.params.id);
    return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=86400').send(data);
  });
};
