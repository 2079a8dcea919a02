import {
  classifyStatus,
  isNetworkMessage,
  parseRetryAfter,
  RETRY,
  retryDelayMs,
  urlOf,
  type CallInput,
  type Endpoint,
  type EndpointRef,
  type ErrorType,
  type ResponseOf,
} from '@yumi/core';
import { reportNetworkFailure, reportReached } from '../network/connectivity';
import { getToken, setToken } from './token';

/** The spec's API error object: error, details, type, isRetryable, retryCount, retryAfter. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly type: ErrorType,
    readonly status: number,
    readonly isRetryable: boolean,
    readonly code?: string,
    readonly details?: unknown,
    public retryCount = 0,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get error(): string {
    return this.message;
  }
}

const LATER = new Set<ErrorType>(['NETWORK', 'AUTH', 'SERVER', 'RATE_LIMIT']);
/**
 * Whether a background sync should stop and try again next time (unreachable, signed out, busy) rather than
 * take the failure as the server's answer about this one item.
 */
export const retryLater = (err: unknown): boolean => !(err instanceof ApiError) || LATER.has(err.type);

/** Side effects of auth and permission failures, wired by the app shell (navigate, toast). */
export interface ApiEvents {
  onUnauthorized(): void;
  onForbidden(code?: string): void;
  onRateLimited(retryAfter: number): void;
}
let events: ApiEvents = { onUnauthorized: () => {}, onForbidden: () => {}, onRateLimited: () => {} };
export function setApiEvents(next: ApiEvents): void {
  events = next;
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retries for retryable errors (spec: 3). Non-idempotent calls pass 0. */
  retries?: number;
  timeoutMs?: number;
  /** Skip the 401 redirect (the sign-in form handles its own failures). */
  quiet?: boolean;
}

/** A pause that ends early, rejecting with an AbortError, when `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

async function once(path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), options.timeoutMs ?? RETRY.timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  // The language on screen (set on <html> by the language provider): the offline assistant answers in it.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': (typeof document !== 'undefined' && document.documentElement.lang) || 'en', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const res = await fetch(path, { method: options.method ?? 'GET', headers, body, credentials: 'include', signal: controller.signal });
    reportReached();
    return res;
  } catch (err) {
    if (!options.signal?.aborted) reportNetworkFailure();
    throw err;
  } finally {
    clearTimeout(timeout);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let payload: { error?: unknown; code?: unknown; details?: unknown } = {};
  try {
    payload = await res.json();
  } catch {
    // Not JSON: fall back to the status text.
  }
  const { type, isRetryable } = classifyStatus(res.status);
  const message = typeof payload.error === 'string' ? payload.error : res.statusText || `HTTP error! status: ${res.status}`;
  const retryAfter = res.status === 429 ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
  return new ApiError(message, type, res.status, isRetryable, typeof payload.code === 'string' ? payload.code : undefined, payload.details, 0, retryAfter);
}

function networkError(err: unknown): ApiError {
  const e = err as Error;
  if (e?.name === 'AbortError') return new ApiError('Request was cancelled', 'UNKNOWN', 0, false);
  if (e?.name === 'TimeoutError') return new ApiError('Request timed out. Check your network connection.', 'NETWORK', 0, true);
  const message = e?.message ?? 'Network error';
  return new ApiError(isNetworkMessage(message) ? message : `Network error: ${message}`, 'NETWORK', 0, true);
}

/** Answers the raw response of a successful call, after the spec's retry rules; throws ApiError otherwise. */
async function requestRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  const retries = options.retries ?? RETRY.maxRetries;
  for (let attempt = 0; ; attempt += 1) {
    let error: ApiError;
    try {
      const res = await once(path, options);
      if (res.ok) return res;
      error = await toApiError(res);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      error = networkError(err);
      if (options.signal?.aborted) throw error;
    }
    error.retryCount = attempt;
    if (error.status === 401 && !options.quiet) {
      setToken(null);
      events.onUnauthorized();
    }
    if (error.status === 403) events.onForbidden(error.code);
    if (error.status === 429) events.onRateLimited(error.retryAfter ?? RETRY.defaultRetryAfterSeconds);
    if (!error.isRetryable || attempt >= retries) throw error;
    const wait = error.type === 'RATE_LIMIT' ? (error.retryAfter ?? RETRY.defaultRetryAfterSeconds) * 1000 : retryDelayMs(attempt);
    await sleep(wait, options.signal);
  }
}

/** Calls that change something are not retried unless the caller says so (spec: retries for idempotent calls). */
const RETRIES_BY_DEFAULT = new Set(['GET', 'PUT', 'DELETE']);

/** How a call is sent (retries, timeout, signal...): the method and body come from the endpoint and its input. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>, options?: CallOptions] : [input: CallInput<E>, options?: CallOptions];

function prepare<E extends Endpoint>(endpoint: E | EndpointRef<E>, [input, options]: CallArgs<E>): [string, RequestOptions] {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const init: RequestOptions = { ...(RETRIES_BY_DEFAULT.has(endpoint.method) ? {} : { retries: 0 }), ...options, method: endpoint.method, body };
  return [urlOf(endpoint, params, query), init];
}

/**
 * Calls an endpoint declared in @yumi/core: the path, query and body are typed by its schemas and the
 * answer is the union of its success bodies, so a wrong field or status is a compile error. The app
 * shell passes an `endpointRef` instead, which types the call the same way without loading zod.
 */
export async function call<E extends Endpoint>(endpoint: E | EndpointRef<E>, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  return answerOf(endpoint, await requestRaw(...prepare(endpoint, args)));
}

/**
 * The answer of a successful response as the endpoint declares it: for `callRaw` callers whose endpoint
 * answers JSON in one case (a chat asked to stream that answered whole). The one place a body is typed.
 */
export async function answerOf<E extends Endpoint>(_endpoint: E | EndpointRef<E>, res: Response): Promise<ResponseOf<E>> {
  if (res.status === 204) return undefined as ResponseOf<E>;
  return (await res.json()) as ResponseOf<E>;
}

/** The raw response of an endpoint that answers a stream or a file (downloads, server-sent events). */
export function callRaw<E extends Endpoint>(endpoint: E | EndpointRef<E>, ...args: CallArgs<E>): Promise<Response> {
  return requestRaw(...prepare(endpoint, args));
}
