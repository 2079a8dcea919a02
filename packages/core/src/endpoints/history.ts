import { apiErrorSchema } from '../api-error';
import { documentIdParamsSchema } from '../documents';
import { documentVersionSchema, documentVersionsSchema, documentVersionSummarySchema, nameVersionSchema, versionParamsSchema } from '../history';
import { defineEndpoint } from './define';

const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** A document's versions (issue 32): automatic, named and restores. */
export const historyApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/documents/:id/versions',
    access: 'user',
    tag: 'history',
    summary: 'The versions of a document, newest first, without their text (anyone with access)',
    params: documentIdParamsSchema,
    responses: { 200: documentVersionsSchema, ...errors },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/documents/:id/versions/:versionId',
    access: 'user',
    tag: 'history',
    summary: 'One version with its text, to read or compare with now (anyone with access)',
    params: versionParamsSchema,
    responses: { 200: documentVersionSchema, ...errors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/versions',
    access: 'user',
    tag: 'history',
    summary: 'Keep the text as it is now as a named version (editors and the owner)',
    params: documentIdParamsSchema,
    body: nameVersionSchema,
    responses: { 201: documentVersionSummarySchema, 403: apiErrorSchema, 409: apiErrorSchema, ...errors },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/versions/:versionId/restore',
    access: 'user',
    tag: 'history',
    summary: 'Make the document read as a version again, for every open editor; the text it had is kept as a version first (editors and the owner)',
    params: versionParamsSchema,
    responses: { 201: documentVersionSummarySchema, 403: apiErrorSchema, ...errors },
  }),
} as const;
