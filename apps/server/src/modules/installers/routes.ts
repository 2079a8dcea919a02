import { createReadStream } from 'node:fs';
import { apiErrorSchema, installersResponseSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import * as service from './service';

/**
 * GET /api/installers lists the desktop installers the operator has published; GET /installers/:file
 * downloads one. Registered at the root (not under /api) because /installers/ is the spec's public path.
 */
export const installersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/installers',
    { schema: { tags: ['downloads'], summary: 'Desktop installers available on this server', response: { 200: installersResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { installers: await service.listInstallers(ctx) };
    },
  );

  app.get(
    '/installers/:file',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Download an installer file',
        params: z.object({ file: z.string().max(300) }),
        response: { 200: z.any().describe('The installer file (application/octet-stream)'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const found = await service.installerPath(ctx, request.params.file);
      if (!found) throw notFound('Installer');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(found.size))
        .header('content-disposition', `attachment; filename="${request.params.file.replace(/"/g, '')}"`)
        .send(createReadStream(found.path));
    },
  );
};
