import {
  apiErrorSchema,
  createDocumentSchema,
  deleteDocumentQuerySchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  profileParamsSchema,
  recordHistorySchema,
  updateDocumentSchema,
  updateProfileSchema,
  writingProfileSchema,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as documents from './service';

/**
 * A document holds at most 500,000 characters; in UTF-8 with JSON escaping that can reach a few MB,
 * so these routes accept 4 MiB and anything larger is a 413 before parsing.
 */
const DOCUMENT_BODY_LIMIT = 4 * 1024 * 1024;

export const documentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const common = { tags: ['documents'], security: [{ bearer: [] }] };
  const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

  app.get(
    '/',
    { schema: { ...common, summary: 'My documents, newest first', querystring: documentListQuerySchema, response: { 200: documentListSchema, 401: apiErrorSchema } }, onRequest: app.requireUser },
    async (request) => ({ documents: await documents.list(ctx, currentUser(request).id, request.query.kind) }),
  );

  app.post(
    '/',
    {
      schema: { ...common, summary: 'Create a document', body: createDocumentSchema, response: { 201: documentSchema, 409: apiErrorSchema, 413: apiErrorSchema, ...errors } },
      onRequest: app.requireUser,
      bodyLimit: DOCUMENT_BODY_LIMIT,
    },
    async (request, reply) => reply.status(201).send(await documents.create(ctx, currentUser(request).id, request.body)),
  );

  app.get(
    '/profile/:mode',
    { schema: { ...common, summary: 'My creative control settings and writing history', params: profileParamsSchema, response: { 200: writingProfileSchema, ...errors } }, onRequest: app.requireUser },
    async (request) => documents.getProfile(ctx, currentUser(request).id, request.params.mode),
  );

  app.put(
    '/profile/:mode',
    {
      schema: { ...common, summary: 'Save control settings and/or history', params: profileParamsSchema, body: updateProfileSchema, response: { 200: writingProfileSchema, ...errors } },
      onRequest: app.requireUser,
    },
    async (request) => documents.updateProfile(ctx, currentUser(request).id, request.params.mode, request.body),
  );

  app.post(
    '/profile/:mode/history',
    {
      schema: { ...common, summary: 'Remember one theme, style, element or mood (newest first, at most 10)', params: profileParamsSchema, body: recordHistorySchema, response: { 200: writingProfileSchema, ...errors } },
      onRequest: app.requireUser,
    },
    async (request) => documents.addHistory(ctx, currentUser(request).id, request.params.mode, request.body.kind, request.body.value),
  );

  app.get(
    '/:id',
    { schema: { ...common, summary: 'One document with its content', params: documentIdParamsSchema, response: { 200: documentSchema, ...errors } }, onRequest: app.requireUser },
    async (request) => documents.get(ctx, currentUser(request).id, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        ...common,
        summary: 'Update title and/or content; `version` must be the latest or the answer is 409 VERSION_CONFLICT with the current document in details',
        params: documentIdParamsSchema,
        body: updateDocumentSchema,
        response: { 200: documentSchema, 409: apiErrorSchema, 413: apiErrorSchema, ...errors },
      },
      onRequest: app.requireUser,
      bodyLimit: DOCUMENT_BODY_LIMIT,
    },
    async (request) => documents.update(ctx, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a document; with `version`, only if the document is still at that version (else 409 DOCUMENT_CHANGED with the current document in details)',
        params: documentIdParamsSchema,
        querystring: deleteDocumentQuerySchema,
        response: { 204: z.null(), 409: apiErrorSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      await documents.remove(ctx, currentUser(request).id, request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
