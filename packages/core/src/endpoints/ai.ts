import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import {
  archiveListSchema,
  archiveMergeRequestSchema,
  archiveSchema,
  chatRequestSchema,
  chatResponseSchema,
  chatStreamEventSchema,
  editRequestSchema,
  editResponseSchema,
  modelsResponseSchema,
} from '../ai/chat';
import { defineEndpoint } from './define';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });

/** /api/chat, /api/chat/archives, /api/models, /api/edit: Yumi and the language models. */
export const aiApi = {
  chat: defineEndpoint({
    method: 'POST',
    path: '/api/chat',
    access: 'optional',
    tag: 'ai',
    summary: 'Chat with Yumi; send Accept: text/event-stream to stream the answer (SSE)',
    body: chatRequestSchema,
    responses: { 200: chatResponseSchema, ...errors },
    events: chatStreamEventSchema,
  }),
  archives: defineEndpoint({
    method: 'GET',
    path: '/api/chat/archives',
    access: 'user',
    tag: 'ai',
    summary: 'Chat archives of the signed-in user, newest first',
    responses: { 200: archiveListSchema, 401: apiErrorSchema },
  }),
  archive: defineEndpoint({
    method: 'GET',
    path: '/api/chat/archives/:id',
    access: 'user',
    tag: 'ai',
    summary: 'One chat archive with its messages',
    params: idParams,
    responses: { 200: archiveSchema, ...errors },
  }),
  mergeArchive: defineEndpoint({
    method: 'PUT',
    path: '/api/chat/archives/:id',
    access: 'user',
    tag: 'ai',
    summary:
      "Add a device's turns to a chat archive: merged with the server's copy by turn id (none twice, in time order; created when there is none). Answers the merged archive",
    params: idParams,
    body: archiveMergeRequestSchema,
    responses: { 200: archiveSchema, 409: apiErrorSchema, 413: apiErrorSchema, ...errors },
  }),
  deleteArchive: defineEndpoint({
    method: 'DELETE',
    path: '/api/chat/archives/:id',
    access: 'user',
    tag: 'ai',
    summary: 'Delete a chat archive',
    params: idParams,
    responses: { 204: z.null(), ...errors },
  }),
  models: defineEndpoint({
    method: 'GET',
    path: '/api/models',
    access: 'public',
    tag: 'ai',
    summary: 'The model catalogue with availability on this server',
    responses: { 200: modelsResponseSchema },
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/api/edit',
    access: 'optional',
    tag: 'ai',
    summary: 'Rewrite a text as instructed',
    body: editRequestSchema,
    responses: { 200: editResponseSchema, ...errors },
  }),
};
