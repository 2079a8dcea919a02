import { sharingApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as sharing from './sharing-service';

/** Sharing (issue 32), registered under /api: its paths span /api/documents/… and /api/shares/accept. */
export const sharingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A static segment: Fastify's router prefers it to /api/documents/:id, whose uuid check would refuse 'shared'.
  route(app, sharingApi.shared, async (request) => ({ documents: await sharing.sharedWithMe(ctx, currentUser(request).id, request.query.kind) }));
  route(app, sharingApi.access, async (request) => sharing.access(ctx, currentUser(request).id, request.params.id));
  route(app, sharingApi.add, async (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    return reply.status(201).send(await sharing.add(ctx, currentUser(request), request.params.id, request.body, language));
  });
  route(app, sharingApi.change, async (request) =>
    sharing.change(ctx, currentUser(request).id, request.params.id, request.params.userId, request.body.role),
  );
  route(app, sharingApi.remove, async (request, reply) => {
    await sharing.remove(ctx, currentUser(request).id, request.params.id, request.params.userId);
    return reply.status(204).send(null);
  });
  route(app, sharingApi.cancelInvite, async (request, reply) => {
    await sharing.cancelInvite(ctx, currentUser(request).id, request.params.id, request.params.inviteId);
    return reply.status(204).send(null);
  });
  route(app, sharingApi.createLink, async (request, reply) =>
    reply.status(201).send(await sharing.createLink(ctx, currentUser(request).id, request.params.id, request.body.role)),
  );
  route(app, sharingApi.revokeLink, async (request, reply) => {
    await sharing.revokeLink(ctx, currentUser(request).id, request.params.id, request.params.linkId);
    return reply.status(204).send(null);
  });
  route(app, sharingApi.accept, async (request) => sharing.accept(ctx, currentUser(request).id, request.body.token));
};
