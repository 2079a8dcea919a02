import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import { templatesResponseSchema } from '../anime';
import {
  analyzeColorsRequestSchema,
  characterSchema,
  colorAnalysisSchema,
  createCharacterSchema,
  deleteCharacterQuerySchema,
  updateCharacterSchema,
  versionDetailSchema,
  versionInputSchema,
} from '../anime/characters';
import { referenceSearchQuerySchema, referenceSearchResponseSchema } from '../anime/references-search';
import { defineEndpoint } from './define';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });
const versionParams = z.object({ id: z.uuid(), versionId: z.uuid() });
const common = { access: 'user', tag: 'anime' } as const;

/** The character library of Create mode, under /api/anime-helper. */
export const charactersApi = {
  list: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/anime-helper/characters',
    summary: "The user's characters with their version lists (no pixels)",
    responses: { 200: z.array(characterSchema), ...errors },
  }),
  create: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/api/anime-helper/characters',
    summary: 'Save a new character (layer PNGs are stored as blobs)',
    body: createCharacterSchema,
    responses: { 201: characterSchema, ...errors },
  }),
  get: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/anime-helper/characters/:id',
    summary: 'One character',
    params: idParams,
    responses: { 200: characterSchema, ...errors },
  }),
  update: defineEndpoint({
    ...common,
    method: 'PATCH',
    path: '/api/anime-helper/characters/:id',
    summary: 'Rename, retag, edit the brief or revert to a version (activeVersionId)',
    params: idParams,
    body: updateCharacterSchema,
    responses: { 200: characterSchema, ...errors },
  }),
  delete: defineEndpoint({
    ...common,
    method: 'DELETE',
    path: '/api/anime-helper/characters/:id',
    summary: 'Delete a character and its versions; with `seen`, only if it has not changed since (else 409 CHARACTER_CHANGED with the current character in details)',
    params: idParams,
    query: deleteCharacterQuerySchema,
    responses: { 204: z.null(), ...errors },
  }),
  duplicate: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/api/anime-helper/characters/:id/duplicate',
    summary: 'Copy a character with all its versions',
    params: idParams,
    responses: { 201: characterSchema, ...errors },
  }),
  addVersion: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/api/anime-helper/characters/:id/versions',
    summary: 'Append a version (at most 20) and make it current',
    params: idParams,
    body: versionInputSchema,
    responses: { 201: characterSchema, ...errors },
  }),
  version: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/anime-helper/characters/:id/versions/:versionId',
    summary: 'A version with its canvasData (layer PNGs inline)',
    params: versionParams,
    responses: { 200: versionDetailSchema, ...errors },
  }),
  deleteVersion: defineEndpoint({
    ...common,
    method: 'DELETE',
    path: '/api/anime-helper/characters/:id/versions/:versionId',
    summary: 'Delete a version (not the current one)',
    params: versionParams,
    responses: { 200: characterSchema, ...errors },
  }),
  analyzeColors: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/api/anime-helper/analyze-colors',
    summary: 'Colour analysis of a drawing (dominant colours, harmony, style, recommendations)',
    body: analyzeColorsRequestSchema,
    responses: { 200: colorAnalysisSchema, ...errors },
  }),
};

const refErrors = { 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** Templates and reference search of Create mode, under /api/anime-chara. */
export const animeRefsApi = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/anime-chara/templates',
    access: 'user',
    tag: 'anime',
    summary: 'The 20 style templates in five categories',
    responses: { 200: templatesResponseSchema, ...refErrors },
  }),
  referenceSearch: defineEndpoint({
    method: 'GET',
    path: '/api/anime-chara/reference-search',
    access: 'optional',
    tag: 'anime',
    summary: "Reference pictures: this server's library and Openverse (openly licensed)",
    query: referenceSearchQuerySchema,
    responses: { 200: referenceSearchResponseSchema, ...refErrors },
  }),
  openverseThumb: defineEndpoint({
    method: 'GET',
    path: '/api/anime-chara/openverse/:id/thumb',
    access: 'public',
    tag: 'anime',
    summary: 'An Openverse thumbnail through this server (WebP)',
    params: z.object({ id: z.uuid() }),
    responses: { 200: z.any(), 404: apiErrorSchema, 422: apiErrorSchema },
  }),
};
