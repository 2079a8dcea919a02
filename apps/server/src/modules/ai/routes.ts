import { aiApi, ARCHIVE_MERGE_BODY_LIMIT, type ChatStreamEvent } from '@yumi/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { openEventStream } from '../../lib/event-stream';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { toErrorResponse } from '../../plugins/errors';
import { languageOf } from '../../providers/llm/offline';
import * as ai from './service';

const caller = (request: FastifyRequest) => ({
  userId: request.user?.id ?? null,
  ip: request.ip,
  language: languageOf(request.headers['accept-language']),
  admin: request.user?.role === 'admin',
});

/** Aborts when the client goes away before the answer is complete. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

const sse = (event: ChatStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;

/** /api/chat, /api/chat/archives, /api/models, /api/edit (shared AI contract). */
export const aiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, aiApi.chat, async (request, reply) => {
    const signal = disconnectSignal(reply);
    const prepared = await ai.prepareChat(ctx, caller(request), request.body, signal);
    const wantsStream = /text\/event-stream/i.test(request.headers.accept ?? '');
    if (!wantsStream) {
      for (let r = await prepared.deltas.next(); !r.done; r = await prepared.deltas.next()) {
        // Drain; `finish` has the whole message.
      }
      return prepared.finish();
    }
    // Wait for the first delta before answering, so failures before any text keep their status
    // (403 to /charge, 429 with Retry-After) instead of becoming an event in a 200 stream.
    const first = await prepared.deltas.next();
    const res = openEventStream(reply);
    const write = (event: ChatStreamEvent) => {
      if (res.destroyed) return;
      res.write(sse(event));
      // Node corks a response's socket until the next tick; when the provider's chunks are already
      // buffered the rest of the answer is processed first, so push each event out now.
      res.socket?.uncork();
    };
    try {
      if (!first.done) write({ type: 'delta', text: first.value });
      for (
        let r = first.done ? first : await prepared.deltas.next();
        !r.done;
        r = await prepared.deltas.next()
      ) {
        write({ type: 'delta', text: r.value });
      }
      const done = await prepared.finish();
      write({ type: 'done', ...done });
    } catch (err) {
      if (!signal.aborted) {
        const { body } = toErrorResponse(err, request);
        write({ type: 'error', error: body.error, code: body.code });
      }
    } finally {
      if (!res.destroyed) res.end();
    }
  });

  route(app, aiApi.archives, async (request) => ({
    archives: await ai.listArchives(ctx, currentUser(request).id),
  }));
  route(app, aiApi.archive, async (request) =>
    ai.getArchive(ctx, currentUser(request).id, request.params.id),
  );
  route(app, aiApi.mergeArchive, { bodyLimit: ARCHIVE_MERGE_BODY_LIMIT }, async (request) =>
    ai.mergeArchive(ctx, currentUser(request).id, request.params.id, request.body),
  );
  route(app, aiApi.deleteArchive, async (request, reply) => {
    await ai.deleteArchive(ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
  route(app, aiApi.models, async () => ai.listModels(ctx));
  route(app, aiApi.edit, async (request) => ai.edit(ctx, caller(request), request.body));
};
