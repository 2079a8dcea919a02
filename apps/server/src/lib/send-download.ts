import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A file the browser saves rather than shows. */
export interface Download {
  type: string;
  /** The name the browser suggests; quoted and, beyond ASCII, also sent in RFC 8187 form by `content-disposition`. */
  name: string;
  body: Buffer | Readable;
  headers?: Record<string, string>;
}

/** Sends a download as is (a Buffer or stream skips serialisation; an endpoint's schema only describes JSON errors). */
export function sendDownload(reply: FastifyReply, file: Download) {
  reply.header('content-type', file.type).header('content-disposition', contentDisposition(file.name));
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply.send(file.body as never);
}
