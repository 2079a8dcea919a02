import type { Language } from '@yumi/core';
import { localize, type LocalizedText } from './language';

/**
 * An error that becomes the API's JSON error shape with its status. The message is English text, or a
 * text in all four languages (answered in the caller's `Accept-Language`, with `params` filled in).
 */
export class HttpError extends Error {
  readonly localized?: LocalizedText;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string | LocalizedText,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    readonly params: Record<string, string | number> = {},
  ) {
    super(typeof message === 'string' ? message : localize(message, 'en', params));
    if (typeof message !== 'string') this.localized = message;
  }

  messageIn(language: Language): string {
    return this.localized ? localize(this.localized, language, this.params) : this.message;
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const unauthorized = (message: string | LocalizedText = 'Sign in required') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string | LocalizedText = 'Not allowed') => new HttpError(403, 'FORBIDDEN', message);
