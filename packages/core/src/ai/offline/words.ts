// Its own module, free of zod and the help corpus: the app shell streams offline answers with it.

/** The pause between the offline assistant's words as they stream (server default, and the browser offline). */
export const OFFLINE_WORD_DELAY_MS = 12;

/**
 * Splits an answer into word-sized deltas (whitespace kept) for streaming; Japanese and Chinese have no
 * spaces, so their runs go out a few characters at a time.
 */
export function wordDeltas(text: string): string[] {
  return text.match(/[\u3040-\u30ff\u3400-\u9fff]{1,3}|[^\s\u3040-\u30ff\u3400-\u9fff]+\s*|\s+/gu) ?? [];
}
