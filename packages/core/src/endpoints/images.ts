import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import {
  aiDrawRequestSchema,
  aiDrawResponseSchema,
  deviceImageRequestSchema,
  galleryPageSchema,
  generateAcceptedSchema,
  generatedImageSchema,
  generateRequestSchema,
  generationEventSchema,
  generationJobSchema,
  imageProviderInfoSchema,
  outlineRequestSchema,
  outlineResponseSchema,
  processRequestSchema,
} from '../images';
import { defineEndpoint } from './define';

const idParams = z.object({ id: z.uuid() });
const errors = { 401: apiErrorSchema, 402: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const secured = { access: 'user', tag: 'images' } as const;

/** Image generation, the gallery, the outline generator and the AI canvas tools. */
export const imagesApi = {
  generate: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/anime-chara-helper/generate',
    summary: 'Queue a character generation (free trial or timeshards); follow it by SSE or polling',
    body: generateRequestSchema,
    responses: { 202: generateAcceptedSchema, ...errors },
  }),
  job: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/anime-chara-helper/jobs/:id',
    summary: 'A generation job: status, queue position, progress, results',
    params: idParams,
    responses: { 200: generationJobSchema, ...errors },
  }),
  jobEvents: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/anime-chara-helper/jobs/:id/events',
    summary: 'Server-sent events of a job: `data: {"type":"status"|"done"|"error", ...}` until it ends',
    params: idParams,
    responses: { 200: z.unknown().describe('text/event-stream of GenerationEvent objects'), ...errors },
    events: generationEventSchema,
  }),
  outline: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/anime-chara-helper/generate-outline',
    summary: 'Line art from an image (edge detection) or from a description (outline of a generated character)',
    body: outlineRequestSchema,
    responses: { 200: outlineResponseSchema, ...errors },
  }),
  aiDraw: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/anime-chara/ai-draw',
    summary: "AI brush, AI eraser and region regeneration: answers the 'AI Drawing' layer as a base64 PNG",
    body: aiDrawRequestSchema,
    responses: { 200: aiDrawResponseSchema, ...errors },
  }),
  providers: defineEndpoint({
    method: 'GET',
    path: '/api/images/providers',
    access: 'public',
    tag: 'images',
    summary: 'Image providers available on this server, with models and capabilities',
    responses: { 200: z.array(imageProviderInfoSchema) },
  }),
  gallery: defineEndpoint({
    ...secured,
    method: 'GET',
    path: '/api/images',
    summary: "The user's gallery, newest first",
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(24), cursor: z.string().regex(/^\d{1,15}$/).optional() }),
    responses: { 200: galleryPageSchema, ...errors },
  }),
  delete: defineEndpoint({
    ...secured,
    method: 'DELETE',
    path: '/api/images/:id',
    summary: 'Delete a gallery image',
    params: idParams,
    responses: { 204: z.null(), ...errors },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/images/:id/file',
    access: 'public',
    tag: 'images',
    summary: 'The image bytes; the URL carries its access token',
    params: idParams,
    query: z.object({ token: z.string().min(16).max(64), download: z.enum(['1']).optional() }),
    responses: { 200: z.unknown().describe('The image (PNG)'), 404: apiErrorSchema },
  }),
  fromDevice: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/images/from-device',
    summary:
      'Add a picture drawn on the device while offline to the gallery (free; sent again with the same clientId, stored once: 200; deleted from the gallery since: 410, never stored again)',
    body: deviceImageRequestSchema,
    responses: { 200: generatedImageSchema, 201: generatedImageSchema, 410: apiErrorSchema, ...errors },
  }),
  process: defineEndpoint({
    ...secured,
    method: 'POST',
    path: '/api/images/process',
    summary: 'Apply the post-processing tools to a gallery image or an upload; the result joins the gallery',
    body: processRequestSchema,
    responses: { 201: generatedImageSchema, ...errors },
  }),
};
