import { CHARACTER_BODY_LIMIT_BYTES, charactersApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { analyzeImageColors } from './analyze';
import * as characters from './service';

const withLayers = { bodyLimit: CHARACTER_BODY_LIMIT_BYTES };

/** The character library of Create mode, under /api/anime-helper. */
export const characterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, charactersApi.list, async (request) => characters.listCharacters(ctx, currentUser(request).id));
  route(app, charactersApi.create, withLayers, async (request, reply) =>
    reply.status(201).send(await characters.createCharacter(ctx, currentUser(request).id, request.body)),
  );
  route(app, charactersApi.get, async (request) => characters.getCharacter(ctx, currentUser(request).id, request.params.id));
  route(app, charactersApi.update, async (request) => characters.updateCharacter(ctx, currentUser(request).id, request.params.id, request.body));
  route(app, charactersApi.delete, async (request, reply) => {
    await characters.deleteCharacter(ctx, currentUser(request).id, request.params.id, request.query.seen);
    return reply.status(204).send(null);
  });
  route(app, charactersApi.duplicate, async (request, reply) =>
    reply.status(201).send(await characters.duplicateCharacter(ctx, currentUser(request).id, request.params.id)),
  );
  route(app, charactersApi.addVersion, withLayers, async (request, reply) =>
    reply.status(201).send(await characters.addVersion(ctx, currentUser(request).id, request.params.id, request.body)),
  );
  route(app, charactersApi.version, async (request) =>
    characters.getVersion(ctx, currentUser(request).id, request.params.id, request.params.versionId),
  );
  route(app, charactersApi.deleteVersion, async (request) =>
    characters.deleteVersion(ctx, currentUser(request).id, request.params.id, request.params.versionId),
  );
  route(app, charactersApi.analyzeColors, withLayers, async (request) => analyzeImageColors(ctx, request.body.imageData));
};
