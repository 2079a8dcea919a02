import {
  analyzeColorsRequestSchema,
  apiErrorSchema,
  CHARACTER_BODY_LIMIT_BYTES,
  characterSchema,
  colorAnalysisSchema,
  createCharacterSchema,
  deleteCharacterQuerySchema,
  updateCharacterSchema,
  versionDetailSchema,
  versionInputSchema,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { analyzeImageColors } from './analyze';
import * as characters from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const secured = { tags: ['anime'], security: [{ bearer: [] }] };
const idParams = z.object({ id: z.uuid() });
const versionParams = z.object({ id: z.uuid(), versionId: z.uuid() });

/** The character library of Create mode, under /api/anime-helper. */
export const characterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/characters',
    { onRequest: app.requireUser, schema: { ...secured, summary: "The user's characters with their version lists (no pixels)", response: { 200: z.array(characterSchema), ...errors } } },
    async (request) => characters.listCharacters(ctx, currentUser(request).id),
  );

  app.post(
    '/characters',
    {
      onRequest: app.requireUser,
      bodyLimit: CHARACTER_BODY_LIMIT_BYTES,
      schema: { ...secured, summary: 'Save a new character (layer PNGs are stored as blobs)', body: createCharacterSchema, response: { 201: characterSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await characters.createCharacter(ctx, currentUser(request).id, request.body)),
  );

  app.get(
    '/characters/:id',
    { onRequest: app.requireUser, schema: { ...secured, summary: 'One character', params: idParams, response: { 200: characterSchema, ...errors } } },
    async (request) => characters.getCharacter(ctx, currentUser(request).id, request.params.id),
  );

  app.patch(
    '/characters/:id',
    {
      onRequest: app.requireUser,
      schema: { ...secured, summary: 'Rename, retag, edit the brief or revert to a version (activeVersionId)', params: idParams, body: updateCharacterSchema, response: { 200: characterSchema, ...errors } },
    },
    async (request) => characters.updateCharacter(ctx, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/characters/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...secured,
        summary: 'Delete a character and its versions; with `seen`, only if it has not changed since (else 409 CHARACTER_CHANGED with the current character in details)',
        params: idParams,
        querystring: deleteCharacterQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await characters.deleteCharacter(ctx, currentUser(request).id, request.params.id, request.query.seen);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/characters/:id/duplicate',
    { onRequest: app.requireUser, schema: { ...secured, summary: 'Copy a character with all its versions', params: idParams, response: { 201: characterSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await characters.duplicateCharacter(ctx, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/characters/:id/versions',
    {
      onRequest: app.requireUser,
      bodyLimit: CHARACTER_BODY_LIMIT_BYTES,
      schema: { ...secured, summary: 'Append a version (at most 20) and make it current', params: idParams, body: versionInputSchema, response: { 201: characterSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await characters.addVersion(ctx, currentUser(request).id, request.params.id, request.body)),
  );

  app.get(
    '/characters/:id/versions/:versionId',
    { onRequest: app.requireUser, schema: { ...secured, summary: 'A version with its canvasData (layer PNGs inline)', params: versionParams, response: { 200: versionDetailSchema, ...errors } } },
    async (request) => characters.getVersion(ctx, currentUser(request).id, request.params.id, request.params.versionId),
  );

  app.delete(
    '/characters/:id/versions/:versionId',
    { onRequest: app.requireUser, schema: { ...secured, summary: 'Delete a version (not the current one)', params: versionParams, response: { 200: characterSchema, ...errors } } },
    async (request) => characters.deleteVersion(ctx, currentUser(request).id, request.params.id, request.params.versionId),
  );

  app.post(
    '/analyze-colors',
    {
      onRequest: app.requireUser,
      bodyLimit: CHARACTER_BODY_LIMIT_BYTES,
      schema: { tags: ['anime'], summary: 'Colour analysis of a drawing (dominant colours, harmony, style, recommendations)', body: analyzeColorsRequestSchema, response: { 200: colorAnalysisSchema, ...errors } },
    },
    async (request) => analyzeImageColors(ctx, request.body.imageData),
  );
};
