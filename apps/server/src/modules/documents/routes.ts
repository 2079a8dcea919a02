import { documentsApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as documents from './service';

/**
 * A document holds at most 500,000 characters; in UTF-8 with JSON escaping that can reach a few MB,
 * so these routes accept 4 MiB and anything larger is a 413 before parsing.
 */
const DOCUMENT_BODY_LIMIT = 4 * 1024 * 1024;

/** `onContentSaved` hears of every save that changed a document's text (app.ts gives history's recordEdit). */
export const documentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; onContentSaved?: documents.ContentSaved }> = async (app, { ctx, onContentSaved }) => {
  route(app, documentsApi.list, async (request) => ({ documents: await documents.list(ctx, currentUser(request).id, request.query.kind) }));

  route(app, documentsApi.create, { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) =>
    reply.status(201).send(await documents.create(ctx, currentUser(request).id, request.body)),
  );

  route(app, documentsApi.profile, async (request) => documents.getProfile(ctx, currentUser(request).id, request.params.mode));
  route(app, documentsApi.updateProfile, async (request) =>
    documents.updateProfile(ctx, currentUser(request).id, request.params.mode, request.body),
  );
  route(app, documentsApi.recordHistory, async (request) =>
    documents.addHistory(ctx, currentUser(request).id, request.params.mode, request.body.kind, request.body.value),
  );

  route(app, documentsApi.get, async (request) => documents.get(ctx, currentUser(request).id, request.params.id));
  route(app, documentsApi.update, { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request) =>
    documents.update(ctx, currentUser(request).id, request.params.id, request.body, onContentSaved),
  );
  route(app, documentsApi.delete, async (request, reply) => {
    await documents.remove(ctx, currentUser(request).id, request.params.id, request.query.version);
    return reply.status(204).send(null);
  });
};
