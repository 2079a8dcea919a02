import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/client';

/**
 * The text to show for a failed account call: the server's own message (it answers in the language on
 * screen), the network notice when it was not reached.
 */
export function accountErrorText(err: unknown, t: TFunction<'common'>): string {
  if (err instanceof ApiError) {
    if (err.type === 'NETWORK') return t('errors.network');
    if (err.type === 'RATE_LIMIT') return t('auth.rateLimited', { seconds: err.retryAfter ?? 60 });
    return err.message;
  }
  return t('auth.unexpected');
}
