import { IMAGE_BODY_LIMIT_BYTES, imagesApi, type GenerationEvent } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { create as contentDisposition } from 'content-disposition';
import { sendBlob } from '../../lib/send-blob';
import { openEventStream } from '../../lib/event-stream';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { aiDraw } from './ai-draw';
import { generateOutline } from './outline';
import { QUEUE_MOVED } from './queue';
import * as images from './service';

/** A job stream re-reads its job this often even without an event (a lost notification). */
const JOB_POLL_FALLBACK_MS = 10_000;
const withImages = { bodyLimit: IMAGE_BODY_LIMIT_BYTES };

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

  route(app, imagesApi.generate, withImages, async (request, reply) => {
    const accepted = await images.createJob(ctx, currentUser(request), request.body);
    return reply.status(202).send(accepted);
  });

  route(app, imagesApi.job, async (request) =>
    images.getJob(ctx, currentUser(request).id, request.params.id),
  );

  route(app, imagesApi.jobEvents, async (request, reply) => {
    await images.assertJobOwner(ctx, currentUser(request).id, request.params.id);
    const id = request.params.id;
    const res = openEventStream(reply);
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
  });

  // CPU work: signed-in callers only (the endpoint's access), decided before the body is read.
  route(app, imagesApi.outline, withImages, async (request) => generateOutline(ctx, request.body));
  route(app, imagesApi.aiDraw, withImages, async (request) => aiDraw(ctx, request.user, request.body));
  route(app, imagesApi.providers, async () => images.listProviders(ctx));
  route(app, imagesApi.gallery, async (request) =>
    images.gallery(ctx, currentUser(request).id, request.query.limit, request.query.cursor),
  );
  route(app, imagesApi.delete, async (request, reply) => {
    await images.deleteImage(ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  route(app, imagesApi.file, async (request, reply) => {
    const key = await images.imageFile(ctx, request.params.id, request.query.token);
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    if (request.query.download)
      reply.header('content-disposition', contentDisposition(`yumi-${request.params.id.slice(0, 8)}.png`));
    return sendBlob(request, reply, ctx.blobs, key, () => notFound('Image'));
  });

  route(app, imagesApi.fromDevice, withImages, async (request, reply) => {
    const { image, created } = await images.addFromDevice(ctx, currentUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send(image);
  });

  route(app, imagesApi.process, withImages, async (request, reply) =>
    reply.status(201).send(await images.processImage(ctx, currentUser(request).id, request.body)),
  );
};
