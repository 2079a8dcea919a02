import type { StreamingEndpoint } from '@yumi/core';
import { ApiError } from './client';

/** The code of an event the endpoint does not declare (not JSON, or not one of its `events`). */
export const BAD_EVENT = 'BAD_EVENT';

/** One `data:` payload, checked against the endpoint's event schema: never passed on as if it were an event. */
function eventOf<T>(endpoint: StreamingEndpoint<T>, data: string): T {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined; // Not JSON: no event schema takes it.
  }
  const parsed = endpoint.events.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new ApiError(`The server sent an event that ${endpoint.method} ${endpoint.path} does not declare.`, 'SERVER', 502, false, BAD_EVENT, parsed.error.issues);
}

/**
 * Reads the `data:` events of a server-sent-events body, one JSON object each, as the endpoint declares them
 * (`events` in @yumi/core); an event that does not match is an ApiError with the code BAD_EVENT.
 */
export async function* sseEvents<T>(endpoint: StreamingEndpoint<T>, body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        for (const line of block.split('\n')) {
          if (line.startsWith('data:')) yield eventOf(endpoint, line.slice(5).trim());
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
}
