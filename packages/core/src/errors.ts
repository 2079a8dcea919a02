// Zod-free on purpose: the web shell imports these rules, and zod stays out of its initial bundle.

/** Client-side error types of the spec's retry client (first document §8). */
export const ERROR_TYPES = ['NETWORK', 'RATE_LIMIT', 'AUTH', 'PERMISSION', 'SERVER', 'VALIDATION', 'UNKNOWN'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** Retry client constants (first document §9). */
export const RETRY = {
  maxRetries: 3,
  baseDelayMs: 500,
  defaultRetryAfterSeconds: 60,
  timeoutMs: 30_000,
} as const;

/** Maps an HTTP status to the spec's error type and whether it may be retried. */
export function classifyStatus(status: number): { type: ErrorType; isRetryable: boolean } {
  if (status === 429) return { type: 'RATE_LIMIT', isRetryable: true };
  if (status === 401) return { type: 'AUTH', isRetryable: false };
  if (status === 403) return { type: 'PERMISSION', isRetryable: false };
  if (status === 422 || status === 400) return { type: 'VALIDATION', isRetryable: false };
  if (status === 500 || status === 502 || status === 503 || status === 504) return { type: 'SERVER', isRetryable: true };
  return { type: 'UNKNOWN', isRetryable: false };
}

/** A thrown error whose message mentions network or fetch is a NETWORK error (spec §8). */
export function isNetworkMessage(message: string): boolean {
  return /network|fetch/i.test(message);
}

/** Delay before retry number `retry` (0-based): 500 ms doubling. */
export function retryDelayMs(retry: number): number {
  return RETRY.baseDelayMs * 2 ** retry;
}

/** Parses a Retry-After header (seconds or HTTP date) into seconds, defaulting to 60. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number {
  if (!value) return RETRY.defaultRetryAfterSeconds;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  return RETRY.defaultRetryAfterSeconds;
}
