import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import {
  acceptAllResultSchema,
  commentThreadsSchema,
  createThreadSchema,
  replyParamsSchema,
  replySchema,
  rejectAllResultSchema,
  resolveThreadSchema,
  suggestSchema,
  threadParamsSchema,
  threadResultSchema,
} from '../comments';
import { documentIdParamsSchema } from '../documents';
import { defineEndpoint } from './define';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** Comment threads on a shared document's text (issue 32). */
export const commentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/documents/:id/comments',
    access: 'user',
    tag: 'comments',
    summary: 'The comment threads of a document, oldest first (anyone with access)',
    params: documentIdParamsSchema,
    responses: { 200: commentThreadsSchema, ...errors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/comments',
    access: 'user',
    tag: 'comments',
    summary: 'Open a thread on a range of the text; @mentioned people with access are mailed (commenters and up)',
    params: documentIdParamsSchema,
    body: createThreadSchema,
    responses: { 201: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/comments/:threadId/replies',
    access: 'user',
    tag: 'comments',
    summary: 'Reply in a thread (commenters and up)',
    params: threadParamsSchema,
    body: replySchema,
    responses: { 201: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  resolve: defineEndpoint({
    method: 'PATCH',
    path: '/api/documents/:id/comments/:threadId',
    access: 'user',
    tag: 'comments',
    summary: 'Resolve or reopen a comment thread (commenters and up); a suggestion is accepted or rejected instead',
    params: threadParamsSchema,
    body: resolveThreadSchema,
    responses: { 200: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  removeThread: defineEndpoint({
    method: 'DELETE',
    path: '/api/documents/:id/comments/:threadId',
    access: 'user',
    tag: 'comments',
    summary: "Delete a thread with its replies (the author of its opening, or the document's owner)",
    params: threadParamsSchema,
    responses: { 204: z.null(), ...errors },
  }),
  removeReply: defineEndpoint({
    method: 'DELETE',
    path: '/api/documents/:id/comments/:threadId/replies/:commentId',
    access: 'user',
    tag: 'comments',
    summary: "Delete a reply (its author, or the document's owner)",
    params: replyParamsSchema,
    responses: { 204: z.null(), ...errors },
  }),
} as const;

/** Suggestions (track changes) on a shared document's text (issue 32): threads that propose an edit. */
export const suggestionsApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/suggestions',
    access: 'user',
    tag: 'comments',
    summary: 'Propose replacing a range of the text (commenters and up); the text changes only when an editor accepts',
    params: documentIdParamsSchema,
    body: suggestSchema,
    responses: { 201: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  revise: defineEndpoint({
    method: 'PUT',
    path: '/api/documents/:id/suggestions/:threadId',
    access: 'user',
    tag: 'comments',
    summary: 'Revise an open suggestion as its author goes on typing (its author only)',
    params: threadParamsSchema,
    body: suggestSchema,
    responses: { 200: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/suggestions/:threadId/accept',
    access: 'user',
    tag: 'comments',
    summary: 'Apply a suggestion to the text, which every open editor receives (editors and the owner)',
    params: threadParamsSchema,
    responses: { 200: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/suggestions/:threadId/reject',
    access: 'user',
    tag: 'comments',
    summary: 'Turn a suggestion down; the text stays as it is (editors and the owner)',
    params: threadParamsSchema,
    responses: { 200: threadResultSchema, 409: apiErrorSchema, ...errors },
  }),
  acceptAll: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/suggestions/accept-all',
    access: 'user',
    tag: 'comments',
    summary: 'Apply every open suggestion, oldest first; those whose text has changed since stay open (editors and the owner)',
    params: documentIdParamsSchema,
    responses: { 200: acceptAllResultSchema, ...errors },
  }),
  rejectAll: defineEndpoint({
    method: 'POST',
    path: '/api/documents/:id/suggestions/reject-all',
    access: 'user',
    tag: 'comments',
    summary: 'Turn every open suggestion down (editors and the owner)',
    params: documentIdParamsSchema,
    responses: { 200: rejectAllResultSchema, ...errors },
  }),
} as const;
