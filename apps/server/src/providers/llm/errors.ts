import { APICallError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { HttpError } from '../../lib/http-error';

/** Thrown by our own watchdog when a provider stays silent longer than the timeout. */
export class ProviderTimeoutError extends Error {
  constructor() {
    super('provider timeout');
  }
}

/** What a failure was, for the log: never the provider's message (it can echo part of a key). */
export interface ProviderFailure {
  kind: 'rate-limited' | 'auth' | 'rejected' | 'unavailable' | 'bad-response' | 'timeout' | 'network';
  status?: number;
}

function retryAfterOf(err: APICallError): string | undefined {
  const value = err.responseHeaders?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? String(Math.ceil(seconds)) : undefined;
}

/**
 * Maps a provider failure to the API's error (first document §8 types and retry rules): a provider 429
 * stays a 429 with Retry-After (RATE_LIMIT, retried), outages and timeouts become 502/503/504 (SERVER,
 * retried), a refused request a 422 (VALIDATION, not retried). Texts are ours, never the provider's.
 */
export function mapProviderError(err: unknown, providerName: string): { error: HttpError; failure: ProviderFailure } {
  if (err instanceof HttpError) return { error: err, failure: { kind: 'rejected', status: err.statusCode } };
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (cause instanceof ProviderTimeoutError) {
    return {
      error: new HttpError(504, 'PROVIDER_TIMEOUT', `The ${providerName} model did not answer in time. Please try again.`),
      failure: { kind: 'timeout' },
    };
  }
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 429) {
      const retryAfter = retryAfterOf(cause) ?? '60';
      return {
        error: new HttpError(429, 'PROVIDER_RATE_LIMITED', `The ${providerName} model is busy. Please wait and try again.`, { retryAfter: Number(retryAfter) }, { 'retry-after': retryAfter }),
        failure: { kind: 'rate-limited', status },
      };
    }
    if (status === 401 || status === 403) {
      return {
        error: new HttpError(502, 'PROVIDER_AUTH_FAILED', `The ${providerName} provider refused this server's credentials. Please tell the operator.`),
        failure: { kind: 'auth', status },
      };
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return {
        error: new HttpError(422, 'PROVIDER_REJECTED', `The ${providerName} model refused this request. Try a shorter message or another model.`),
        failure: { kind: 'rejected', status },
      };
    }
    if (status !== undefined) {
      return {
        error: new HttpError(503, 'PROVIDER_UNAVAILABLE', `The ${providerName} model is unavailable right now. Please try again.`),
        failure: { kind: 'unavailable', status },
      };
    }
    return {
      error: new HttpError(502, 'PROVIDER_UNREACHABLE', `Cannot reach the ${providerName} model. Please try again.`),
      failure: { kind: 'network' },
    };
  }
  if (JSONParseError.isInstance(cause) || TypeValidationError.isInstance(cause)) {
    return {
      error: new HttpError(502, 'PROVIDER_BAD_RESPONSE', `The ${providerName} model sent a response we could not read. Please try again.`),
      failure: { kind: 'bad-response' },
    };
  }
  return {
    error: new HttpError(502, 'PROVIDER_ERROR', `The ${providerName} model failed to answer. Please try again.`),
    failure: { kind: 'network' },
  };
}
