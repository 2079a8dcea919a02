import {
  GENERATION_ERROR_CODES,
  GENERATION_MESSAGES,
  GENERATION_RETRY,
  imagesApi,
  type GeneratedImage,
  type GenerationJob,
  type GenerationSettingsInput,
} from '@yumi/core';
import { ApiError, call, callRaw } from '../api/client';
import { BAD_EVENT, sseEvents } from '../api/sse';

/** The spec's generation error types (§8): billing, service (retried), trials, anything else. */
export type GenerationErrorType = 'BILLING_ERROR' | 'API_ERROR' | 'TRIALS_EXHAUSTED' | 'VALIDATION' | 'OTHER';

export class GenerationError extends Error {
  constructor(
    readonly type: GenerationErrorType,
    /** The server's user message, when it sent one. */
    readonly userMessage: string | null,
    readonly code?: string,
  ) {
    super(userMessage ?? type);
    this.name = 'GenerationError';
  }
}

/** The text the spec shows for each error type, preferring the server's user message. */
export function generationErrorText(err: GenerationError): string {
  switch (err.type) {
    case 'BILLING_ERROR':
      return err.userMessage ?? GENERATION_MESSAGES.billingError;
    case 'TRIALS_EXHAUSTED':
      return GENERATION_MESSAGES.trialsExhausted;
    case 'API_ERROR':
      return err.userMessage ?? GENERATION_MESSAGES.unavailable;
    default:
      return err.userMessage ?? GENERATION_MESSAGES.unexpected;
  }
}

export function toGenerationError(err: unknown): GenerationError {
  if (err instanceof GenerationError) return err;
  if (err instanceof ApiError) {
    // Not retried: the job is already queued and paid for, and asking again would pay for another.
    if (err.code === BAD_EVENT) return new GenerationError('OTHER', null, err.code);
    if (err.code === GENERATION_ERROR_CODES.trialsExhausted) return new GenerationError('TRIALS_EXHAUSTED', err.message, err.code);
    if (err.code === GENERATION_ERROR_CODES.billing || err.code === 'INSUFFICIENT_CREDITS' || err.code === 'PREMIUM_REQUIRED') {
      return new GenerationError('BILLING_ERROR', err.message, err.code);
    }
    if (err.type === 'VALIDATION' || err.status === 413 || err.status === 415) return new GenerationError('VALIDATION', err.message, err.code);
    if (err.type === 'SERVER' || err.type === 'NETWORK') return new GenerationError('API_ERROR', null, err.code);
    return new GenerationError('OTHER', err.message, err.code);
  }
  return new GenerationError('OTHER', null);
}

export interface GenerationProgress {
  status: GenerationJob['status'];
  progress: number;
  position: number;
}


/** Follows a job to its end: SSE first, polling if the stream breaks. */
async function followJob(jobId: string, onProgress: (p: GenerationProgress) => void, signal?: AbortSignal): Promise<GenerationJob> {
  try {
    const res = await callRaw(imagesApi.jobEvents, { params: { id: jobId } }, { headers: { Accept: 'text/event-stream' }, retries: 0, signal, timeoutMs: 15 * 60_000 });
    if (res.body) {
      for await (const event of sseEvents(imagesApi.jobEvents, res.body)) {
        if (event.type === 'error') break;
        onProgress({ status: event.job.status, progress: event.job.progress, position: event.job.position });
        if (event.type === 'done') return event.job;
      }
    }
  } catch (err) {
    // An event the endpoint does not declare is a fault, not a network hiccup: it fails the generation.
    if (signal?.aborted || (err instanceof ApiError && err.code === BAD_EVENT)) throw err;
    // Fall through to polling (proxies that buffer event streams, a dropped connection).
  }
  for (;;) {
    const job = await call(imagesApi.job, { params: { id: jobId } }, { signal });
    onProgress({ status: job.status, progress: job.progress, position: job.position });
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** One generation: create the job, follow it, answer its images (a list of items with url). */
export async function generateOnce(
  prompt: string,
  settings: GenerationSettingsInput,
  onProgress: (p: GenerationProgress) => void,
  signal?: AbortSignal,
): Promise<GeneratedImage[]> {
  let accepted: { jobId: string; position: number };
  try {
    accepted = await call(imagesApi.generate, { body: { prompt, settings } }, { signal });
  } catch (err) {
    throw toGenerationError(err);
  }
  onProgress({ status: 'queued', progress: 0, position: accepted.position });
  const job = await followJob(accepted.jobId, onProgress, signal).catch((err: unknown) => {
    throw toGenerationError(err);
  });
  if (job.status === 'failed') {
    throw new GenerationError(job.code === GENERATION_ERROR_CODES.api ? 'API_ERROR' : 'OTHER', job.error, job.code ?? undefined);
  }
  return job.results;
}

export interface RetryHooks {
  /** Called before each automatic retry (spec: show 'Temporarily unable to generate image. Retrying...'). */
  onRetry(attempt: number): void;
  sleep?(ms: number): Promise<void>;
}

/** Spec §4/§8: a service error (API_ERROR) is retried automatically twice, 2 seconds apart; anything else fails at once. */
export async function withGenerationRetry<T>(run: () => Promise<T>, hooks: RetryHooks): Promise<T> {
  const sleep = hooks.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const e = toGenerationError(err);
      if (e.type !== 'API_ERROR' || attempt >= GENERATION_RETRY.maxRetries) throw e;
      hooks.onRetry(attempt + 1);
      await sleep(GENERATION_RETRY.delayMs);
    }
  }
}
