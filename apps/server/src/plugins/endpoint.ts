import type { Endpoint } from '@yumi/core';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Field<E, K extends string> = E extends { [P in K]: infer S } ? (S extends 'multipart' ? undefined : S) : undefined;

/** The Fastify schema of an endpoint: what types the handler's request and reply. */
type SchemaOf<E extends Endpoint> = {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  body: Field<E, 'body'>;
  response: E['responses'];
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** Route options besides the contract: extra hooks, limits, and documentation the contract leaves out. */
export type EndpointOptions = Omit<RouteShorthandOptions, 'schema'> & { schema?: { description?: string; hide?: boolean; consumes?: string[] } };

/**
 * Registers the route of an endpoint declared in @yumi/core: method, path (relative to the plugin's
 * prefix), validation of params, query and body, the response schemas, the auth hook of its access, and
 * its OpenAPI entry all come from the one declaration.
 */
export function route<const E extends Endpoint>(app: ZodApp, endpoint: E, options: EndpointOptions, handler: EndpointHandler<E>): void;
export function route<const E extends Endpoint>(app: ZodApp, endpoint: E, handler: EndpointHandler<E>): void;
export function route<const E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  optionsOrHandler: EndpointOptions | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = (typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler)!;
  const prefix = app.prefix;
  if (!endpoint.path.startsWith(prefix)) throw new Error(`${endpoint.method} ${endpoint.path} registered under ${prefix}`);
  // '' under a prefix is the prefix itself: the route answers at exactly the declared path (no twin with a trailing slash).
  const url = endpoint.path.slice(prefix.length);
  const access = { public: null, optional: app.optionalUser, user: app.requireUser, admin: app.requireAdmin }[endpoint.access];
  const extra = [options.onRequest ?? []].flat() as onRequestHookHandler[];
  const onRequest = access ? [access, ...extra] : extra;
  const { params, query, body, responses, tag, summary } = endpoint;
  app.route({
    ...(options as object),
    method: endpoint.method,
    url,
    ...(onRequest.length > 0 ? { onRequest } : {}),
    schema: {
      tags: [tag],
      summary,
      ...options.schema,
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body && body !== 'multipart' ? { body } : {}),
      ...(body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      response: responses,
    },
    handler: handler as never,
  });
}
