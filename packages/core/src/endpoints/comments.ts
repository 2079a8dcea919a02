import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import {
  commentThreadsSchema,
  createThreadSchema,
  replyParamsSchema,
  replySchema,
  resolveThreadSchema,
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
    summary: 'Resolve or reopen a thread (commenters and up)',
    params: threadParamsSchema,
    body: resolveThreadSchema,
    responses: { 200: threadResultSchema, ...errors },
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
