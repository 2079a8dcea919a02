import { createReadStream } from 'node:fs';
import { appApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { route } from '../../plugins/endpoint';
import { sendDownload } from '../../lib/send-download';
import * as service from './service';

/**
 * GET /api/installers lists the desktop installers the operator has published; GET /installers/:file
 * downloads one. Registered at the root (not under /api) because /installers/ is the spec's public path.
 */
export const installersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, appApi.installers, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { installers: await service.listInstallers(ctx) };
  });

  route(app, appApi.installerFile, async (request, reply) => {
    const found = await service.installerPath(ctx, request.params.file);
    if (!found) throw notFound('Installer');
    return sendDownload(reply, {
      type: 'application/octet-stream',
      name: request.params.file,
      body: createReadStream(found.path),
      headers: { 'content-length': String(found.size) },
    });
  });
};
