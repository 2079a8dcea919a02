import {
  aiDrawRequestSchema,
  aiDrawResponseSchema,
  apiErrorSchema,
  galleryPageSchema,
  generateAcceptedSchema,
  generatedImageSchema,
  generateRequestSchema,
  generationJobSchema,
  IMAGE_BODY_LIMIT_BYTES,
  imageProviderInfoSchema,
  outlineRequestSchema,
  outlineResponseSchema,
  processRequestSchema,
  type GenerationEvent,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { sendBlob } from '../../lib/send-blob';
import { currentUser } from '../../plugins/auth';
import { aiDraw } from './ai-draw';
import { generateOutline } from './outline';
import { QUEUE_MOVED } from './queue';
import * as images from './service';

const idParams = z.object({ id: z.uuid() });
/** A job stream re-reads its job this often even without an event (a lost notification). */
const JOB_POLL_FALLBACK_MS = 10_000;
const errors = { 401: apiErrorSchema, 402: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const bearer = [{ bearer: [] }];

/** Image generation, the gallery, the outline generator, the AI canvas tools and the trial status (full paths under /api). */
export const imagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const engine = images.engineOf(ctx);
  await engine.queue.start();
  // Open event streams end on shutdown, so closing the server never waits on a browser tab.
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
    await engine.queue.close();
  });

  app.post(
    '/anime-chara-helper/generate',
    {
      bodyLimit: IMAGE_BODY_LIMIT_BYTES,
      onRequest: app.requireUser,
      schema: {
        tags: ['images'],
        summary: 'Queue a character generation (free trial or timeshards); follow it by SSE or polling',
        security: bearer,
        body: generateRequestSchema,
        response: { 202: generateAcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const accepted = await images.createJob(ctx, currentUser(request), request.body);
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/anime-chara-helper/jobs/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['images'], summary: 'A generation job: status, queue position, progress, results', security: bearer, params: idParams, response: { 200: generationJobSchema, ...errors } },
    },
    async (request) => images.getJob(ctx, currentUser(request).id, request.params.id),
  );

  app.get(
    '/anime-chara-helper/jobs/:id/events',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['images'],
        summary: 'Server-sent events of a job: `data: {"type":"status"|"done"|"error", ...}` until it ends',
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      await images.assertJobOwner(ctx, currentUser(request).id, request.params.id);
      const id = request.params.id;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: GenerationEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
      let last = '';
      let ended = false;
      let busy = false;
      let again = false;
      const push = async (): Promise<void> => {
        if (ended) return;
        // An event during a read is not lost: one more read follows it.
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        again = false;
        try {
          const job = await images.jobSnapshot(ctx, id);
          if (!job || ended) return;
          const text = JSON.stringify(job);
          if (text !== last) {
            last = text;
            send({ type: job.status === 'succeeded' || job.status === 'failed' ? 'done' : 'status', job });
          }
          if (job.status === 'succeeded' || job.status === 'failed') finish();
        } catch (err) {
          send({ type: 'error', error: 'Could not read the job', code: 'INTERNAL' });
          request.log.error({ err }, 'job stream failed');
          finish();
        } finally {
          busy = false;
        }
        if (again) await push();
      };
      // Changes arrive as events, from this process and (through LISTEN/NOTIFY) from the others; the slow
      // poll only covers a notification lost while the listening connection was down.
      const unsubscribe = engine.queue.subscribe(id, () => void push());
      const unsubscribeMoved = engine.queue.subscribe(QUEUE_MOVED, () => void push());
      const poll = setInterval(() => void push(), JOB_POLL_FALLBACK_MS);
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      function finish() {
        if (ended) return;
        ended = true;
        streams.delete(finish);
        unsubscribe();
        unsubscribeMoved();
        clearInterval(poll);
        clearInterval(keepAlive);
        res.end();
      }
      streams.add(finish);
      request.raw.on('close', finish);
      await push();
    },
  );

  app.post(
    '/anime-chara-helper/generate-outline',
    {
      bodyLimit: IMAGE_BODY_LIMIT_BYTES,
      // CPU work: signed-in callers only, decided before the body is read.
      onRequest: app.requireUser,
      schema: {
        tags: ['images'],
        summary: 'Line art from an image (edge detection) or from a description (outline of a generated character)',
        body: outlineRequestSchema,
        response: { 200: outlineResponseSchema, ...errors },
      },
    },
    async (request) => generateOutline(ctx, request.body),
  );

  app.post(
    '/anime-chara/ai-draw',
    {
      bodyLimit: IMAGE_BODY_LIMIT_BYTES,
      onRequest: app.requireUser,
      schema: {
        tags: ['images'],
        summary: "AI brush, AI eraser and region regeneration: answers the 'AI Drawing' layer as a base64 PNG",
        body: aiDrawRequestSchema,
        response: { 200: aiDrawResponseSchema, ...errors },
      },
    },
    async (request) => aiDraw(ctx, request.user, request.body),
  );

  app.get(
    '/images/providers',
    { schema: { tags: ['images'], summary: 'Image providers available on this server, with models and capabilities', response: { 200: z.array(imageProviderInfoSchema) } } },
    async () => images.listProviders(ctx),
  );

  app.get(
    '/images',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['images'],
        summary: "The user's gallery, newest first",
        security: bearer,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(24), cursor: z.string().regex(/^\d{1,15}$/).optional() }),
        response: { 200: galleryPageSchema, ...errors },
      },
    },
    async (request) => images.gallery(ctx, currentUser(request).id, request.query.limit, request.query.cursor),
  );

  app.delete(
    '/images/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['images'], summary: 'Delete a gallery image', security: bearer, params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await images.deleteImage(ctx, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/images/:id/file',
    {
      schema: {
        tags: ['images'],
        summary: 'The image bytes; the URL carries its access token',
        params: idParams,
        querystring: z.object({ token: z.string().min(16).max(64), download: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const key = await images.imageFile(ctx, request.params.id, request.query.token);
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      if (request.query.download) reply.header('content-disposition', `attachment; filename="yumi-${request.params.id.slice(0, 8)}.png"`);
      return sendBlob(request, reply, ctx.blobs, key, () => notFound('Image'));
    },
  );

  app.post(
    '/images/process',
    {
      bodyLimit: IMAGE_BODY_LIMIT_BYTES,
      onRequest: app.requireUser,
      schema: {
        tags: ['images'],
        summary: 'Apply the post-processing tools to a gallery image or an upload; the result joins the gallery',
        security: bearer,
        body: processRequestSchema,
        response: { 201: generatedImageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await images.processImage(ctx, currentUser(request).id, request.body)),
  );
};
