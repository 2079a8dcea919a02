import { apiErrorSchema } from '@yumi/core';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { UNLIMITED } from './limits';

type Access = 'public' | 'optional' | 'user' | 'admin';

/** The error shape, keeping any extra field a route adds to its errors (auth errors carry `success: false`). */
const sharedError = apiErrorSchema.loose();

/** How a route authenticates, read from its auth hook (plugins/auth.ts): one place decides, the docs follow. */
function accessOf(app: FastifyInstance, route: RouteOptions): Access {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean) as onRequestHookHandler[];
  if (hooks.includes(app.requireAdmin)) return 'admin';
  if (hooks.includes(app.requireUser)) return 'user';
  if (hooks.includes(app.optionalUser)) return 'optional';
  return 'public';
}

/** `POST /api/anime-chara/ai-draw` -> `postAnimeCharaAiDraw`: stable names for generated clients. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[/\-_]+/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `by-${w.slice(1)}` : w))
    .flatMap((w) => w.split('-'));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const SECURITY: Record<Access, unknown[]> = {
  public: [],
  optional: [{}, { bearer: [] }],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

/**
 * Every operation in the OpenAPI document declares its security and each status it can answer. Routes
 * declare what is theirs (200, 404, 409 ...); the statuses every route shares come from here, from the
 * same facts that produce them: 400 from malformed JSON or path encoding, 401/403 from the auth hook,
 * 413/415 from having a body, 414 from an over-long path parameter, 422 from validation, 429 from the per-IP limit, 500 and 503 (database down) from anywhere.
 */
export function registerOpenApiContract(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // Own copies: routes may share one options object (e.g. /billing/info and /billing/user-info).
    const schema = (route.schema = { ...route.schema }) as Record<string, unknown> & { hide?: boolean; response?: Record<string | number, unknown> };
    if (schema.hide) return;
    const access = accessOf(app, route);
    schema.security ??= SECURITY[access];
    schema.operationId ??= operationIdOf([route.method].flat()[0]!, route.url);
    const responses = (schema.response = { ...schema.response });
    const methods = [route.method].flat();
    const hasBody = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
    const hasParams = route.url.includes(':');
    const shared = [
      // Malformed JSON, or a path segment that is not valid percent-encoded UTF-8.
      hasBody || hasParams ? 400 : null,
      access === 'user' || access === 'admin' ? 401 : null,
      access === 'admin' ? 403 : null,
      hasBody ? 413 : null,
      hasBody ? 415 : null,
      // A path parameter longer than the router accepts.
      hasParams ? 414 : null,
      schema.body || schema.querystring || schema.params || hasBody ? 422 : null,
      UNLIMITED.has(route.url) ? null : 429,
      500,
      503,
    ];
    for (const status of shared) {
      if (status !== null && !(status in responses) && !(String(status) in responses)) responses[status] = sharedError;
    }
  });
}

type OpenApiDoc = { paths?: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>> };

/**
 * A 429 (rate limits) always, and a 503 when waiting helps (the database reconnecting, the CPU pool's queue
 * full), come with Retry-After (lib/rate-limit.ts, plugins/errors.ts, workers/pool.ts); the document says so.
 * The health probes answer their own 503 without it.
 */
export function declareRetryAfter<T>(doc: T): T {
  const header = { description: 'Seconds to wait before trying again (sent when waiting helps)', schema: { type: 'integer', minimum: 1 } };
  for (const [path, operations] of Object.entries((doc as OpenApiDoc).paths ?? {})) {
    if (path.startsWith('/api/health')) continue;
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status === '429' || status === '503') response.headers = { ...response.headers, 'Retry-After': header };
      }
    }
  }
  return doc;
}
