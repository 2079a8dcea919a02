import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { GenerationError, generationErrorText, toGenerationError, withGenerationRetry } from './generation';

describe('generation retries and errors (spec §8)', () => {
  it('retries a service error twice, 2 s apart, then fails', async () => {
    const run = vi.fn().mockRejectedValue(new GenerationError('API_ERROR', null));
    const sleeps: number[] = [];
    const onRetry = vi.fn();
    await expect(withGenerationRetry(run, { onRetry, sleep: async (ms) => void sleeps.push(ms) })).rejects.toMatchObject({ type: 'API_ERROR' });
    expect(run).toHaveBeenCalledTimes(3);
    expect(onRetry.mock.calls).toEqual([[1], [2]]);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('succeeds on a retry and does not retry billing errors', async () => {
    const flaky = vi.fn().mockRejectedValueOnce(new GenerationError('API_ERROR', null)).mockResolvedValue(['ok']);
    expect(await withGenerationRetry(flaky, { onRetry: () => undefined, sleep: async () => undefined })).toEqual(['ok']);
    const billing = vi.fn().mockRejectedValue(new ApiError('Insufficient credits. Please check your balance.', 'UNKNOWN', 402, false, 'BILLING_ERROR'));
    await expect(withGenerationRetry(billing, { onRetry: () => undefined, sleep: async () => undefined })).rejects.toMatchObject({ type: 'BILLING_ERROR' });
    expect(billing).toHaveBeenCalledTimes(1);
  });

  it('maps errors to the spec texts', () => {
    expect(generationErrorText(new GenerationError('BILLING_ERROR', null))).toBe('Insufficient credits. Please check your balance.');
    expect(generationErrorText(new GenerationError('API_ERROR', null))).toBe('Service is currently unavailable. Please try again later.');
    expect(generationErrorText(new GenerationError('OTHER', null))).toBe('An unexpected error occurred. Please try again.');
    expect(generationErrorText(toGenerationError(new ApiError('x', 'UNKNOWN', 402, false, 'TRIALS_EXHAUSTED')))).toBe(
      "You've used all your free trials. Please purchase access to continue using image generation.",
    );
    expect(toGenerationError(new ApiError('Internal', 'SERVER', 500, true)).type).toBe('API_ERROR');
    expect(toGenerationError(new ApiError('Please enter a description for your character.', 'VALIDATION', 422, false, 'EMPTY_PROMPT')).type).toBe('VALIDATION');
  });
});
