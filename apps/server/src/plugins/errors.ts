import type { ApiErrorBody } from '@yumi/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

export interface ErrorResponse {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/** The one mapping from anything thrown to the API's JSON error shape. Never leaks a stack trace. */
export function toErrorResponse(err: unknown, request: FastifyRequest): ErrorResponse {
  if (err instanceof HttpError) {
    const body: ApiErrorBody = { error: err.message, code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return { status: err.statusCode, body, headers: err.headers ?? {} };
  }
  const e = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e)) {
    const details = e.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'Invalid value',
    }));
    return {
      status: 422,
      body: { error: 'Some fields are invalid', code: 'VALIDATION_ERROR', details },
      headers: {},
    };
  }
  if (isResponseSerializationError(e)) {
    request.log.error({ err: e }, 'response did not match its schema');
    return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' }, headers: {} };
  }
  const known: Record<string, [number, string, string]> = {
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON', 'Request body is empty'],
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', 'Request body is not valid JSON'],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'Invalid content length'],
    FST_ERR_VALIDATION: [422, 'VALIDATION_ERROR', 'Some fields are invalid'],
    FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'File is too large'],
    FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload'],
  };
  const hit = e.code ? known[e.code] : undefined;
  if (hit) return { status: hit[0], body: { error: hit[2], code: hit[1] }, headers: {} };
  if (e instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, body: { error: 'Request body is not valid JSON', code: 'MALFORMED_JSON' }, headers: {} };
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, body: { error: e.message, code: e.code ?? 'BAD_REQUEST' }, headers: {} };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' }, headers: {} };
}

export function sendError(reply: FastifyReply, response: ErrorResponse, extra: Record<string, unknown> = {}) {
  return reply
    .status(response.status)
    .headers(response.headers)
    .send({ ...extra, ...response.body });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => sendError(reply, toErrorResponse(err, request)));
}
