import multipart from '@fastify/multipart';
import { ARTWORK_MAX_BYTES, artApi, BILLING_MESSAGES } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendBlob } from '../../lib/send-blob';
import { HttpError, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as art from './service';

/** Multipart overhead allowed on top of the file before we refuse by Content-Length alone. */
const ENVELOPE_BYTES = 64 * 1024;
const TITLE_MAX = 100;

/** Reads a file part, counting bytes as they stream in; stops at the limit instead of after the whole body. */
async function readLimited(file: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > ARTWORK_MAX_BYTES || file.truncated) throw art.tooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw art.tooLarge();
  return Buffer.concat(chunks);
}

const parseTags = (raw: string) =>
  [
    ...new Set(
      raw
        .split(',')
        .map((t) => t.trim().toLowerCase().slice(0, 32))
        .filter(Boolean),
    ),
  ].slice(0, 12);

export const artRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: {
      fileSize: ARTWORK_MAX_BYTES,
      files: 1,
      fields: 6,
      fieldSize: 2_000,
      parts: 8,
      headerPairs: 100,
    },
  });

  route(
    app,
    artApi.upload,
    {
      // Who is asking (the endpoint's access), then refuse an announced oversize body, all before reading a byte of it.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > ARTWORK_MAX_BYTES + ENVELOPE_BYTES) throw art.tooLarge();
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart())
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload');
      const fields: Record<string, string> = {};
      let data: Buffer | null = null;
      let fileName = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'artwork') {
              part.file.resume();
              continue;
            }
            fileName = part.filename ?? '';
            data = await readLimited(part.file);
          } else {
            fields[part.fieldname] = String(part.value ?? '');
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (
          code === 'FST_REQ_FILE_TOO_LARGE' ||
          (err instanceof HttpError && err.code === 'FILE_TOO_LARGE')
        ) {
          // Stop reading the rest of an oversize body: answer, then drop the connection.
          request.raw.unpipe();
          reply.raw.once('finish', () => request.raw.socket?.destroy());
          throw art.tooLarge();
        }
        if (err instanceof HttpError) throw err;
        request.log.warn({ err }, 'artwork upload could not be read');
        throw new HttpError(400, 'UPLOAD_FAILED', BILLING_MESSAGES.uploadFailed);
      }
      if (!data) throw new HttpError(422, 'ARTWORK_REQUIRED', BILLING_MESSAGES.selectImage);
      const title = (fields.title ?? '').trim() || fileName.replace(/\.[^.]*$/, '').trim() || 'Untitled';
      const contribution = await art.uploadArtwork(ctx, user, {
        data,
        title: title.slice(0, TITLE_MAX),
        tags: parseTags(fields.tags ?? ''),
        consentToShow: fields.consent === 'true',
      });
      return reply.status(201).send({ success: true as const, contribution });
    },
  );

  route(app, artApi.contributions, async (request) => art.listContributions(ctx, currentUser(request).id));
  route(app, artApi.reviewQueue, async (request) => ({
    items: await art.reviewQueue(ctx, request.query.status),
  }));
  route(app, artApi.review, async (request) =>
    art.reviewArtwork(ctx, currentUser(request), request.params.id, request.body),
  );
  route(app, artApi.references, async (request) => ({
    results: await art.listReferenceArtworks(ctx, request.query),
  }));

  // Files are addressed by their content hash: the unguessable key is the capability (see artworkFile).
  route(app, artApi.file, async (request, reply) => {
    const file = await art.artworkFile(ctx, request.params.key);
    reply
      .header('cache-control', file.isPublic ? 'public, max-age=86400, immutable' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    return sendBlob(request, reply, ctx.blobs, request.params.key, () => notFound('File'));
  });
};
