import {
  apiErrorSchema,
  plagiarismCheckRequestSchema,
  plagiarismCheckResponseSchema,
  plagiarismSourceCreateSchema,
  plagiarismSourceSchema,
  PLAGIARISM_MAX_CHARS,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as plagiarism from './service';

const security = [{ bearer: [] }];
const errors = { 401: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema };

export const plagiarismRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/check',
    {
      // Large enough to read a too-long report and answer with its word count instead of a bare 413.
      bodyLimit: PLAGIARISM_MAX_CHARS * 8,
      schema: {
        tags: ['plagiarism'],
        summary: 'Similarity of a text against your documents, uploads and the reference corpus (winnowing)',
        security,
        body: plagiarismCheckRequestSchema,
        response: { 200: plagiarismCheckResponseSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => plagiarism.check(ctx, currentUser(request).id, request.body),
  );

  app.get(
    '/sources',
    {
      schema: { tags: ['plagiarism'], summary: 'Your uploaded texts in the corpus', security, response: { 200: z.object({ sources: z.array(plagiarismSourceSchema) }), 401: apiErrorSchema } },
      onRequest: app.requireUser,
    },
    async (request) => ({ sources: await plagiarism.listUploads(ctx, currentUser(request).id) }),
  );

  app.post(
    '/sources',
    {
      bodyLimit: 8_000_000,
      schema: {
        tags: ['plagiarism'],
        summary: 'Add an uploaded file’s text to your corpus',
        security,
        body: plagiarismSourceCreateSchema,
        response: { 200: plagiarismSourceSchema, 201: plagiarismSourceSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { source, created } = await plagiarism.addUpload(ctx, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(source);
    },
  );

  app.delete(
    '/sources/:id',
    {
      schema: { tags: ['plagiarism'], summary: 'Remove an uploaded text from your corpus', security, params: z.object({ id: z.uuid() }), response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema } },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      await plagiarism.removeUpload(ctx, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
