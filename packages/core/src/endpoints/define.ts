import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: the server wires the matching auth hook, and the OpenAPI document its security, from this. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

/**
 * One HTTP endpoint, declared once: the server registers its route from it (validation, response
 * serialisation, OpenAPI) and the web client's `call` is typed by it. Statuses every route shares (401 from
 * the auth hook, 422 from validation, 429, 5xx) are added by the server's OpenAPI contract; `responses` holds
 * the success answer and the errors that are this endpoint's own.
 */
export interface Endpoint {
  method: HttpMethod;
  /** The full path, `:name` for path parameters. */
  path: string;
  access: Access;
  tag: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body; `multipart` for a form upload (FormData), read by the route itself. */
  body?: z.ZodType | 'multipart';
  responses: { readonly [status: number]: z.ZodType };
  /** For an endpoint that answers server-sent events: each event's `data:` JSON. */
  events?: z.ZodType;
}

/** An endpoint that streams server-sent events, each a T. */
export type StreamingEndpoint<T = unknown> = Endpoint & { events: z.ZodType<T> };

/** Declares an endpoint, keeping its literal method, path and schemas for the types that read it. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/**
 * A reference to a declared endpoint that loads none of its schemas, for code that must stay free of zod
 * (the app shell): the method and path are checked against the declaration at compile time, and calls
 * through it are typed by the endpoint as if it were passed itself.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Types only: never set. */
  readonly endpoint?: E;
}

export function endpointRef<E extends Endpoint>(method: E['method'], path: E['path']): EndpointRef<E> {
  return { method, path };
}

type Field<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;
type Success = 200 | 201 | 202 | 203 | 204 | 206;

/** What a successful call answers: the union of the endpoint's 2xx bodies (204: nothing). */
export type ResponseOf<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends Success ? (S extends 204 ? undefined : z.output<E['responses'][S]>) : never;
}[keyof E['responses']];

/** One input part: absent when undeclared, optional when every field in it is. */
type Part<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : S extends 'multipart'
    ? { [P in K]: FormData }
    : { [P in K]?: never };

/** What a caller passes: path parameters, query and body as the endpoint's schemas take them. */
export type CallInput<E extends Endpoint> = Part<'params', Field<E, 'params'>> & Part<'query', Field<E, 'query'>> & Part<'body', Field<E, 'body'>>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The URL of a call: path parameters filled in (encoded), query fields appended (undefined and null left out). */
export function urlOf(endpoint: Pick<Endpoint, 'path'>, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
